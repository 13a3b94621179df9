"""The canonical form of pack JSON and its checksum, the key of every cache of a pack."""
from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """Serialise pack data the same way every time, so equal packs get equal checksums."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def pack_checksum(data: Any) -> str:
    """Return the sha256 hex digest of the canonical JSON of a pack."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()
