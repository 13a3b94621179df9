// Card editor: typing in the JSON box or in an ability row picks that source of the abilities,
// so what was typed last is what is saved (the "Abilities come from" menu shows the choice).
document.addEventListener("DOMContentLoaded", () => {
  const mode = document.querySelector("select[name=abilities_from]");
  if (!mode) return;
  const json = document.querySelector("textarea[name=abilities]");
  if (json) json.addEventListener("input", () => { mode.value = "json"; });
  document.querySelectorAll(".ability-row select, .ability-row input").forEach((field) => {
    field.addEventListener("change", () => { mode.value = "rows"; });
  });
});
