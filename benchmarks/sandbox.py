"""A throw-away Starledger site for benchmarks that measure the web layer in process.

Each benchmark run gets its own temporary folder with a fresh SQLite database (migrated) and its
own card-face cache, so a run never reads or writes the developer's `db/` and two runs side by
side do not share state. Benchmarks are started as scripts (`python benchmarks/x.py`), so this
module is imported as `sandbox` from the script's own folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKS = ROOT / "fixtures" / "packs"


def throwaway_site(name: str, **env: str) -> Path:
    """Point Django at a new migrated SQLite database in a temporary folder; return the folder.

    `env` adds or overrides environment settings (DEBUG, TASKS_SYNC, ALLOWED_HOSTS, …) before
    Django reads them.
    """
    folder = Path(tempfile.mkdtemp(prefix=f"starledger-bench-{name}-"))
    os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1",
                       "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
                       "CARD_CACHE_DIR": f"{folder}/card-cache",
                       "ALLOWED_HOSTS": "testserver,localhost", **env})
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return folder


def load_pack(name: str) -> Any:
    """Load fixtures/packs/<name>.json into the sandbox's database; return the ContentPack."""
    from cards.loading import load_pack_file

    return load_pack_file(PACKS / f"{name}.json").pack
