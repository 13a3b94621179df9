/* The board's scenario panel (templates/jinja2/play/_scenario.html) remembers, per player and
   match, whether the player left it open: each toggle is sent to data-remember (a POST the
   server keeps on the player's seat), so a reload or another device shows it the same way.
   Board swaps keep it as it is (board.js); Close and Escape close it. */
(function () {
  "use strict";

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  var sent = {};

  document.addEventListener("toggle", function (event) {
    var panel = event.target;
    if (!panel || panel.id !== "scenario" || !panel.getAttribute("data-remember")) return;
    var open = panel.open ? "1" : "0";
    var url = panel.getAttribute("data-remember");
    if (sent[url] === open) return;  // a board swap restoring the same state
    sent[url] = open;
    fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Content-Type": "application/x-www-form-urlencoded" },
      body: "open=" + open,
    }).catch(function () { delete sent[url]; });
  }, true);

  document.addEventListener("click", function (event) {
    var close = event.target.closest && event.target.closest("[data-close=scenario]");
    var panel = document.getElementById("scenario");
    if (close && panel) {
      panel.open = false;
      panel.querySelector("summary").focus();
    }
  });

  document.addEventListener("keydown", function (event) {
    var panel = document.getElementById("scenario");
    if (event.key === "Escape" && panel && panel.open && !document.querySelector("dialog[open]")) {
      panel.open = false;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("scenario");
    if (panel && panel.getAttribute("data-remember")) sent[panel.getAttribute("data-remember")] = panel.open ? "1" : "0";
  });
})();
