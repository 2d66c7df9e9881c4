// Live pages: an element with data-poll="URL" is refreshed from URL every
// data-interval seconds (default 10), and kept as it is when the network fails,
// while the director is typing or choosing inside it, or when the answer is not
// the fragment (a session that ended answers with the login page: say so instead).
(function () {
  function busy(el) {
    var active = document.activeElement;
    if (!active || !el.contains(active)) return false;
    return /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
  }
  function poll(el) {
    var every = (parseInt(el.dataset.interval, 10) || 10) * 1000;
    setInterval(function () {
      if (document.hidden || busy(el)) return;
      fetch(el.dataset.poll, { credentials: "same-origin", headers: { "X-Fragment": "1" } })
        .then(function (r) {
          if (r.redirected) {
            var note = document.getElementById("poll-note");
            if (!note) {
              note = document.createElement("p");
              note.id = "poll-note";
              note.className = "error";
              note.setAttribute("role", "status");
              el.parentNode.insertBefore(note, el);
            }
            note.textContent = "Your session has ended: log in again to see live progress.";
            return null;
          }
          return r.ok ? r.text() : null;
        })
        .then(function (html) {
          if (html === null || busy(el)) return;
          // A list the director opened (or closed) stays so across refreshes.
          var opened = {};
          el.querySelectorAll("details[class]").forEach(function (d) { opened[d.className] = d.open; });
          el.innerHTML = html;
          el.querySelectorAll("details[class]").forEach(function (d) {
            if (d.className in opened) d.open = opened[d.className];
          });
          document.dispatchEvent(new CustomEvent("poll:replaced"));
        })
        .catch(function () {});
    }, every);
  }
  document.querySelectorAll("[data-poll]").forEach(poll);
})();
