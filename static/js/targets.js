/* The attack chooser of an N-player board (templates/play/_targets.html).
   Choosing a target suggests spending just what it takes: the smaller of your combat and the
   target's authority, so the rest can go to another opponent (M2, C18). The amount stays
   within 1..your combat. The server checks everything again; without this script the form
   attacks with the amount typed (all your combat by default). */
(function () {
  "use strict";

  function suggest(form) {
    var select = form.querySelector("#target-select");
    var amount = form.querySelector("#target-amount");
    if (!select || !amount) return;
    var combat = Number(form.getAttribute("data-combat")) || 0;
    var option = select.options[select.selectedIndex];
    var authority = option ? Number(option.getAttribute("data-authority")) : combat;
    amount.value = String(Math.max(1, Math.min(combat, authority || combat)));
  }

  function clamp(amount) {
    var max = Number(amount.max) || 1;
    var value = Math.round(Number(amount.value));
    if (!(value >= 1)) value = 1;
    if (value > max) value = max;
    amount.value = String(value);
  }

  function setUp(root) {
    var form = root.querySelector ? root.querySelector("#target-chooser") : null;
    if (form && !form.hasAttribute("data-ready")) {
      form.setAttribute("data-ready", "1");
      suggest(form);
    }
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#target-chooser");
    if (!form) return;
    if (event.target.id === "target-select") suggest(form);
    if (event.target.id === "target-amount") clamp(event.target);
  });

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:afterSettle", function () { setUp(document); });
})();
