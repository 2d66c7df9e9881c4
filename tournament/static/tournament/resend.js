// A tablet on flaky Wi-Fi: a form marked data-resend is sent with fetch and,
// when the server does not answer (a dropped connection, a restarting worker:
// a network error or a 500/502/503/504), sent again with the same fields,
// and so the same idempotency key, a few times over about 30 seconds. The
// server keeps one result per key, so nothing is entered twice; the scorer is
// told what is happening in the form's status line (an aria-live region).
//
// Whatever the server answers (the result it redirected to, the form with its
// errors, the PIN page, the round page saying why nothing was saved) is shown
// as the fetch received it, at the address it came from: it is not loaded a
// second time, because a page the server redirected to may carry a message it
// shows once (Django's messages), and the fetch has already had that message.
// Without this script the form posts as usual.
//
// data-resend-delays="1000,2000,..." on the form: milliseconds to wait before
// each retry (the number of retries is their count).
//
// Lost Wi-Fi: when the tablet is offline, or no try got an answer, the entry is
// kept in the tablet's own storage (localStorage, one outbox per table link)
// with its idempotency key, shown as "saved on this tablet, not yet sent", and
// sent by itself as soon as the network answers (the "online" event, a page
// load, every 10 seconds). The server keeps one result per key, so an entry
// that had in fact arrived is not stored twice. Only what the server stored
// counts as entered: the round page lists what is still waiting, and an entry
// the server refused (the round closed meanwhile, say) is shown with its reason.
(function () {
  "use strict";

  var DELAYS = [1000, 2000, 4000, 8000, 15000];
  var TIMEOUT = 15000; // a try with no answer by then counts as not answered
  var RETRY_STATUS = { 500: true, 502: true, 503: true, 504: true };
  var NOTE = "resend-note"; // sessionStorage: what to tell the scorer on the next page
  var WAITING = "Not sent yet: the server did not answer; trying again…";
  var SENT_AFTER_RETRY =
    "Sent: the server did not answer at first, so the tablet tried again. " +
    "The result is entered once.";
  var SAVED =
    "Saved on this tablet, not yet sent: the network is not answering. It is sent by " +
    "itself when the network returns (nothing is entered twice); keep this page open.";
  var REFUSED_HERE =
    "Not entered: the server refused the entry kept on this tablet; the reason is at the " +
    "top of the page.";
  var SENT_FROM_TABLET =
    "Sent: the entry kept on this tablet while the network was down has been entered, once.";

  // The outbox: entries kept on this tablet until the server has stored them.
  function outboxName() {
    var m = location.pathname.match(/^\/t\/[^/]+\//);
    return "da-outbox:" + (m ? m[0] : "/");
  }
  function loadOutbox() {
    try { return JSON.parse(localStorage.getItem(outboxName()) || "[]"); } catch (e) { return []; }
  }
  function saveOutbox(items) {
    try { localStorage.setItem(outboxName(), JSON.stringify(items)); } catch (e) { /* full or private */ }
  }
  function describe(form) {
    var head = document.querySelector("main h1");
    var chosen = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      var label = input.closest("label");
      var text = label ? (input.getAttribute("aria-label") || label.textContent).trim() : "";
      // An empty value is "no tap here" (Undoubled, No choice): not worth listing.
      if (text && input.value !== "") chosen.push(text);
    });
    return (head ? head.textContent.trim() : "An entry") + (chosen.length ? ": " + chosen.join(" · ") : "");
  }
  function keep(url, body, label) {
    var key = body.get("key") || String(Date.now());
    var items = loadOutbox().filter(function (i) { return i.key !== key; });
    items.push({ url: url, body: body.toString(), key: key, label: label, at: Date.now() });
    saveOutbox(items);
    showOutbox();
  }
  function drop(key) {
    saveOutbox(loadOutbox().filter(function (i) { return i.key !== key; }));
  }
  function showOutbox() {
    var box = document.querySelector("[data-outbox]");
    if (!box) return;
    var items = loadOutbox();
    box.hidden = !items.length;
    box.textContent = "";
    if (!items.length) return;
    var head = document.createElement("p");
    head.className = "outbox-head";
    head.textContent = items.length === 1 ? "Waiting on this tablet:" : items.length + " entries waiting on this tablet:";
    box.appendChild(head);
    var list = document.createElement("ul");
    items.forEach(function (item) {
      var li = document.createElement("li");
      var what = document.createElement("strong");
      what.textContent = item.label;
      li.appendChild(what);
      var state = document.createElement("span");
      if (item.refused) {
        state.textContent = " — not entered: " + item.refused + " ";
        li.className = "refused";
        li.appendChild(state);
        // Two actions a finger can hit (44 px high), side by side under the reason.
        var actions = document.createElement("div");
        actions.className = "actions";
        var open = document.createElement("a");
        open.href = item.url;
        open.className = "button";
        open.textContent = "Enter it again";
        actions.appendChild(open);
        var discard = document.createElement("button");
        discard.type = "button";
        discard.className = "secondary";
        discard.textContent = "Discard";
        discard.addEventListener("click", function () { drop(item.key); showOutbox(); });
        actions.appendChild(discard);
        li.appendChild(actions);
      } else {
        state.textContent = " — saved on this tablet, not yet sent";
        li.appendChild(state);
      }
      list.appendChild(li);
      // The board's tile on the round page says so too (it stays "enter the result").
      document.querySelectorAll("a.tile").forEach(function (tile) {
        if (tile.href !== new URL(item.url, location.href).href || tile.querySelector(".kept")) return;
        var kept = document.createElement("span");
        kept.className = "state kept";
        kept.textContent = item.refused ? "not entered: see above" : "saved on this tablet, not yet sent";
        tile.appendChild(kept);
      });
    });
    box.appendChild(list);
  }
  function refusal(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var error = doc.querySelector(".error, .errorlist, .messages .error");
    return error ? error.textContent.trim().slice(0, 200) : "the server did not accept it";
  }
  // Whether a page the server redirected to says the entry was refused: a stored
  // entry lands on its result, a refused one (the round closed meanwhile, a score
  // the director set) on a page whose message, an error, says why.  The address
  // alone cannot tell: a refusal may land on a result page too.
  function refusedOn(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    return !!doc.querySelector(".messages .error");
  }

  var flushing = false;
  function flush() {
    if (flushing || navigator.onLine === false) return;
    var waiting = loadOutbox().filter(function (i) { return !i.refused; });
    if (!waiting.length) return;
    var item = waiting[0];
    var body = new URLSearchParams(item.body);
    flushing = true;
    fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": body.get("csrfmiddlewaretoken") || "" },
    })
      .then(function (r) {
        if (RETRY_STATUS[r.status]) throw new Error("server error " + r.status);
        return r.text().then(function (html) { return { response: r, html: html }; });
      })
      .then(
        function (answer) {
          flushing = false;
          if (answer.response.redirected && !refusedOn(answer.html)) {
            drop(item.key);
            try { sessionStorage.setItem(NOTE, SENT_FROM_TABLET); } catch (e) { /* private mode */ }
            var form = document.querySelector("form[data-resend]");
            var here = form && (form.getAttribute("action") || location.href) === item.url;
            if (here) { showAnswer(answer); return; }
            if (!loadOutbox().some(function (i) { return !i.refused; })) { location.reload(); return; }
            showOutbox();
            flush();
          } else {
            var items = loadOutbox();
            items.forEach(function (i) { if (i.key === item.key) i.refused = refusal(answer.html); });
            saveOutbox(items);
            showOutbox();
            // This page's own entry: its status line no longer says "saved, not yet sent".
            var own = document.querySelector("form[data-resend]");
            if (own && (own.getAttribute("action") || location.href) === item.url) {
              say(own.querySelector("[data-resend-status]"), REFUSED_HERE, true);
            }
            flush();
          }
        },
        function () { flushing = false; showOutbox(); }
      );
  }

  function delays(form) {
    var text = form.getAttribute("data-resend-delays");
    if (!text) return DELAYS;
    return text.split(",").map(function (s) {
      return parseInt(s, 10) || 0;
    });
  }

  function say(status, text, alarm) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("alarm", !!alarm);
  }

  function focusFirstError() {
    var target =
      document.querySelector(".error, .errorlist") || document.querySelector("main h1");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }

  // The server's answer, shown as received.  A redirected one moves the address to the
  // page's own (replaceState: forms without an action, a reload, the outbox's table
  // link all go by it) and starts at the top, as a navigation would.  Not
  // location.assign: that loads the page again, and a message the server shows once
  // (the round closed: nothing was saved) would be gone, the refusal silent.
  function showAnswer(answer) {
    if (answer.response.redirected) {
      try {
        history.replaceState(null, "", answer.response.url);
      } catch (e) {
        location.assign(answer.response.url); // not this origin: cannot be shown here
        return;
      }
      window.scrollTo(0, 0);
    }
    replacePage(answer.html);
  }

  // The server answered with a page (the form and its errors, the PIN page): show it.
  function replacePage(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    document.title = doc.title;
    document.body.replaceWith(document.adoptNode(doc.body));
    document.dispatchEvent(new Event("tablet:page-replaced")); // other scripts re-attach
    start();
    focusFirstError();
  }

  function attach(form) {
    if (form.dataset.resendReady) return;
    form.dataset.resendReady = "1";
    var status = form.querySelector("[data-resend-status]");
    var buttons = form.querySelectorAll("button:not([type=button])");
    var sending = false;

    function busy(on) {
      sending = on;
      form.setAttribute("aria-busy", on ? "true" : "false");
      // aria-disabled, not disabled: the button keeps the keyboard's focus.
      buttons.forEach(function (b) {
        if (on) b.setAttribute("aria-disabled", "true");
        else b.removeAttribute("aria-disabled");
      });
    }

    function send(body, tries) {
      var waits = delays(form);
      var abort = typeof AbortController === "function" ? new AbortController() : null;
      var timer = abort ? setTimeout(function () { abort.abort(); }, TIMEOUT) : null;
      var token = form.querySelector("[name=csrfmiddlewaretoken]");
      // getAttribute: form.action would be a field of the form named "action".
      fetch(form.getAttribute("action") || location.href, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": token ? token.value : "" },
        signal: abort ? abort.signal : undefined,
      })
        .then(function (r) {
          if (RETRY_STATUS[r.status]) throw new Error("server error " + r.status);
          return r.text().then(function (html) { return { response: r, html: html }; });
        })
        .then(
          function (answer) {
            clearTimeout(timer);
            if (answer.response.redirected) {
              // Stored, or refused with the reason on the page shown now: either way
              // no longer waiting on the tablet.
              drop(body.get("key"));
              if (tries > 0 && !refusedOn(answer.html)) {
                try { sessionStorage.setItem(NOTE, SENT_AFTER_RETRY); } catch (e) { /* private mode */ }
              }
            }
            showAnswer(answer);
          },
          function () {
            clearTimeout(timer);
            if (tries < waits.length && navigator.onLine !== false) {
              say(status, WAITING);
              setTimeout(function () { send(body, tries + 1); }, waits[tries]);
            } else {
              // No network, or no answer after every retry: keep it on the tablet.
              keep(form.getAttribute("action") || location.href, body, describe(form));
              say(status, SAVED, true);
              busy(false);
            }
          }
        );
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (sending) return; // a second tap while the first is on its way
      busy(true);
      say(status, "");
      var data = new FormData(form);
      if (event.submitter && event.submitter.name) {
        data.append(event.submitter.name, event.submitter.value);
      }
      send(new URLSearchParams(data), 0);
    });
  }

  function start() {
    if (!window.fetch || !window.FormData || !window.URLSearchParams) return;
    document.querySelectorAll("form[data-resend]").forEach(attach);
    showOutbox();
    flush();
    var note = null;
    try {
      note = sessionStorage.getItem(NOTE);
      sessionStorage.removeItem(NOTE);
    } catch (e) { /* private mode: no note */ }
    var shown = document.querySelector("[data-resend-note]");
    // A moment after load, so screen readers have seen the (empty) live region.
    if (note && shown) setTimeout(function () { shown.textContent = note; }, 100);
    // A state the page arrives in (the opponents' agreement), said again a moment after
    // load the same way, so a screen reader speaks it; without script it is on the page.
    document.querySelectorAll("[data-announce]").forEach(function (region) {
      var text = region.textContent;
      region.textContent = "";
      setTimeout(function () { region.textContent = text; }, 100);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.addEventListener("online", flush);
  setInterval(flush, 10000);
})();
