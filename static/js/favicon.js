/* The match tab's icon gets a red dot while it is your turn and you are looking at another tab.
   The board marks your turn with data-my-turn on #board; polls, live updates and moves swap the
   board in (htmx), so this script only watches that mark and the page's visibility. The dotted
   icon's address comes from this script tag's data-badge (no inline script: the CSP forbids it). */
(function () {
  "use strict";

  var script = document.currentScript;
  var badge = script && script.getAttribute("data-badge");
  var link = document.querySelector('link[rel~="icon"]');
  if (!badge || !link) return;
  var plain = link.getAttribute("href");

  function myTurn() {
    var board = document.getElementById("board");
    return Boolean(board && board.hasAttribute("data-my-turn"));
  }

  function update() {
    var wanted = myTurn() && document.hidden ? badge : plain;
    if (link.getAttribute("href") !== wanted) {
      link.setAttribute("href", wanted);
    }
  }

  new MutationObserver(update).observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["data-my-turn"]
  });
  document.addEventListener("visibilitychange", update);
  update();
})();
