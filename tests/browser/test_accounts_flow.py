"""In a real Chromium: sign up, log in, switch language, log out."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PERSONA_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_visitor_signs_up_and_lands_on_their_home(live_server, page: Page) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("carol")
    page.get_by_label("Email").fill("carol@example.test")
    page.get_by_label("Password:", exact=True).fill(PERSONA_PASSWORD)
    page.get_by_label("Password (again):").fill(PERSONA_PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome, carol")
    expect(page.get_by_text("You have no campaign yet")).to_be_visible()


def test_player_logs_in_switches_to_russian_and_logs_out(live_server, page: Page) -> None:
    UserFactory(username="alice")
    # The login form itself is tested here, as a person finds it: by its labels and its button
    # (the other browser tests log in with tests.browser_support.log_in).
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username or email:").fill("alice")
    page.get_by_label("Password:", exact=True).fill(PERSONA_PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Welcome back, alice")

    page.get_by_label("Language").select_option("ru")
    page.get_by_role("button", name="Switch").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("heading", level=1)).to_have_text("С возвращением, alice")

    page.get_by_role("button", name="Выйти").click()
    expect(page.get_by_role("heading", name="Как начать")).to_be_visible()
    expect(page.get_by_role("link", name="Войти").first).to_be_visible()


def test_keyboard_user_can_skip_to_content(live_server, page: Page) -> None:
    page.goto(live_server.url + "/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
