"""No page loads or links anything from another host (no CDN, no tracking, works offline)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

LOCAL_HOSTS = {"testserver", "localhost", "127.0.0.1"}
# An absolute URL anywhere in the text, or a protocol-relative one inside an attribute.
ABSOLUTE_URL = re.compile(r"https?://([^/\s\"'<>]+)", re.IGNORECASE)
PROTOCOL_RELATIVE = re.compile(
    r"""(?:src|href|action|srcset)\s*=\s*["']//([^/"']+)""", re.IGNORECASE
)
ANONYMOUS_PAGES = [
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/password/reset/",
    "/no/such/page/",
]
PLAYER_PAGES = ["/", "/accounts/password/change/", "/accounts/email/"]


def external_hosts(text: str) -> set[str]:
    """Return every host other than this site's named by a URL in `text`."""
    hosts = {m.group(1).lower() for m in ABSOLUTE_URL.finditer(text)}
    hosts |= {m.group(1).lower() for m in PROTOCOL_RELATIVE.finditer(text)}
    return {host for host in hosts if host.split(":")[0] not in LOCAL_HOSTS}


def test_scanner_finds_an_external_url() -> None:
    assert external_hosts('<script src="https://cdn.example.com/x.js">') == {"cdn.example.com"}
    assert external_hosts('<link href="//fonts.example.org/a.css">') == {"fonts.example.org"}
    assert external_hosts('<a href="http://testserver/">') == set()


@pytest.mark.parametrize("path", ANONYMOUS_PAGES)
def test_anonymous_page_names_no_other_host(client: Client, path: str) -> None:
    for language in ("en", "ru"):
        html = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert external_hosts(html) == set(), f"{path} ({language})"


@pytest.mark.parametrize("path", PLAYER_PAGES)
def test_player_page_names_no_other_host(alice_client: Client, path: str) -> None:
    html = alice_client.get(path).content.decode()
    assert external_hosts(html) == set(), path


def test_our_static_files_fetch_nothing_from_other_hosts() -> None:
    for folder in settings.STATICFILES_DIRS:
        for asset in Path(folder).rglob("*"):
            if asset.suffix in {".css", ".js"}:
                text = asset.read_text(encoding="utf-8")
                assert not re.search(r"url\(\s*[\"']?(https?:)?//", text), asset
                assert not re.search(r"@import\s+[\"']?(url\()?[\"']?(https?:)?//", text), asset
