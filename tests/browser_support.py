"""Helpers shared by the Chromium tests (the `page`, `browser` and `live_server` fixtures are in
tests/conftest.py)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.factories import PERSONA_PASSWORD


def log_in(page: Page, base_url: str, username: str, password: str = PERSONA_PASSWORD) -> None:
    """Log in through allauth's form and wait until the site has let the user in.

    The fields are found by name, so it works in every language. A page already sent to the login
    form (by a link that needs an account) is used as it is: its `?next=` leads on afterwards.
    """
    if "/accounts/login/" not in page.url:
        page.goto(base_url + "/accounts/login/")
    page.locator("input[name=login]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("form input[name=password]").press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
