/* The inspect view: one card of a board seen large (its face at the width of a phone), its text
   for screen readers, and the moves it allows as buttons under it (templates/play/_table_tools.html).
   - On a touch screen a tap on a card only opens the view: nothing is bought or played by one
     tap (a tap while swiping the trade row used to buy the wrong card). The move is a second,
     deliberate tap on its button.
   - With a mouse, a card with one harmless move is still played by a click; a card with several
     moves, or none, opens the view; holding the button down for half a second (a long press)
     opens it for any card, as hovering shows a quick look (board.css).
   - Keyboard: I opens the card that has the focus (static/js/keys.js); Esc closes.
   The view's buttons click the card's own buttons, so every move is the same htmx form as
   before and the server checks it as always. After a board swap the view follows its card by
   id, or closes when the card has gone. Without script the cards' buttons and menus work as
   they are. */
(function () {
  "use strict";

  var LONG_PRESS_MS = 500;
  var lastPointer = "mouse";
  var press = null;        // a pointer held down on a card: {timer, x, y}
  var swallowClick = false; // the click that ends a long press
  var passing = false;      // a move the view itself sends on: not stopped again
  var shownId = null;

  function dialog() { return document.getElementById("inspect"); }

  function cardOf(node) {
    return node && node.closest ? node.closest("#board li.game-card[data-card-id]") : null;
  }

  function touchLike(event) {
    var type = event.pointerType;
    if (type === "touch" || type === "pen") return true;
    if (type === "mouse") return false;
    return event.detail > 0 && lastPointer !== "mouse";  // a keyboard's click has detail 0
  }

  function moveButtons(li) {
    var one = li.querySelector(":scope > form .card-button");
    if (one) return [{ button: one, label: one.getAttribute("title") || one.textContent, html: null }];
    return Array.prototype.map.call(
      li.querySelectorAll(":scope > .card-menu .card-actions button[name=notation]"),
      function (button) { return { button: button, label: button.textContent, html: button.innerHTML }; });
  }

  function fill(d, li) {
    var figure = d.querySelector("#inspect-figure");
    var face = li.querySelector(".face");
    var name = li.getAttribute("data-name") || "";
    var text = "";
    figure.textContent = "";
    if (face && face.tagName === "IMG") {
      var big = document.createElement("img");
      big.className = "inspect-face";
      big.src = face.currentSrc || face.src;
      big.alt = face.alt;
      big.width = face.width;
      big.height = face.height;
      figure.appendChild(big);
      text = face.alt;
    } else if (face) {
      var copy = face.cloneNode(true);
      copy.removeAttribute("aria-label");
      figure.appendChild(copy);
      text = face.getAttribute("aria-label") || "";
    }
    d.querySelector("#inspect-title").textContent = name;
    d.querySelector("#inspect-text").textContent = text;
    var actions = d.querySelector("#inspect-actions");
    actions.textContent = "";
    moveButtons(li).forEach(function (move, index) {
      var proxy = document.createElement("button");
      proxy.type = "button";
      proxy.className = move.button.className.indexOf("upgrade-option") >= 0 ? "upgrade-option" : "";
      if (move.html) proxy.innerHTML = move.html; else proxy.textContent = move.label;
      proxy.setAttribute("data-move", String(index));
      proxy.setAttribute("data-notation", move.button.value || "");
      proxy.addEventListener("click", function () {
        d.close();
        passing = true;
        try { move.button.click(); } finally { passing = false; }
      });
      actions.appendChild(proxy);
    });
  }

  function open(li) {
    var d = dialog();
    if (!d || !li) return;
    document.querySelectorAll("details.card-menu[open]").forEach(function (menu) { menu.open = false; });
    fill(d, li);
    shownId = li.getAttribute("data-card-id");
    if (!d.open) d.showModal();
    var first = d.querySelector("#inspect-actions button") || d.querySelector("#inspect-close");
    if (first) first.focus();
  }

  window.starledgerInspect = open;  // keys.js opens the focused card with it

  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
    var li = cardOf(event.target);
    if (!li || event.button > 0) return;
    clearPress();
    press = { x: event.clientX, y: event.clientY, timer: window.setTimeout(function () {
      press = null;
      swallowClick = true;
      open(li);
    }, LONG_PRESS_MS) };
  }, true);

  function clearPress() {
    if (press) window.clearTimeout(press.timer);
    press = null;
  }

  document.addEventListener("pointermove", function (event) {
    if (press && Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) > 12) clearPress();
  }, true);
  ["pointerup", "pointercancel", "scroll"].forEach(function (type) {
    document.addEventListener(type, clearPress, true);
  });

  document.addEventListener("contextmenu", function (event) {
    if (cardOf(event.target) && lastPointer !== "mouse") event.preventDefault();  // a long press
  }, true);

  document.addEventListener("click", function (event) {
    if (passing) return;
    var li = cardOf(event.target);
    if (!li) return;
    if (swallowClick) {
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    var target = event.target.closest(".card-button, .card-look, .card-menu > summary");
    if (!target) return;
    if (target.classList.contains("card-button") && !touchLike(event)) return;  // a mouse's click plays
    event.preventDefault();
    event.stopPropagation();
    open(li);
  }, true);

  document.addEventListener("click", function (event) {
    var d = dialog();
    if (d && event.target === d) d.close();  // a click on the backdrop
  });

  document.addEventListener("htmx:afterSettle", function () {
    var d = dialog();
    if (!d || !d.open || shownId === null) return;
    var li = document.querySelector('#board li.game-card[data-card-id="' + shownId + '"]');
    if (li) fill(d, li); else d.close();
  });

  document.addEventListener("close", function (event) {
    if (event.target === dialog()) shownId = null;
  }, true);
})();
