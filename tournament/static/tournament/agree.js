// The board page: as soon as the answers make a whole result, the server scores them
// (stored nowhere: the form's data-preview address) and the page shows the score with
// "Opponents: we agree this score", which sends the entry and the opponents' agreement
// together, one tap for both.  Any later tap hides the button until the new score is
// shown, so what is agreed is always what was shown.  Without this script, or while
// the answers are not whole, "Score it" sends the entry alone and the opponents agree
// on the next page.
(function () {
  "use strict";
  var waiting = null;
  var asked = 0;

  function form() { return document.querySelector("form.tablet[data-preview]"); }

  function refresh() {
    var f = form();
    if (!f || !window.fetch || !window.FormData) return;
    var box = f.querySelector("[data-preview-box]");
    var agree = f.querySelector("[data-agree]");
    var mine = ++asked;
    fetch(f.dataset.preview, { method: "POST", body: new FormData(f), credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) {
        if (mine !== asked) return;  // a later tap asked again: its answer counts
        box.innerHTML = html;
        var ready = !!box.querySelector("[data-score]");
        agree.hidden = !ready;
        f.classList.toggle("scored", ready);
      })
      .catch(function () {
        if (mine !== asked) return;
        box.innerHTML = "";
        agree.hidden = true;
        f.classList.remove("scored");
      });
  }

  function changed(e) {
    var f = form();
    if (!f || !f.contains(e.target)) return;
    var agree = f.querySelector("[data-agree]");
    if (agree) agree.hidden = true;
    f.classList.remove("scored");
    clearTimeout(waiting);
    waiting = setTimeout(refresh, 100);
  }

  document.addEventListener("change", changed);
  document.addEventListener("tablet:page-replaced", refresh);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();
})();
