"""English and Russian: the language follows the browser and the switcher."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_browser_language_russian_gets_russian_pages(client: Client) -> None:
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="ru">' in html
    assert "Как начать" in html


def test_language_switcher_sets_russian_for_the_next_pages(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert '<html lang="ru">' in html


def test_login_page_is_translated(client: Client) -> None:
    html = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Войти" in html
