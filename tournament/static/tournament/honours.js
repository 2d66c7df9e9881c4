// The tablet's honours question: show the answers that fit the chosen strain
// (trump honours, or the aces at no trump).  Without this script both groups
// show and the server still checks the answer fits the contract.
(function () {
  "use strict";
  var form = document.querySelector("form.tablet");
  if (!form) return;
  var groups = form.querySelectorAll(".honour-group");
  if (!groups.length) return;
  function update() {
    var strain = form.querySelector('input[name="strain"]:checked');
    var want = strain ? (strain.value === "NT" ? "aces" : "trumps") : null;
    groups.forEach(function (g) {
      g.hidden = want !== null && g.dataset.for !== want;
    });
  }
  form.addEventListener("change", function (e) {
    if (e.target.name === "strain") update();
  });
  update();
})();
