"""Every cookie the site sets carries SameSite and HttpOnly, and Secure over HTTPS (issue 25 F8).

Before, in the HTTPS shape the `django_language` cookie had no Secure, SameSite or HttpOnly flag,
and the CSRF cookie was readable by scripts although none reads it (htmx sends the token from
base.html). The settings are evaluated afresh with HTTPS=1 and with HTTPS=0, and a visitor logs
in, switches the language and posts a form that leaves a message: every cookie set on the way is
listed and checked. Deleting a cookie (an empty value that expires at once) is not setting one.
"""
from __future__ import annotations

import os
import runpy
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import PERSONA_PASSWORD, make_pack

pytestmark = pytest.mark.django_db

EXPECTED = {"csrftoken", "sessionid", "django_language", "messages"}


def _shape(https: bool) -> dict[str, object]:
    """Return the cookie and transport settings of config/settings.py run with HTTPS set so."""
    with mock.patch.dict(os.environ, {"HTTPS": "1" if https else "0"}):
        values = runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "settings.py"))
    return {name: value for name, value in values.items()
            if "COOKIE" in name or name.startswith("SECURE_")}


def _cookies_of_a_visit(https: bool, alice) -> Iterator[tuple[str, dict[str, object]]]:
    """Log in, switch the language, copy a set (a message); yield every cookie set, with flags."""
    pack = make_pack("cookie-test")
    client = Client()
    steps = [
        ("get", reverse("account_login"), None),
        ("post", reverse("account_login"), {"login": alice.username, "password": PERSONA_PASSWORD}),
        ("post", reverse("set_language"), {"language": "ru", "next": "/"}),
        ("post", reverse("cards:copy", args=[pack.pk]), {}),
        ("get", "/", None),  # shows the message
    ]
    for method, url, data in steps:
        response = getattr(client, method)(url, data, secure=https)
        assert response.status_code in (200, 302), (url, response.status_code)
        for name, morsel in response.cookies.items():
            deleted = morsel.value == "" and str(morsel["max-age"]) == "0"
            if not deleted:
                yield name, {"secure": bool(morsel["secure"]), "httponly": bool(morsel["httponly"]),
                             "samesite": morsel["samesite"]}


@pytest.mark.parametrize("https", [True, False], ids=["https", "http"])
def test_every_cookie_of_a_visit_carries_its_flags(alice, https: bool) -> None:
    with override_settings(**_shape(https)):
        cookies = list(_cookies_of_a_visit(https, alice))
    assert {name for name, _ in cookies} == EXPECTED
    wanted = {"secure": https, "httponly": True, "samesite": "Lax"}
    assert [(name, flags) for name, flags in cookies if flags != wanted] == []


def test_the_https_shape_is_what_production_runs() -> None:
    """HTTPS follows DEBUG: on without DEBUG, so the production settings carry Secure."""
    with mock.patch.dict(os.environ, {"DEBUG": "0", "SECRET_KEY": "x" * 50}):
        os.environ.pop("HTTPS", None)
        values = runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "settings.py"))
    assert values["HTTPS"] is True
    assert all(values[f"{kind}_COOKIE_SECURE"] for kind in ("SESSION", "CSRF", "LANGUAGE"))
