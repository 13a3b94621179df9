"""A finished set's changes that wait to be checked together (`ContentPack` mixin, issue 19).

A swap of cards breaks the copy counts on the way, so an owner's edits to a finished set are
staged in `staged_data` and applied at once (cards/owners/staging.py shows and applies them).
"""
from __future__ import annotations

from typing import Any

from django.db import transaction

from cards.checksums import pack_checksum


class StalePack(Exception):
    """The pack changed after the edit form was shown (views answer 409)."""


class StagedChanges:
    """The set as the owner's forms edit it, and keeping or dropping its staged changes.

    Mixed into `ContentPack`, whose `data`, `checksum` and `staged_data` fields it reads.
    """

    data: dict[str, Any]
    checksum: str
    staged_data: dict[str, Any] | None

    @property
    def working_data(self) -> dict[str, Any]:
        """Return the set as the owner's forms edit it: the staged changes, if any, else `data`."""
        return self.staged_data if self.staged_data is not None else self.data

    @property
    def working_checksum(self) -> str:
        """Return the checksum an editor form carries (that of the staged changes, if any)."""
        return pack_checksum(self.staged_data) if self.staged_data is not None else self.checksum

    @property
    def can_stage(self) -> bool:
        """Return whether changes may wait to be checked together (an owner's finished set)."""
        return not self.is_builtin and not self.is_draft

    def locked_working_checksum(self) -> str:
        """Lock the pack's row (inside a transaction) and return its stored working checksum."""
        row = type(self)._default_manager.select_for_update().values(
            "checksum", "staged_data").get(pk=self.pk)
        staged = row["staged_data"]
        return pack_checksum(staged) if staged is not None else row["checksum"]

    def stage(self, data: dict[str, Any], expected_checksum: str) -> None:
        """Keep `data` as the staged changes; StalePack if the set or its changes moved on."""
        with transaction.atomic():
            if self.locked_working_checksum() != expected_checksum:
                raise StalePack(self.pk)
            self.staged_data = data
            self.save(update_fields=["staged_data", "updated"])

    def discard_staged(self) -> None:
        """Drop the staged changes."""
        self.staged_data = None
        self.save(update_fields=["staged_data", "updated"])
