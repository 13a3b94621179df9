"""Helpers shared by the Chromium tests (the `page`, `browser` and `live_server` fixtures are in
tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

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


# Everything a player taps: at least 44x44 CSS px (WCAG 2.5.5), cards included (issue 20).
INTERACTIVE = ("a[href], button, summary, input:not([type=hidden]), select, textarea, "
               "[role=button], label:has(input)")


def small_targets(page: Page) -> list[str]:
    """Describe every interactive element shown on the page that is under 44x44 CSS px.

    Hidden ones (closed dialogs and popovers, the skip link) do not count; an input inside a
    label is measured by its label, the box a finger actually hits.
    """
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(e => {
            const r = e.getBoundingClientRect(), s = getComputedStyle(e);
            if (!r.width || !r.height || s.visibility === "hidden" || r.bottom <= 0) return false;
            if (e.checkVisibility && !e.checkVisibility()) return false;
            if (e.closest(".visually-hidden, [popover]:not(:popover-open), dialog:not([open])"))
                return false;
            if (e.tagName === "INPUT" && e.closest("label")) return false;  // its label counts
            return r.width < 43.5 || r.height < 43.5;
        }).map(e => e.tagName + "#" + e.id + "." + e.className + " " +
                    e.getBoundingClientRect().width.toFixed(0) + "x" +
                    e.getBoundingClientRect().height.toFixed(0) + " " +
                    e.textContent.trim().slice(0, 30))""", INTERACTIVE)


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    """Keep a screenshot as <name>.png in the folder SHOTS names, when it is set (issue notes)."""
    folder = os.environ.get("SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)
