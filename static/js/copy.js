// Copy buttons: <button class="copy-button" data-copy-target="ID" data-copied="…" data-failed="…">
// copies the value of the input #ID and says so in the next .copy-status element. The buttons
// start hidden: without JavaScript the reader selects the link in its read-only box.
(function () {
  "use strict";

  function say(button, text) {
    var status = button.parentNode.querySelector(".copy-status");
    if (status) { status.textContent = text; }
  }

  function copyFallback(input) {
    input.focus();
    input.select();
    try { return document.execCommand("copy"); } catch (error) { return false; }
  }

  function copy(button) {
    var input = document.getElementById(button.dataset.copyTarget);
    if (!input) { return; }
    var done = function () { say(button, button.dataset.copied); };
    var failed = function () {
      if (copyFallback(input)) { done(); } else { say(button, button.dataset.failed); }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, failed);
    } else {
      failed();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll(".copy-button"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(button); });
    });
  });
})();
