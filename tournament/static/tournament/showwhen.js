// Fields that apply only to some choices: <div data-show-when="code=1913"> is shown
// while the form's field "code" holds "1913"; several conditions, space-separated
// ("form=pairs movement=mitchell"), must all hold; "form!=teams" holds for any other
// choice. Without script every field shows and the server ignores or refuses what
// does not apply.
(function () {
  "use strict";
  document.querySelectorAll("form").forEach(function (form) {
    var parts = form.querySelectorAll("[data-show-when]");
    if (!parts.length) return;
    // "form!=teams" holds while "form" holds anything else.
    function holds(condition) {
      var not = condition.indexOf("!=") > 0;
      var rule = condition.split(not ? "!=" : "=");
      var field = form.elements[rule[0]];
      return !field || (field.value === rule[1]) !== not;
    }
    // A fieldset whose every field is hidden is hidden too: its legend alone says nothing.
    var sets = Array.prototype.filter.call(form.querySelectorAll("fieldset"), function (set) {
      return set.querySelector("[data-show-when]");
    });
    function update() {
      parts.forEach(function (el) {
        var show = el.getAttribute("data-show-when").trim().split(/\s+/).every(holds);
        el.hidden = !show;
        el.querySelectorAll("input, select, textarea").forEach(function (input) {
          if (!show && input.type === "checkbox") input.checked = false;
        });
      });
      sets.forEach(function (set) {
        var fields = set.querySelectorAll(".field");
        set.hidden = fields.length > 0 && Array.prototype.every.call(fields, function (f) {
          return f.hidden;
        });
      });
    }
    form.addEventListener("change", update);
    update();
  });
})();
