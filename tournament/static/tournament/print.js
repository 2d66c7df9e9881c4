// A button marked data-print prints the page (table cards, guide cards, hand records).
// Delegated from the document: the pages hold no script of their own, so the
// Content-Security-Policy can refuse every inline one.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-print]");
    if (button) window.print();
  });
})();
