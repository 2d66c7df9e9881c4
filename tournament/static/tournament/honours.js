// The tablet's honours question: show the answers that fit the chosen strain
// (trump honours, or the aces at no trump).  Without this script both groups
// show and the server still checks the answer fits the contract.  Delegated
// to the document, and run again when resend.js replaces the page.
(function () {
  "use strict";
  function update() {
    var form = document.querySelector("form.tablet");
    if (!form) return;
    // The strain of the contract tapped ("4H", "3NT", a royal "4SR"; "PASS" has none).
    var bid = form.querySelector('input[name="bid"]:checked');
    var strain = null;
    if (bid && bid.value !== "PASS") {
      strain = bid.value.slice(1);
      if (bid.closest("label").classList.contains("royal")) strain = strain.slice(0, -1);
    }
    var want = strain ? (strain === "NT" ? "aces" : "trumps") : null;
    // Until the strain is chosen neither group shows (a short note says why):
    // nineteen answers at once were a phone's whole screen.
    form.querySelectorAll(".honour-group").forEach(function (g) {
      var checked = g.querySelector("input:checked");
      g.hidden = want === null ? !checked : g.dataset.for !== want;
    });
    var wait = form.querySelector(".honour-wait");
    if (wait) wait.hidden = want !== null || !!form.querySelector(".honour-group input:checked");
  }
  document.addEventListener("change", function (e) {
    if (e.target.name === "bid") update();
  });
  document.addEventListener("tablet:page-replaced", update);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
})();
