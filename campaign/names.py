"""What a person reads instead of the pack's ids: card copies, stickers, sheets, choices, kinds.

Both the rule messages of ``campaign.state`` and the pages (``campaign.presenters``) name things
through here, so no page or error ever shows ``kingdom-lancer#2`` or ``empire-1:3:ship``. Every
function answers in the active language and falls back to a neutral wording, never to an id, when
the pack does not hold the thing named.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from campaign.content import ContentError, PackContent
from cards.language import active_language, pack_text
from cards.text import ability_text, faction_names
from play.engine import StickerRef


def card_name(content: PackContent, card_id: str) -> str:
    """Return a card design's name in the active language."""
    card = content.cards.get(card_id)
    return pack_text(card.get("name")) if card else _("an unknown card")


def copy_number(copy_id: str) -> str:
    """Return the copy number of ``card#N`` ("" when the id has none)."""
    _card, sep, number = str(copy_id).rpartition("#")
    return number if sep and number.isdigit() else ""


def copy_name(content: PackContent, copy_id: str) -> str:
    """Return "Knight Lancer, copy 2" for a copy id; a neutral phrase for an unknown one."""
    try:
        card = content.card_of_copy(copy_id)
    except ContentError:
        return _("an unknown card copy")
    name, number = pack_text(card.get("name")), copy_number(copy_id)
    return _("%(name)s, copy %(n)s") % {"name": name, "n": number} if number else name


def kind_name(kind: str | None) -> str:
    """Return "ship" or "base" in the active language."""
    return _("ship") if kind == "ship" else _("base")


def sticker_text(content: PackContent, sticker: dict | None) -> str:
    """Return a sticker's printed text, or the text generated from its abilities (faction names
    from the pack, so a Russian page says «Звёздная империя», not "Empire")."""
    if not sticker:
        return ""
    if sticker.get("text"):
        return pack_text(sticker["text"])
    factions = faction_names(content.data, active_language())
    return "; ".join(ability_text(a, active_language(), factions, extends_primary=bool(sticker.get("and")))
                     for a in sticker.get("abilities", []))


def sticker_name(content: PackContent, sticker_id: str) -> str:
    """Return "Ship, cost 3 — and +2 combat" for a sticker id (sheet:cost:kind, L12)."""
    try:
        ref, _sheet, sticker = content.sticker(sticker_id)
    except ValueError:
        return _("an unknown sticker")
    head = (_("Ship, cost %(cost)s") if ref.kind == "ship" else _("Base, cost %(cost)s")) % {
        "cost": ref.cost}
    body = sticker_text(content, sticker)
    return f"{head} — {body}" if body else head


def sheet_name(content: PackContent, sheet_id: str) -> str:
    """Return a sticker sheet's name in the active language."""
    sheet = content.sheets.get(sheet_id)
    return pack_text(sheet.get("name")) if sheet else _("an unknown sticker sheet")


def sticker_with_sheet(content: PackContent, sticker_id: str) -> str:
    """Return "Ship, cost 3 — and +2 combat (sheet “Declaration of Independence”)"."""
    try:
        ref = StickerRef.parse(sticker_id)
    except ValueError:
        return _("an unknown sticker")
    return _("%(sticker)s (sheet “%(sheet)s”)") % {
        "sticker": sticker_name(content, sticker_id), "sheet": sheet_name(content, ref.sheet_id)}


def side_name(content: PackContent, side: str | None) -> str:
    """Return a side's name in the active language; "" for no side."""
    if not side:
        return ""
    return content.side_name(side, active_language()) if side in content.side_ids else _("an unknown side")


def option_label(content: PackContent, number: int | None, choice_id: str | None,
                 option_id: str | None) -> str:
    """Return the label of a scenario choice's option (L6); ``number`` None searches every
    scenario (a choice_made event does not name its scenario; choice ids are unique in a pack)."""
    numbers = [number] if number is not None else sorted(content.scenarios)
    for n in numbers:
        sides = content.scenarios.get(n, {}).get("sides", {})
        for side in sides.values():
            for choice in side.get("choices", []):
                if choice_id is not None and choice.get("id") != choice_id:
                    continue
                for option in choice.get("options", []):
                    if option.get("id") == option_id:
                        return pack_text(option.get("label"))
    return _("an unknown option")


def vp_card_name(content: PackContent, vp_id: str) -> str:
    """Return a VP card's name in the active language."""
    vp = content.vp_cards.get(vp_id)
    return pack_text(vp.get("name")) if vp else _("an unknown VP card")


def win_how_name(how: str | None) -> str:
    """Return how a game was won in words ("" for none); a resignation reads as one."""
    if not how:
        return ""
    return {"authority": _("authority"), "political": _("political victory"),
            "scenario": _("scenario condition"), "resign": _("the opponent resigned")}.get(
        how, _("an unknown way"))


def phase_name(phase: str) -> str:
    """Return a campaign phase in words."""
    return {"setup": _("choosing sides"), "playing": _("playing the scenarios"),
            "after_campaign": _("after the campaign"), "finished": _("finished")}.get(
        phase, _("an unknown phase"))


def event_kind_name(kind: str) -> str:
    """Return what kind of change an event is, in words (for messages about a broken log)."""
    return {
        "sides_chosen": _("sides chosen"), "side_wished": _("side wished"),
        "scenario_opened": _("scenario opened"), "choice_made": _("choice made"),
        "game_recorded": _("game recorded"), "after_campaign_upgrade": _("after-campaign upgrade"),
        "campaign_finished": _("campaign finished"), "undo": _("undo"),
    }.get(kind, _("unknown change"))
