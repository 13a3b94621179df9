/* The create form (templates/play/_create_form.html): show the part the chosen mode uses.
   - A standard game shows its opponent; a mode for 3-6 players shows its seats instead.
   - The number of players offers only the counts the mode allows (data-counts on the form).
   - Each seat row names its role in the mode (data-roles: "mode:count" -> "Team A · Emperor");
     rows past the number of players are hidden, and a user name field only for a named user.
   Without this script every field is shown and the server checks the same things. */
(function () {
  "use strict";

  function setUp(form) {
    var counts = JSON.parse(form.getAttribute("data-counts") || "{}");
    var mode = form.querySelector("select[name=mode]");
    var players = form.querySelector("select[name=players]");
    if (!mode || !players) return;

    function update() {
      var key = mode.value || "standard";
      var standard = key === "standard";
      form.querySelectorAll(".mode-part").forEach(function (part) {
        part.hidden = (part.getAttribute("data-part") === "standard") !== standard;
      });
      var allowed = counts[key] || [];
      Array.prototype.forEach.call(players.options, function (option) {
        option.disabled = allowed.indexOf(Number(option.value)) < 0;
      });
      if (!standard && allowed.length && allowed.indexOf(Number(players.value)) < 0) {
        players.value = String(allowed[allowed.length > 1 ? 1 : 0]);
      }
      var n = Number(players.value);
      form.querySelectorAll(".seat-row").forEach(function (row) {
        var seat = Number(row.getAttribute("data-seat"));
        row.hidden = seat > n;
        var roles = JSON.parse(row.getAttribute("data-roles") || "{}");
        var role = row.querySelector(".seat-role");
        if (role) role.textContent = roles[key + ":" + n] || "";
        var kind = row.querySelector(".seat-kind select");
        var user = row.querySelector(".seat-user");
        if (kind && user) user.hidden = kind.value !== "user";
      });
      var opponent = form.querySelector("select[name=opponent]");
      var username = form.querySelector("input[name=username]");
      if (opponent && username) username.closest("p").hidden = opponent.value !== "user";
    }

    form.addEventListener("change", update);
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("create-match");
    if (form) setUp(form);
  });
})();
