/* Game feel across board swaps (every move and every news replaces the board's HTML):
   - a card that moved (played from the hand, a base put down) slides from where it was;
   - a card your move took off the table (a bought card, your cards at the end of your turn)
     flies to your discard pile and fades;
   - authority or a base's defence that went down flashes red.
   Cards are matched by their instance id (data-card-id). CSS transitions do the moving
   (board.css); with prefers-reduced-motion nothing moves or flashes. */
(function () {
  "use strict";

  var before = null;

  function still() {
    return !window.matchMedia || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // A card inside a closed <details> (the discard pile) still has a box in Chromium (its content
  // is skipped, not removed), so checkVisibility() decides, where the browser has it.
  function visible(element, rect) {
    if (element.checkVisibility && !element.checkVisibility()) return false;
    return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight;
  }

  function snapshot(board) {
    var cards = {};
    board.querySelectorAll("li.game-card[data-card-id]").forEach(function (li) {
      var id = li.getAttribute("data-card-id");
      var rect = li.getBoundingClientRect();
      if (id !== "-1" && !cards[id] && visible(li, rect)) {
        cards[id] = { rect: rect, element: li, yours: !!li.closest("#row-cards, #hand, #my-area") };
      }
    });
    var values = {};
    board.querySelectorAll("[data-value]").forEach(function (element) {
      var key = element.id || (element.closest("[data-seat]") ?
        "seat-" + element.closest("[data-seat]").getAttribute("data-seat") : "");
      if (key) values[key] = Number(element.getAttribute("data-value"));
    });
    board.querySelectorAll("li.game-card .card-badge").forEach(function (badge) {
      values["badge-" + badge.closest("li").getAttribute("data-card-id")] = parseInt(badge.textContent, 10);
    });
    return { cards: cards, values: values, moved: board.getAttribute("data-my-turn") === "1" };
  }

  function slide(li, from) {
    var to = li.getBoundingClientRect();
    var dx = from.left - to.left;
    var dy = from.top - to.top;
    if (Math.abs(dx) + Math.abs(dy) < 4) return;
    li.style.transform = "translate(" + dx + "px, " + dy + "px)";
    li.getBoundingClientRect();  // the start position is laid out before the transition
    li.classList.add("moving");
    li.style.transform = "";
    li.addEventListener("transitionend", function done() {
      li.classList.remove("moving");
      li.removeEventListener("transitionend", done);
    });
  }

  function fly(old, from, board) {
    var pile = board.querySelector("#my-discard > summary, #my-discard-count") ||
      board.querySelector("#trade-row .pools");
    if (!pile) return;
    var target = pile.getBoundingClientRect();
    var ghost = old.cloneNode(true);
    ghost.classList.add("flying");
    ghost.removeAttribute("data-card-id");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.left = from.left + "px";
    ghost.style.top = from.top + "px";
    ghost.style.width = from.width + "px";
    ghost.style.margin = "0";
    document.body.appendChild(ghost);
    ghost.getBoundingClientRect();
    ghost.style.transform = "translate(" + (target.left - from.left) + "px, " +
      (target.top - from.top) + "px) scale(0.3)";
    ghost.style.opacity = "0";
    window.setTimeout(function () { ghost.remove(); }, 600);
  }

  function flash(element) {
    element.classList.remove("flash-damage");
    element.getBoundingClientRect();
    element.classList.add("flash-damage");
  }

  function animate(board, old) {
    var now = snapshot(board);
    Object.keys(old.cards).forEach(function (id) {
      // A card still in view slides; one gone from view (bought into the closed discard pile,
      // whose list is in the page but not shown) flies there.
      if (now.cards[id]) slide(now.cards[id].element, old.cards[id].rect);
      else if (old.moved && old.cards[id].yours) fly(old.cards[id].element, old.cards[id].rect, board);
    });
    Object.keys(now.values).forEach(function (key) {
      if (key in old.values && now.values[key] < old.values[key] && !/trade|combat/.test(key)) {
        var element = key.indexOf("seat-") === 0 ?
          board.querySelector('[data-seat="' + key.slice(5) + '"] [data-value]') :
          key.indexOf("badge-") === 0 ?
            board.querySelector('li[data-card-id="' + key.slice(6) + '"] .card-badge') :
            document.getElementById(key);
        if (element) flash(element);
      }
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    before = (!still() && target && target.id === "board") ? snapshot(target) : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var board = document.getElementById("board");
    if (before && board && event.detail.target && event.detail.target.id === "board") {
      animate(board, before);
    }
    before = null;
  });
})();
