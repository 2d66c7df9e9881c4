// Live pages: an element with data-poll="URL" is refreshed from URL every
// data-interval seconds (default 10), and kept as it is when the network fails.
(function () {
  function poll(el) {
    var every = (parseInt(el.dataset.interval, 10) || 10) * 1000;
    setInterval(function () {
      if (document.hidden) return;
      fetch(el.dataset.poll, { credentials: "same-origin", headers: { "X-Fragment": "1" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) { if (html !== null) el.innerHTML = html; })
        .catch(function () {});
    }, every);
  }
  document.querySelectorAll("[data-poll]").forEach(poll);
})();
