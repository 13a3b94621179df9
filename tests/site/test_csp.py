"""Issue 10: every page carries a Content-Security-Policy that allows no inline or foreign script."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATE_DIRS = [Path(settings.BASE_DIR) / "templates"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/cards/", "/no-such-page/"])
def test_pages_send_a_policy_allowing_scripts_from_this_site_only(client, path) -> None:
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"


def test_no_template_holds_an_inline_script_or_event_handler() -> None:
    """The policy would block them: every script is a static file loaded with src."""
    offenders = []
    for folder in TEMPLATE_DIRS:
        for template in folder.rglob("*.html"):
            text = template.read_text(encoding="utf-8")
            if re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", text) or re.search(
                    r"\son[a-z]+\s*=", text) or "hx-on" in text:
                offenders.append(str(template))
    assert offenders == []
