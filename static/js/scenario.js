/* The board's scenario panel opens by itself on a wide screen; on a phone it stays a one-line
   summary until tapped. Board swaps keep it as the player left it (board.js). */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("scenario");
    if (panel && window.matchMedia("(min-width: 60rem)").matches) panel.open = true;
  });
})();
