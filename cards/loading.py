"""Load a validated pack into the database as a builtin `ContentPack`, idempotently.

Same slug + version + checksum: nothing happens ("unchanged"). Same slug + version with other
content: refused unless `replace=True` (a published version must not change under a running
campaign by accident). A new version: a new row, the old versions stay for campaigns that use them.
Everything happens in one transaction, so a refused or broken pack writes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction

from cards.models import ContentPack, pack_checksum
from cards.validation import PackValidationError, check_pack, read_pack_file


class PackConflict(ValueError):
    """The same slug and version is already loaded with different content."""


@dataclass(frozen=True)
class LoadResult:
    """What loading did: `status` is "created", "replaced" or "unchanged"."""

    status: str
    pack: ContentPack

    def summary(self) -> str:
        """Return one line for the command's output."""
        pack = self.pack
        parts = [f"{pack.designs.count()} card designs"]
        if pack.is_legacy:
            parts += [f"{pack.sticker_sheets.count()} sticker sheets",
                      f"{pack.scenarios.count()} scenarios", f"{pack.vp_cards.count()} VP cards"]
        return f"{pack.slug} v{pack.version}: {self.status} ({', '.join(parts)})"


def load_pack_file(path: Path | str, *, replace: bool = False) -> LoadResult:
    """Validate and load one pack file; raise `PackValidationError` or `PackConflict`."""
    data, problems = read_pack_file(path)
    if problems:
        raise PackValidationError(problems)
    return load_pack_data(data, filename=Path(path).name, replace=replace)


@transaction.atomic
def load_pack_data(data: Any, *, filename: str, replace: bool = False) -> LoadResult:
    """Validate and load parsed pack JSON as a builtin pack."""
    check_pack(data, filename=filename)
    header = data["pack"]
    existing = (ContentPack.objects.select_for_update()
                .filter(slug=header["id"], version=header["version"], owner__isnull=True).first())
    if existing is None:
        return LoadResult("created", _save_new(data))
    if existing.checksum == pack_checksum(data):
        return LoadResult("unchanged", existing)
    if not replace:
        raise PackConflict(
            f"{filename}: {header['id']} v{header['version']} is already loaded with different "
            "content; raise pack.version for a new version, or pass --replace to overwrite it"
        )
    existing.set_data(data)
    existing.save()
    existing.rebuild_catalogue()
    return LoadResult("replaced", existing)


def _save_new(data: dict[str, Any]) -> ContentPack:
    pack = ContentPack(slug=data["pack"]["id"], is_builtin=True)
    pack.set_data(data)
    pack.save()
    pack.rebuild_catalogue()
    return pack
