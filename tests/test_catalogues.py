"""Every app's Russian catalogue is whole and well formed.

- Every string of an app's code and templates (templates/<app>/, templates/jinja2/<app>/), as
  makemessages extracts it, is translated in the compiled catalogue; msgfmt leaves out untranslated
  and fuzzy entries, so a string missing there reaches a Russian visitor in English.
- Every catalogue passes `msgfmt --check`: its plural entries have as many forms as its header
  declares (a merge once left a 4-form entry in a 3-form catalogue, which msgfmt refuses)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cards.locale_check import (
    extracted_msgids,
    fuzzy_entries,
    gettext_tools_missing,
    missing_in_compiled,
)

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/django.po")
                    if ".venv" not in p.parts)


# app -> fewer strings than this means the extraction did not find the app's strings at all
APP_STRINGS = {"campaign": 150, "cards": 80, "play": 100, "story": 100}


def test_the_catalogues_are_found() -> None:
    assert len(CATALOGUES) >= 5


@pytest.mark.skipif(gettext_tools_missing(), reason="gettext tools not installed")
@pytest.mark.parametrize("app", sorted(APP_STRINGS))
def test_compiled_catalogue_translates_every_string_of_the_app(app: str, tmp_path: Path) -> None:
    msgids = extracted_msgids(app, tmp_path)
    assert len(msgids) > APP_STRINGS[app]
    assert missing_in_compiled(app, msgids, tmp_path) == []


@pytest.mark.parametrize("app", sorted(APP_STRINGS))
def test_catalogue_has_no_fuzzy_entries(app: str) -> None:
    assert fuzzy_entries(app) == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext is not installed")
@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_passes_msgfmt_check(catalogue: Path) -> None:
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(catalogue)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
