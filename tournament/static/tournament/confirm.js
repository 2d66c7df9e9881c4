// A form with data-confirm="question" asks before it is sent: closing a round,
// marking a pair absent.  Delegated, so it also covers the refreshed panel.
(function () {
  "use strict";
  document.addEventListener("submit", function (e) {
    var q = e.target.getAttribute && e.target.getAttribute("data-confirm");
    if (q && !window.confirm(q)) e.preventDefault();
  });
})();
