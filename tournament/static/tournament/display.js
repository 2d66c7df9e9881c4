// The room display's clock: between the page's refreshes (poll.js, every 5 s) it
// counts down by itself from the seconds the server last reported, so every
// screen in the room agrees to within a refresh.  At two minutes it turns amber
// with a note; at zero it says to finish the board and move.
(function () {
  "use strict";
  var deadline = null;
  var state = null;
  function read() {
    var el = document.querySelector("[data-timer]");
    if (!el) { deadline = null; return; }
    state = el.dataset.state;
    var left = parseInt(el.dataset.secondsLeft, 10) || 0;
    deadline = state === "running" ? Date.now() + left * 1000 : null;
  }
  function tick() {
    var el = document.querySelector("[data-timer]");
    if (!el || deadline === null) return;
    var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    var face = el.querySelector(".clock-face");
    var note = el.querySelector(".clock-note");
    face.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    el.classList.toggle("clock-warning", left > 0 && left <= 120);
    el.classList.toggle("clock-over", left === 0);
    if (left === 0) note.textContent = "Time: finish the board in play, agree the round and move.";
    else if (left <= 120) note.textContent = "Two minutes left: finish the board in play.";
  }
  read();
  document.addEventListener("poll:replaced", function () { read(); tick(); });
  setInterval(tick, 250);
})();
