"""Every Russian catalogue passes `msgfmt --check`: its plural entries have as many forms as its
header declares (a merge once left a 4-form entry in a 3-form catalogue, which msgfmt refuses)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/django.po")
                    if ".venv" not in p.parts)


def test_the_catalogues_are_found() -> None:
    assert len(CATALOGUES) >= 5


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext is not installed")
@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_passes_msgfmt_check(catalogue: Path) -> None:
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(catalogue)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
