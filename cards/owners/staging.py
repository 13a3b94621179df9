"""A finished set's staged changes, checked together and applied at once, with undo (issue 19).

A whole set can only change through states that are not whole: swapping a card for another
passes through 58 or 62 trade copies. Such edits wait in `ContentPack.staged_data`; the staged
page shows what differs from the set in use and what is still wrong, and "Apply" stores them in
one step once the whole set is right again and no campaign played with it breaks. The set
before the last change is kept (`undo_data`) for "Undo the last change".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from cards import usage
from cards.diff import Change, pack_diff, trade_copies
from cards.models import ContentPack
from cards.problems import describe
from cards.validation import is_count_problem, validate_pack


@dataclass
class SetCheck:
    """The differences between two versions of a set and what is wrong with the new one."""

    changes: list[Change]
    problems: list[str] = field(default_factory=list)
    counts: list[tuple[str, int, int]] = field(default_factory=list)  # (faction, before, after)

    @property
    def can_apply(self) -> bool:
        return bool(self.changes) and not self.problems


def check_change(pack: ContentPack, old: dict[str, Any], new: dict[str, Any]) -> SetCheck:
    """Return what replacing `old` by `new` in `pack` changes, and why it may not (in words)."""
    found = validate_pack(new, filename=f"{pack.slug}.json", owner=True)
    if pack.is_draft:  # an unfinished set stays one: only what is there must be right
        found = [p for p in found if not is_count_problem(p)]
    problems = [describe(p, new) for p in found]
    if not problems:
        problems = [_("Your campaign “%(name)s” uses this set and would break: %(why)s")
                    % {"name": name, "why": why} for name, why in usage.edit_breaks(pack, new)]
    names = pack.faction_names()
    before, after = trade_copies(old), trade_copies(new)
    counts = [(names.get(f, f), before.get(f, 0), after.get(f, 0))
              for f in sorted(set(before) | set(after))]
    return SetCheck(pack_diff(old, new), problems, counts)


def staged_check(pack: ContentPack) -> SetCheck:
    """Return the check of the set's staged changes (no changes: nothing to apply)."""
    if pack.staged_data is None:
        return SetCheck([])
    return check_change(pack, pack.data, pack.staged_data)


class NotApplied(ValueError):
    """The changes cannot be stored: the message says why, for the owner."""


def store_checked(pack: ContentPack, new: dict[str, Any], expected_checksum: str) -> None:
    """Store `new` as the set if it is whole and breaks no campaign; refresh the campaigns."""
    check = check_change(pack, pack.data, new)
    if check.problems:
        raise NotApplied(" ".join(check.problems[:3]))
    draft = pack.is_draft and bool(validate_pack(new, filename=f"{pack.slug}.json", owner=True))
    with transaction.atomic():
        pack.replace_data(new, expected_checksum, draft=draft)
        usage.pack_edited(pack)


def undo_last_change(pack: ContentPack, expected_checksum: str) -> None:
    """Put the set back as it was before its last change (StalePack if it moved on)."""
    if pack.undo_data is None:
        raise NotApplied(_("There is no change to undo."))
    previous = pack.undo_data
    breaks = list(usage.edit_breaks(pack, previous))
    if breaks:
        raise NotApplied(_("Your campaign “%(name)s” uses this set and would break: %(why)s")
                         % {"name": breaks[0][0], "why": breaks[0][1]})
    draft = bool(validate_pack(previous, filename=f"{pack.slug}.json", owner=True))
    with transaction.atomic():
        pack.replace_data(previous, expected_checksum, draft=draft)
        pack.undo_data = None
        pack.save(update_fields=["undo_data"])
        usage.pack_edited(pack)
