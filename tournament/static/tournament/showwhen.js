// Fields that apply only to some choices: <div data-show-when="code=1913"> is shown
// while the form's field "code" holds "1913". Without script every field shows and
// the server still refuses what does not apply, with a message.
(function () {
  "use strict";
  document.querySelectorAll("form").forEach(function (form) {
    var parts = form.querySelectorAll("[data-show-when]");
    if (!parts.length) return;
    function update() {
      parts.forEach(function (el) {
        var rule = el.getAttribute("data-show-when").split("=");
        var field = form.elements[rule[0]];
        var show = !field || field.value === rule[1];
        el.hidden = !show;
        el.querySelectorAll("input, select, textarea").forEach(function (input) {
          if (!show && input.type === "checkbox") input.checked = false;
        });
      });
    }
    form.addEventListener("change", update);
    update();
  });
})();
