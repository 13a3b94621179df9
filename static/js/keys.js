/* Keyboard play on the match board; the keys are listed in the help popover (? or the Keys link,
   templates/play/_table_tools.html).
   1-9: the card of the hand with that number (played if it has one harmless move, else shown
   with its moves); E: End turn; D: Done; A, B, C...: the answers of the question asked, in
   order; X: attack (all your combat, or the target chooser of a game of 3 or more); T: the trade
   row; arrows: along a row of cards; I: the focused card, large; ?: the help. Keys typed into
   a field, or with Ctrl, Alt or Meta, are left alone. Every key clicks a button of the board,
   so the move is the same form a click sends. */
(function () {
  "use strict";

  var ANSWER_KEYS = "abcfghjklmnopqrsuvwyz";  // d, e, i, t and x have a job of their own

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (target && target.isContentEditable);
  }

  function clickIn(selector) {
    var element = document.querySelector(selector);
    if (element && !element.disabled) {
      element.click();
      return true;
    }
    return false;
  }

  function activate(li) {
    var button = li.querySelector(":scope > form .card-button");
    if (button) {
      button.click();
    } else if (window.starledgerInspect) {
      window.starledgerInspect(li);
    }
  }

  function focusable(li) {
    return li.querySelector(".card-button, .card-look, .card-menu > summary");
  }

  function step(direction) {
    var li = document.activeElement && document.activeElement.closest &&
      document.activeElement.closest("#board li.game-card");
    if (!li) return false;
    var next = direction > 0 ? li.nextElementSibling : li.previousElementSibling;
    while (next && !(next.matches("li.game-card") && focusable(next))) {
      next = direction > 0 ? next.nextElementSibling : next.previousElementSibling;
    }
    if (!next) return false;
    focusable(next).focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
    return true;
  }

  function markAnswers() {
    var index = 0;
    document.querySelectorAll("#choices button[name=notation]").forEach(function (button) {
      if (index < ANSWER_KEYS.length) button.setAttribute("data-key", ANSWER_KEYS.charAt(index++).toUpperCase());
    });
  }

  function handle(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return false;
    if (document.querySelector("dialog[open]")) return false;  // the inspect view has its own buttons
    var key = event.key;
    if (key === "?") {
      var help = document.getElementById("keys-help");
      if (help && help.togglePopover) help.togglePopover();
      return true;
    }
    if (!document.getElementById("board")) return false;
    if (/^[1-9]$/.test(key)) {
      var card = document.querySelectorAll("#hand > li.game-card")[Number(key) - 1];
      if (card) activate(card);
      return !!card;
    }
    key = key.toLowerCase();
    if (key === "e") return clickIn("#end-turn");
    if (key === "d") return clickIn("#dock-done");
    if (key === "x") {
      if (clickIn("#dock .attack-button")) return true;
      var target = document.getElementById("target-select");
      if (target) target.focus();
      return !!target;
    }
    if (key === "t") {
      var first = document.querySelector("#row-cards li.game-card");
      if (first && focusable(first)) focusable(first).focus();
      return !!first;
    }
    if (key === "i") {
      var focused = document.activeElement && document.activeElement.closest &&
        document.activeElement.closest("#board li.game-card");
      if (focused && window.starledgerInspect) window.starledgerInspect(focused);
      return !!focused;
    }
    if (key === "arrowright" || key === "arrowleft") return step(key === "arrowright" ? 1 : -1);
    var answer = ANSWER_KEYS.indexOf(key);
    if (answer >= 0) {
      var button = document.querySelectorAll("#choices button[name=notation]")[answer];
      if (button) button.click();
      return !!button;
    }
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (handle(event)) event.preventDefault();
  });
  document.addEventListener("DOMContentLoaded", markAnswers);
  document.addEventListener("htmx:afterSettle", markAnswers);
})();
