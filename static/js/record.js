// "Record a game" form (templates/campaign/_record_form.html): add upgrade rows, and offer in
// each row only the card copies that fit the chosen sticker (printed cost and type, L13) and the
// other way round; a copy or a sheet row chosen in one row is not offered in another (L12, L14).
// Without JavaScript the form still works: "+ add an upgrade" posts and the server adds a row,
// and the server refuses a pair that does not fit, naming the card and the sticker.
(function () {
  "use strict";

  function rowsOf(form) {
    return Array.prototype.slice.call(form.querySelectorAll(".upgrade-row"));
  }

  function selected(select) {
    return select && select.value ? select.options[select.selectedIndex] : null;
  }

  function fits(option, partner) {
    return !partner || (option.dataset.cost === partner.dataset.cost &&
                        option.dataset.type === partner.dataset.type);
  }

  // Show in `select` only the options that fit `partner` and are not taken by another row.
  function filter(select, partner, taken, takenKey) {
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.value) { return; }
      var key = takenKey(option);
      var usable = fits(option, partner) && !(taken[key] && !option.selected);
      option.hidden = !usable;
      option.disabled = !usable;
    });
    Array.prototype.forEach.call(select.querySelectorAll("optgroup"), function (group) {
      group.hidden = !group.querySelector("option:not([hidden])");
    });
  }

  function refresh(form) {
    var rows = rowsOf(form);
    rows.forEach(function (row) {
      var copies = {}, stickerRows = {};
      rows.forEach(function (other) {
        if (other === row) { return; }
        var copy = selected(other.querySelector(".upgrade-copy"));
        var sticker = selected(other.querySelector(".upgrade-sticker"));
        if (copy) { copies[copy.value] = true; }
        if (sticker) { stickerRows[sticker.dataset.row] = true; }
      });
      var copySelect = row.querySelector(".upgrade-copy");
      var stickerSelect = row.querySelector(".upgrade-sticker");
      filter(copySelect, selected(stickerSelect), copies, function (o) { return o.value; });
      filter(stickerSelect, selected(copySelect), stickerRows, function (o) { return o.dataset.row; });
      showFace(row);
      showText(row);
    });
  }

  // The chosen sticker's whole text under its select, for browsers whose selects cut it
  // (campaign.css hides it where the select itself wraps).
  function showText(row) {
    var line = row.querySelector(".chosen-text");
    var sticker = selected(row.querySelector(".upgrade-sticker"));
    if (line) { line.textContent = sticker ? sticker.textContent : ""; }
  }

  // The chosen copy's face, with the chosen sticker on it once the pair fits (the face URL's
  // documented "sticker" parameter, cards/render/urls.py).
  function showFace(row) {
    var img = row.querySelector(".upgrade-face");
    var copy = selected(row.querySelector(".upgrade-copy"));
    var sticker = selected(row.querySelector(".upgrade-sticker"));
    var url = copy ? copy.dataset.face : "";
    if (url && sticker && fits(copy, sticker)) {
      url += "&sticker=" + encodeURIComponent(sticker.value);
    }
    if (!img) { return; }
    if (url) {
      if (img.getAttribute("src") !== url) { img.src = url; }
      img.alt = copy.textContent;
      img.hidden = false;
    } else {
      img.hidden = true;
      img.removeAttribute("src");
      img.alt = "";
    }
  }

  // A changed select whose partner no longer fits clears the partner: the latest choice wins.
  function onChange(form, event) {
    var target = event.target;
    if (!target.matches(".upgrade-copy, .upgrade-sticker")) { return; }
    var row = target.closest(".upgrade-row");
    var partnerSelect = row.querySelector(target.matches(".upgrade-copy") ? ".upgrade-sticker"
                                                                           : ".upgrade-copy");
    var partner = selected(partnerSelect);
    if (partner && !fits(partner, selected(target))) { partnerSelect.value = ""; }
    refresh(form);
  }

  function addRow(form) {
    var list = form.querySelector(".upgrade-rows");
    var rows = rowsOf(form);
    var index = rows.length;
    var row = rows[rows.length - 1].cloneNode(true);
    Array.prototype.forEach.call(row.querySelectorAll(".errorlist"), function (e) { e.remove(); });
    Array.prototype.forEach.call(row.querySelectorAll(".chosen-text"), function (e) { e.textContent = ""; });
    Array.prototype.forEach.call(row.querySelectorAll("select, input"), function (field) {
      field.name = field.name.replace(/_\d+$/, "_" + index);
      field.id = field.id.replace(/_\d+$/, "_" + index);
      field.value = "";
    });
    Array.prototype.forEach.call(row.querySelectorAll("label[for]"), function (label) {
      label.htmlFor = label.htmlFor.replace(/_\d+$/, "_" + index);
    });
    list.appendChild(row);
    refresh(form);
    row.querySelector("select").focus();
  }

  function setUp(form) {
    var button = form.querySelector("#add-upgrade");
    if (button) {
      button.type = "button";  // with JavaScript the row is added here, nothing is posted
      button.addEventListener("click", function () { addRow(form); });
    }
    form.addEventListener("change", function (event) { onChange(form, event); });
    refresh(form);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("record-form");
    if (form) { setUp(form); }
  });
})();
