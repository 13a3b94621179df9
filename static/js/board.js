/* The match board's small helpers (no inline scripts: the page may get a strict CSP).
   - A board swap (a move, a poll) keeps the lists the player had opened (the list of every move,
     the discard piles) and the sideways scroll of the hand and the trade row.
   - Opening one card's menu closes the others; Escape or its Cancel button closes it.
   The tab title follows the board through htmx itself (a <title> in the swapped answer). */
(function () {
  "use strict";

  var kept = null;

  function keyOf(element) {
    return element.id || element.getAttribute("data-keep") || "";
  }

  function remember(board) {
    var state = { open: [], scroll: {} };
    board.querySelectorAll("details[id], details[data-keep]").forEach(function (d) {
      if (d.open) state.open.push(keyOf(d));
    });
    board.querySelectorAll(".strip[id], .strip[data-keep]").forEach(function (strip) {
      state.scroll[keyOf(strip)] = strip.scrollLeft;
    });
    return state;
  }

  function restore(board, state) {
    state.open.forEach(function (key) {
      var d = board.querySelector('details[id="' + key + '"], details[data-keep="' + key + '"]');
      if (d) d.open = true;
    });
    Object.keys(state.scroll).forEach(function (key) {
      var strip = board.querySelector('.strip[id="' + key + '"], .strip[data-keep="' + key + '"]');
      if (strip) strip.scrollLeft = state.scroll[key];
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") kept = remember(target);
  });

  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (board && kept) restore(board, kept);
    kept = null;
  });

  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.classList || !menu.classList.contains("card-menu") || !menu.open) return;
    document.querySelectorAll("details.card-menu[open]").forEach(function (other) {
      if (other !== menu) other.open = false;
    });
  }, true);

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest(".menu-cancel");
    if (!cancel) return;
    var menu = cancel.closest("details.card-menu");
    if (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("details.card-menu[open]").forEach(function (menu) {
      menu.open = false;
      var summary = menu.querySelector("summary");
      if (summary) summary.focus();
    });
  });
})();
