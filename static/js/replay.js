/* The replay page's keys and slider (no inline scripts: the site sends a strict CSP).
   - ← / → go to the previous / next move, Home / End to the start / the end (not while typing).
   - Moving the slider goes to that move when it is let go (the form also works without script). */
(function () {
  "use strict";

  function go(id) {
    var link = document.getElementById(id);
    if (link && link.href) window.location.assign(link.href);
  }

  var KEYS = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first",
               End: "replay-last" };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    var id = KEYS[event.key];
    if (!id) return;
    event.preventDefault();
    go(id);
  });

  document.addEventListener("change", function (event) {
    var slider = event.target;
    if (!slider || slider.id !== "replay-step") return;
    var url = new URL(window.location.href);
    url.searchParams.set("step", slider.value);
    window.location.assign(url.toString());
  });

  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (!slider || slider.id !== "replay-step") return;
    var position = document.getElementById("replay-position");
    var nav = document.getElementById("replay-nav");
    if (position && nav) position.textContent = slider.value + " / " + nav.getAttribute("data-total");
  });
})();
