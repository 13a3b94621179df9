"""The cards app's Russian catalogue is complete, and the browser speaks Russian.

To refresh the catalogue after changing strings (templates/cards lives outside the app, so it is
linked in for the scan):
    cd cards && ln -s ../templates/cards _templates && \
      DJANGO_SETTINGS_MODULE=config.settings PYTHONPATH=.. \
      django-admin makemessages -l ru --symlinks -i "migrations/*"; rm _templates
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from cards.loading import load_pack_data
from tests.cards.packs import legacy_pack

LOCALE = Path(__file__).resolve().parents[2] / "cards" / "locale" / "ru" / "LC_MESSAGES"


def _entries(po: str) -> list[tuple[str, list[str]]]:
    """Return (msgid, [msgstr...]) for every entry but the header."""
    entries = []
    for block in po.split("\n\n"):
        ids = re.findall(r'^msgid "(.*)"((?:\n".*")*)', block, re.M)
        strs = re.findall(r'^msgstr(?:\[\d\])? "(.*)"((?:\n".*")*)', block, re.M)
        if ids and (ids[0][0] or ids[0][1]):
            joined = [first + "".join(re.findall(r'"(.*)"', rest)) for first, rest in strs]
            entries.append((ids[0][0] + "".join(re.findall(r'"(.*)"', ids[0][1])), joined))
    return entries


def test_every_message_has_a_russian_translation():
    po = (LOCALE / "django.po").read_text(encoding="utf-8")
    entries = _entries(po)
    assert len(entries) > 50
    untranslated = [msgid for msgid, strs in entries if not all(strs)]
    assert untranslated == []
    assert "#, fuzzy" not in po


@pytest.mark.django_db
def test_pack_page_in_russian(client):
    if not (LOCALE / "django.mo").exists():
        pytest.skip("catalogue not compiled (the setup step runs compilemessages)")
    pack = load_pack_data(legacy_pack(), filename="l.json").pack
    html = client.get(reverse("cards:pack", args=[pack.pk]), HTTP_ACCEPT_LANGUAGE="ru")
    text = html.content.decode()
    assert "Запечатанные конверты скрыты" in text
    assert "46 карт" in text  # 47 designs, the post-campaign one hidden

