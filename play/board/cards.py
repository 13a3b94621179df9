"""The cards of a board: their texts in the active language, and each card as the templates show it.

`PackTexts` knows what the match's packs say (names, ability lines, factions, stickers);
`ShownCards` turns the engine view's card faces into the templates' card dicts, each with its
face picture (through `play.faces.MatchFaces`, when given), and keeps them by instance id so the
action menu can put each legal action on the card it names. Players read sticker texts, never
sticker ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from cards.language import active_language, pack_text
from cards.templatetags.card_faces import alt_text, card_lines, sticker_lines
from cards.text import faction_names
from common.caching import BoundedCache

if TYPE_CHECKING:
    from play.faces import MatchFaces

EXPLORER = -1  # the instance id of `buy explorer` (play.engine.actions.EXPLORER)

# Card texts by the packs' checksums, language and printed face (`PackTexts.texts`); bounded.
CARD_TEXTS: BoundedCache[tuple, tuple[str, tuple, tuple, str]] = BoundedCache(8192)


class PackTexts:
    """What the match's packs say about its cards and stickers, in the active language."""

    def __init__(self, pack_data: dict, faces: MatchFaces | None = None) -> None:
        self.lang = active_language()
        datas = [pack_data] + ([p.data for p in faces.packs[1:]] if faces else [])
        self.factions: dict[str, str] = {}
        self.cards: dict[str, dict] = {}
        for data in datas:  # the match's own pack first: it wins a clash of ids
            for faction_id, name in faction_names(data, self.lang).items():
                self.factions.setdefault(faction_id, name)
            for design in data.get("cards", []) or []:
                if isinstance(design, dict):
                    self.cards.setdefault(design.get("id"), design)
        self.stickers, self.sticker_sides = stickers_of(pack_data)
        # The content every card text comes from, when it is known by checksum (see `texts`).
        self.content = (tuple(p.checksum for p in faces.packs)
                        if faces and all(p.checksum for p in faces.packs) else None)

    def texts(self, face: dict, sticker_id: str | None) -> tuple[str, tuple, tuple, str]:
        """Return a card's name, lines, faction names and alt text in the active language.

        They depend only on the packs' content and the face's printed values, so they are kept
        per process for the packs' checksums (`self.content`): a board shows the same few dozen
        cards again on every move, and writing their texts was most of presenting it.
        """
        key = (self.content, self.lang, face["card"], sticker_id, bool(face.get("upgrade")),
               str(face.get("name")), face.get("type"), face.get("outpost"), face.get("defense"),
               face.get("cost"), tuple(face.get("factions", ())))
        if self.content is None:  # no pack checksums to key the texts by: write them anew
            return self.write_texts(face, sticker_id)
        return CARD_TEXTS.get_or_make(key, lambda: self.write_texts(face, sticker_id))

    def write_texts(self, face: dict, sticker_id: str | None) -> tuple[str, tuple, tuple, str]:
        """Return what `texts` keeps, written anew."""
        card = {**face, "name": self.name(face),
                "lines": self.ability_lines(self.cards.get(face["card"], {}), sticker_id),
                "faction_names": [self.factions.get(f, f) for f in face.get("factions", [])]}
        return card["name"], tuple(card["lines"]), tuple(card["faction_names"]), self.alt(card)

    def alt(self, card: dict) -> str:
        """Return a picture's alt text: the card's name, kind, cost, factions and every line."""
        return alt_text(card["name"], card, card["faction_names"], card["lines"],
                        bool(card.get("upgrade")))

    def name(self, face: dict) -> str:
        return pack_text(face.get("name"), self.lang) or face["card"]

    def design_name(self, card_id: str) -> str:
        """Return the printed name of a card design (events name designs, not copies)."""
        design = self.cards.get(card_id, {})
        return pack_text(design.get("name"), self.lang) or card_id

    def ability_lines(self, design: dict, sticker_id: str | None) -> list[str]:
        """Return one line per ability in the engine's order (an upgraded copy: L15, L17)."""
        sticker = self.stickers.get(sticker_id) if sticker_id else None
        return card_lines(design, sticker, self.lang, self.factions)

    def sticker_lines(self, sticker_id: str) -> list[str]:
        """Return a sticker's printed text, or its abilities' text; never its id."""
        sticker = self.stickers.get(sticker_id)
        if sticker is None:
            return [_("an upgrade")]
        return sticker_lines(sticker, self.lang, self.factions)

    def sticker(self, sticker_id: str) -> dict[str, str]:
        """Return what an upgrade adds: the ability sticker's text and the faction sticker (L12)."""
        side = self.sticker_sides.get(sticker_id, "")
        return {"text": "; ".join(self.sticker_lines(sticker_id)),
                "faction": self.factions.get(side, side)}

    def sticker_label(self, sticker_id: str) -> str:
        return _("upgrade with “%(text)s” + %(faction)s") % self.sticker(sticker_id)

    def explorer_id(self) -> str | None:
        """Return the card id of the pack's explorer, if it has one."""
        return next((cid for cid, d in self.cards.items() if d.get("role") == "explorer"), None)

    def explorer_cost(self, view: dict) -> int | None:
        """Return what an explorer costs in this game: a scenario may change it (L6)."""
        rules = view.get("rules") or {}
        if rules.get("explorer_cost") is not None:
            return rules["explorer_cost"]
        card_id = self.explorer_id()
        return self.cards[card_id].get("cost") if card_id is not None else None

    def choose_branches(self, card_id: str) -> list | None:
        """Return the branches of the one "choose" effect (C13) in a card's printed abilities.

        None when the card has no such effect or more than one (then the engine's English
        summary of the options is shown rather than guessing which one is pending).
        """
        design = self.cards.get(card_id or "", {})
        found = [effect["choose"] for ability in design.get("abilities", [])
                 if isinstance(ability, dict) for effect in ability.get("do", [])
                 if isinstance(effect, dict) and "choose" in effect]
        return found[0] if len(found) == 1 and isinstance(found[0], list) else None


