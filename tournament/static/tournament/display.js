// The round's clock, on the room display and a table's phone: between the page's
// refreshes (poll.js, every 5 s, on the display) it counts down by itself from the
// seconds the server last reported, so every screen in the room agrees to within a
// refresh.  In a round, at two minutes it turns amber with a note; at zero it says to
// finish the board and move.  In a change of tables it counts down to the next round.
//
// On the room display it also pages the moves when they cannot all fit the screen at
// their legible size (display.css): as many tables a page as fit, a page every
// PAGE_SECONDS, so every table's move is seen within one turn of the pages (an
// individual's lines are its players, and the pages say which players).
(function () {
  "use strict";
  var PAGE_SECONDS = 8;
  var deadline = null;
  var state = null;
  var page = 0;
  var pages = 1;

  function read() {
    var el = document.querySelector("[data-timer]");
    if (!el) { deadline = null; return; }
    state = el.dataset.state;
    var left = parseInt(el.dataset.secondsLeft, 10) || 0;
    deadline = state === "running" || state === "change" ? Date.now() + left * 1000 : null;
  }

  function tick() {
    var el = document.querySelector("[data-timer]");
    if (!el || deadline === null) return;
    var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    var face = el.querySelector(".clock-face");
    var note = el.querySelector(".clock-note");
    face.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    if (state === "change") {
      if (left === 0 && note) note.textContent = "Round " + el.dataset.round + " starts now.";
      return;
    }
    el.classList.toggle("clock-warning", left > 0 && left <= 120);
    el.classList.toggle("clock-over", left === 0);
    if (!note) return;
    if (left === 0) note.textContent = "Time: finish the board in play, agree the round and move.";
    else if (left <= 120) note.textContent = "Two minutes left: finish the board in play.";
  }

  function showPage(list, items, perPage) {
    items.forEach(function (li, i) { li.hidden = Math.floor(i / perPage) !== page; });
    var shown = items.filter(function (li) { return !li.hidden; });
    var label = document.querySelector("[data-moves-page]");
    if (label && shown.length) {
      // A pair event's lines are its tables; an individual's, its players.
      var players = list.dataset.movesOf === "players";
      var first = players ? shown[0].dataset.player : shown[0].dataset.table;
      var last = players ? shown[shown.length - 1].dataset.player : shown[shown.length - 1].dataset.table;
      label.textContent = "page " + (page + 1) + " of " + pages + ": " +
        (players ? "players " : "tables ") + first + "–" + last;
    }
    list.dataset.page = String(page + 1);
  }

  // Lay the moves out whole; where some fall outside their box, page them.
  function layoutMoves() {
    var list = document.querySelector("[data-moves]");
    if (!list) { pages = 1; return; }
    var items = Array.prototype.slice.call(list.children);
    var label = document.querySelector("[data-moves-page]");
    items.forEach(function (li) { li.hidden = false; });
    list.style.height = "";
    list.style.flex = "";
    list.parentElement.style.flexShrink = "";
    var box = list.getBoundingClientRect();
    var fit = 0;
    while (fit < items.length) {
      var r = items[fit].getBoundingClientRect();
      if (r.bottom > box.bottom + 1 || r.right > box.right + 1) break;
      fit += 1;
    }
    if (fit >= items.length || fit === 0) {
      pages = 1;
      page = 0;
      if (label) label.textContent = "";
      list.dataset.pages = "1";
      list.dataset.page = "1";
      return;
    }
    // As few pages as fit them all, the tables shared evenly among them.
    pages = Math.ceil(items.length / fit);
    var perPage = Math.ceil(items.length / pages);
    page = page % pages;
    // The same box on every page, nothing jumps; and the moves keep it: what the screen
    // still lacks comes out of the standings' share, whole rows at a time (fitStandings).
    list.style.height = box.height + "px";
    list.style.flex = "none";
    list.parentElement.style.flexShrink = "0";
    list.dataset.pages = String(pages);
    list.dataset.perPage = String(perPage);
    showPage(list, items, perPage);
  }

  // The standings' rows that would be cut off at the foot of their share: left out
  // whole (the top of the standings shows), never half a line.  Leaving rows out makes
  // the standings shorter, and the screen's height shared out again can shrink their
  // box further: measured again until every row left in is whole.
  function fitStandings() {
    var box = document.querySelector(".display-standings");
    if (!box) return;
    var rows = Array.prototype.slice.call(box.querySelectorAll("li"));
    rows.forEach(function (li) { li.hidden = false; });
    for (;;) {
      var bottom = box.getBoundingClientRect().bottom;
      var cut = rows.filter(function (li) {
        return !li.hidden && li.getBoundingClientRect().bottom > bottom + 1;
      });
      if (!cut.length) return;
      cut.forEach(function (li) { li.hidden = true; });
    }
  }

  function turn() {
    if (pages < 2) return;
    var list = document.querySelector("[data-moves]");
    if (!list) return;
    page = (page + 1) % pages;
    showPage(list, Array.prototype.slice.call(list.children), parseInt(list.dataset.perPage, 10));
  }

  // The moves first, with every standings row in: the two boxes share the screen's
  // height (display.css), so the standings' rows are fitted to the box the moves leave
  // them, once the moves' box is fixed; fitted first, the moves' layout after would
  // shrink the standings' box again and cut its last row in half.
  function layout() {
    var box = document.querySelector(".display-standings");
    if (box) box.querySelectorAll("li").forEach(function (li) { li.hidden = false; });
    layoutMoves();
    fitStandings();
  }

  read();
  layout();
  document.addEventListener("poll:replaced", function () { read(); tick(); layout(); });
  window.addEventListener("resize", layout);
  setInterval(tick, 250);
  setInterval(turn, PAGE_SECONDS * 1000);
})();
