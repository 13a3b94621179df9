"""Every UI string of the story app (code and templates/story/) has a Russian translation."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.locale_check import (
    extracted_msgids,
    fuzzy_entries,
    gettext_tools_missing,
    missing_in_compiled,
)


@pytest.mark.skipif(gettext_tools_missing(), reason="gettext tools not installed")
def test_compiled_catalogue_translates_every_story_string(tmp_path: Path) -> None:
    msgids = extracted_msgids("story", tmp_path)
    assert len(msgids) > 100  # the extraction found the app's strings at all
    assert missing_in_compiled("story", msgids, tmp_path) == []


def test_story_catalogue_has_no_fuzzy_entries() -> None:
    assert fuzzy_entries("story") == []
