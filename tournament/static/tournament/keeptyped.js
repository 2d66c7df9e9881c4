// The new-event page asks the movement chooser by forms of its own (their answers are
// links a director can keep). Asking one sends what the director has already typed in
// the event's form along with the question, each field as "keep-<name>", so the page
// that answers shows it again: nothing typed is lost. Without script the answer shows
// the event's form as new.
(function () {
  "use strict";
  var SKIP = /^(csrfmiddlewaretoken|movement_name|choose-.*|ind-.*)$/;
  document.querySelectorAll("form[data-keep-from]").forEach(function (ask) {
    var from = document.getElementById(ask.getAttribute("data-keep-from"));
    if (!from) return;
    ask.addEventListener("submit", function () {
      ask.querySelectorAll("input[data-kept]").forEach(function (old) {
        old.remove();
      });
      new FormData(from).forEach(function (value, name) {
        if (SKIP.test(name) || typeof value !== "string") return;
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "keep-" + name;
        input.value = value;
        input.setAttribute("data-kept", "");
        ask.appendChild(input);
      });
    });
  });
})();