class ShownCards:
    """Every card one board shows, by instance id: name, lines, picture and (later) actions."""

    def __init__(self, texts: PackTexts, faces: MatchFaces | None = None) -> None:
        self.texts, self.faces = texts, faces
        self.by_inst: dict[int, dict] = {}
        self.shown: list[dict] = []

    def card(self, face: dict) -> dict[str, Any]:
        """Return one card with its localized name, texts, picture and (later) its actions."""
        upgrade = face.get("upgrade")
        sticker_id = upgrade["sticker"] if upgrade else None
        name, lines, faction_labels, alt = self.texts.texts(face, sticker_id)
        shown = {"upgrade": None, "damage": 0,  # every key the templates read (see `Board`)
                 **face, "name": name, "lines": list(lines), "actions": [], "click": None,
                 "faction_names": list(faction_labels), "alt": alt}
        if "damage" in face:  # a base in play: what an attacker must still deal (C19)
            shown["remaining"] = max(0, (face.get("defense") or 0) - face["damage"])
        shown["face_url"] = self.faces.url(face["card"], sticker_id) if self.faces else ""
        self.by_inst[face["id"]] = shown
        self.shown.append(shown)
        return shown

    def cards(self, faces: list[dict]) -> list[dict[str, Any]]:
        return [self.card(face) for face in faces]

    def explorer(self, cost: int | None) -> dict[str, Any] | None:
        """Return the explorer pile's card (bought with `buy explorer`), if the pack has one."""
        card_id = self.texts.explorer_id()
        if card_id is None:
            return None
        design = self.texts.cards[card_id]
        return self.card({"id": EXPLORER, "card": card_id, "name": design.get("name"),
                          "type": design.get("type"), "cost": cost,
                          "factions": list(design.get("factions", []))})

    def name_of(self, inst: int) -> str:
        """Return the name of a shown card by its instance id."""
        if inst in self.by_inst:
            return self.by_inst[inst]["name"]
        return str(inst)

    def design_of(self, inst: int) -> dict:
        """Return the printed design of a shown card ({} when it is not shown)."""
        return self.texts.cards.get(self.by_inst.get(inst, {}).get("card", ""), {})


def stickers_of(pack_data: dict) -> tuple[dict[str, dict], dict[str, str]]:
    """Return {sticker id: sticker} of a legacy pack's sheets (`sheet:cost:kind`, L12) and
    {sticker id: the sheet's side}, whose faction the faction sticker adds (L16)."""
    found, sides = {}, {}
    for sheet in pack_data.get("sticker_sheets", []) or []:
        for row in sheet.get("rows", []):
            for kind in ("ship", "base"):
                if isinstance(row.get(kind), dict):
                    sticker_id = f"{sheet['id']}:{row['cost']}:{kind}"
                    found[sticker_id], sides[sticker_id] = row[kind], sheet.get("side", "")
    return found, sides
