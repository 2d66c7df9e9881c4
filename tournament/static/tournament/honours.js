// The tablet's honours question: show the answers that fit the chosen strain
// (trump honours, or the aces at no trump).  Without this script both groups
// show and the server still checks the answer fits the contract.  Delegated
// to the document, and run again when resend.js replaces the page.
(function () {
  "use strict";
  function update() {
    var form = document.querySelector("form.tablet");
    if (!form) return;
    var strain = form.querySelector('input[name="strain"]:checked');
    var want = strain ? (strain.value === "NT" ? "aces" : "trumps") : null;
    form.querySelectorAll(".honour-group").forEach(function (g) {
      g.hidden = want !== null && g.dataset.for !== want;
    });
  }
  document.addEventListener("change", function (e) {
    if (e.target.name === "strain") update();
  });
  document.addEventListener("tablet:page-replaced", update);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
})();
