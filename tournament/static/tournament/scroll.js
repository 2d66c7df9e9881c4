// A table wider than the screen scrolls inside its own box (site.css); a keyboard
// user must be able to reach that box to scroll it (WCAG 2.1.1), so a box that
// actually overflows becomes focusable and is named after its table's heading.
(function () {
  "use strict";
  function mark() {
    document.querySelectorAll("main .scroll, main table").forEach(function (box) {
      var overflows = box.scrollWidth > box.clientWidth + 1;
      if (overflows && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        var heading = box.previousElementSibling;
        var name = heading && /^H[1-6]$/.test(heading.tagName) ? heading.textContent : "Table";
        box.setAttribute("aria-label", name + " (scrolls sideways)");
      } else if (!overflows && box.getAttribute("role") === "region") {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }
  mark();
  window.addEventListener("resize", mark);
  document.addEventListener("tablet:page-replaced", mark);
  document.addEventListener("poll:replaced", mark);
})();
