// A tablet on flaky Wi-Fi: a form marked data-resend is sent with fetch and,
// when the server does not answer (a dropped connection, a restarting worker:
// a network error or a 500/502/503/504), sent again with the same fields,
// and so the same idempotency key, a few times over about 30 seconds. The
// server keeps one result per key, so nothing is entered twice; the scorer is
// told what is happening in the form's status line (an aria-live region).
//
// On success the page follows the redirect (to the result); any other answer
// (the form with its errors, the PIN page) replaces the page. Without this
// script the form posts as usual.
//
// data-resend-delays="1000,2000,..." on the form: milliseconds to wait before
// each retry (the number of retries is their count).
(function () {
  "use strict";

  var DELAYS = [1000, 2000, 4000, 8000, 15000];
  var TIMEOUT = 15000; // a try with no answer by then counts as not answered
  var RETRY_STATUS = { 500: true, 502: true, 503: true, 504: true };
  var NOTE = "resend-note"; // sessionStorage: what to tell the scorer on the next page
  var WAITING = "Not sent yet: the server did not answer; trying again…";
  var FAILED =
    "Not sent: check the Wi-Fi and press Score it again (nothing will be entered twice)";
  var SENT_AFTER_RETRY =
    "Sent: the server did not answer at first, so the tablet tried again. " +
    "The result is entered once.";

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
            if (answer.response.redirected) { // stays busy while the result page loads
              if (tries > 0) {
                try { sessionStorage.setItem(NOTE, SENT_AFTER_RETRY); } catch (e) { /* private mode */ }
              }
              location.assign(answer.response.url);
            } else {
              replacePage(answer.html);
            }
          },
          function () {
            clearTimeout(timer);
            if (tries < waits.length) {
              say(status, WAITING);
              setTimeout(function () { send(body, tries + 1); }, waits[tries]);
            } else {
              say(status, FAILED, true);
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
    var note = null;
    try {
      note = sessionStorage.getItem(NOTE);
      sessionStorage.removeItem(NOTE);
    } catch (e) { /* private mode: no note */ }
    var shown = document.querySelector("[data-resend-note]");
    // A moment after load, so screen readers have seen the (empty) live region.
    if (note && shown) setTimeout(function () { shown.textContent = note; }, 100);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
