"""In a real Chromium, two people run a campaign: create, invite, sides, scenario 1, a game.

Alice works in one browser context, Bob in a second one (own cookies), in English and in Russian.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from campaign.models import Campaign
from tests.browser_support import log_in, shoot, small_targets
from tests.factories import UserFactory, make_pack

pytestmark = [pytest.mark.long, pytest.mark.django_db(transaction=True)]

TEXTS = {
    "en": {"create": "Create the campaign", "join": "Join the campaign", "pick": "Pick this side",
           "empire": "Star Empire", "federation": "Trade Federation", "open": "Open scenario 1",
           "record": "Record the game of scenario 1", "save": "Record the game",
           "progress": "Scenario 1 of 12", "next": "Open scenario 2.", "vp": "2 VP",
           "copy": "Kingdom Ship 2, copy 2"},
    "ru": {"create": "Создать кампанию", "join": "Присоединиться", "pick": "Выбрать эту сторону",
           "empire": "[ru] Star Empire", "federation": "[ru] Trade Federation",
           "open": "Открыть сценарий 1", "record": "Записать партию сценария 1",
           "save": "Записать партию", "progress": "Сценарий 1 из 12", "next": "Откройте сценарий 2.",
           "vp": "2 ПО", "copy": "[ru] Kingdom Ship 2, копия 2"},
}


def _context_page(browser: Browser, lang: str) -> Page:
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US")
    context.set_default_timeout(10_000)
    return context.new_page()


def _reload(page: Page) -> None:
    """Reload a dashboard; its own poll (HX-Refresh) may be reloading it at that very moment."""
    try:
        page.reload()
    except PlaywrightError:
        page.wait_for_load_state()


def _pick_side(page: Page, side_label: str, t: dict) -> None:
    _reload(page)
    page.get_by_role("radio", name=side_label, exact=True).check()
    page.get_by_role("button", name=t["pick"]).click()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_players_run_scenario_1_in_two_browsers(live_server, browser: Browser, lang) -> None:
    t = TEXTS[lang]
    make_pack()
    UserFactory(username="alice"), UserFactory(username="bob")
    alice, bob = _context_page(browser, lang), _context_page(browser, lang)

    # Alice creates the campaign; the second seat waits for Bob.
    log_in(alice, live_server.url, "alice")
    alice.goto(live_server.url + "/campaigns/new/")
    alice.locator("input[name=name]").fill("Winter war")
    alice.locator("input[name=second_seat]").fill("Bob")
    alice.get_by_role("button", name=t["create"]).click()
    expect(alice.get_by_role("heading", level=1)).to_have_text("Winter war")
    invite = alice.locator("input.invite-link").input_value()

    # Bob follows the invite link: the invitation says what it is and offers sign-in and sign-up
    # side by side; he signs in, comes back to it and joins.
    bob.goto(invite)
    expect(bob.locator("#join-sign-up")).to_be_visible()
    bob.locator("#join-sign-in").click()
    expect(bob).to_have_url(re.compile(r"/accounts/login/"))
    log_in(bob, live_server.url, "bob")
    bob.get_by_role("button", name=t["join"]).click()
    expect(bob.get_by_role("heading", level=1)).to_have_text("Winter war")

    # Both pick sides; then Alice opens scenario 1.
    _pick_side(alice, t["empire"], t)
    _pick_side(bob, t["federation"], t)
    _reload(alice)
    alice.get_by_role("button", name=t["open"]).click()
    expect(alice.locator("#progress")).to_contain_text(t["progress"])

    # Alice records the game: Empire wins, one upgrade, Bob earns the first-blood VP card.
    alice.get_by_role("link", name=t["record"]).click()
    alice.locator("#record-form input[name=winner][value=empire]").check()
    alice.locator("select[name=copy_0]").select_option("kingdom-ship-2#2")
    alice.locator("select[name=sticker_0]").select_option("empire-1:2:ship")
    alice.locator("select[name='vp_s1-first-blood']").select_option("federation")
    alice.get_by_role("button", name=t["save"], exact=True).click()

    # Both dashboards show the new state: Bob's without reloading (htmx polling).
    for page in (alice, bob):
        expect(page.locator("#next-step")).to_have_text(t["next"])
        expect(page.locator(".vp[data-side=empire]")).to_have_text(t["vp"])
        expect(page.locator("#side-empire .upgrades")).to_contain_text(t["copy"])
        expect(page.locator("tr[data-copy='kingdom-ship-2#2']")).to_contain_text(t["empire"])
        expect(page.locator("#side-empire table.sheet tr.used")).to_have_count(1)
    campaign = Campaign.objects.get()
    assert campaign.current_state.vp_cards == {"empire": ["s1-victory"],
                                               "federation": ["s1-first-blood"]}
    for page in (alice, bob):
        page.context.close()


def test_record_form_filters_pairs_adds_rows_and_shows_the_face(live_server, page: Page) -> None:
    """static/js/record.js: a sticker offers only copies of its printed cost and type (L13) and
    the other way round; a copy or sheet row taken in one row is not offered in another (L12,
    L14); "+ add an upgrade" adds a row without posting; the chosen copy's face is shown."""
    pack = make_pack()
    pack.rebuild_catalogue()
    alice = UserFactory(username="alice")
    campaign = Campaign.start(pack, "Winter war", alice, [(alice, "Alice"), (None, "Bob")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/record/")

    page.locator("select[name=sticker_0]").select_option("empire-1:2:ship")
    offered = page.locator("select[name=copy_0] option:not([hidden]):not([value=''])")
    assert set(offered.evaluate_all("os => os.map(o => o.dataset.cost + o.dataset.type)")) == {
        "2ship"}
    page.locator("select[name=copy_0]").select_option("kingdom-ship-2#2")
    expect(page.locator(".upgrade-row").first.locator("img.upgrade-face")).to_be_visible()
    page.wait_for_function("() => { const img = document.querySelector('.upgrade-face');"
                           " return img.complete && img.naturalWidth > 0; }")  # drawn, loaded

    # Row 2 starts from the copy: only cost-2 ship stickers, and not row 1's sheet row.
    page.locator("select[name=copy_1]").select_option("kingdom-ship-2#3")
    stickers = page.locator("select[name=sticker_1] option:not([hidden]):not([value=''])")
    assert stickers.evaluate_all("os => os.map(o => o.value)") == ["federation-1:2:ship"]
    assert page.locator("select[name=copy_1] option[value='kingdom-ship-2#2']").is_disabled()

    page.get_by_role("button", name="+ add an upgrade").click()
    expect(page.locator(".upgrade-row")).to_have_count(4)
    assert page.locator("select[name=copy_3]").input_value() == ""
    page.locator("select[name=sticker_3]").select_option("empire-1:3:ship")
    page.locator("select[name=copy_3]").select_option("scavengers-ship-3#1")
    page.locator("select[name=sticker_1]").select_option("federation-1:2:ship")
    page.locator("#record-form input[name=winner][value=empire]").check()
    page.get_by_role("button", name="Record the game", exact=True).click()
    expect(page.locator("#next-step")).to_have_text("Open scenario 2.")
    campaign.refresh_from_db()
    assert set(campaign.current_state.upgrades) == {"kingdom-ship-2#2", "kingdom-ship-2#3",
                                                    "scavengers-ship-3#1"}


def test_invite_copy_button_copies_the_link(live_server, browser: Browser) -> None:
    pack = make_pack()
    alice = UserFactory(username="alice")
    campaign = Campaign.start(pack, "Winter war", alice, [(alice, "Alice"), (None, "Bob")])
    context = browser.new_context(locale="en-US", permissions=["clipboard-read",
                                                               "clipboard-write"])
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(live_server.url + campaign.get_absolute_url())
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".copy-status")).to_have_text("Copied")
    link = page.locator("input.invite-link").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()


def _played_campaign() -> Campaign:
    """Return alice's campaign of the default pack three scenarios in, scenario 4 opened."""
    from campaign.simulation import Simulation
    from campaign.state import missing_choices
    from cards.loading import load_pack_file
    pack = load_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" / "legacy-default.json").pack
    alice = UserFactory(username="alice")
    simulation = Simulation(pack, 4)
    simulation.begin(alice, "Winter war", [(alice, "Alice"), (None, "Bob")])
    simulation.play_through(3)
    campaign = simulation.campaign
    campaign.apply_event("scenario_opened", {"number": 4}, alice, campaign.version)
    for choice in missing_choices(campaign.content, campaign.current_state):
        campaign.apply_event("choice_made", {"choice": choice["id"],
                                             "option": choice["options"][0]["id"]},
                             alice, campaign.version)
    return campaign


def _campaign_pages(campaign: Campaign) -> tuple[str, ...]:
    return (campaign.get_absolute_url(), f"/campaigns/{campaign.pk}/history/",
            f"/campaigns/{campaign.pk}/record/", f"/campaigns/{campaign.pk}/scenarios/3/")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_played_campaign_fits_a_phone_without_scrolling_sideways(live_server, browser: Browser,
                                                                   lang: str) -> None:
    """The dashboard was 617 px wide on a 390 px screen; record and history pages too must fit."""
    campaign = _played_campaign()
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                  viewport={"width": 390, "height": 800})
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    for path in _campaign_pages(campaign):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_control_of_the_campaign_pages_is_at_least_44_px(live_server, browser: Browser,
                                                               lang: str, width: int) -> None:
    """Issue 20 (2): checkboxes (13 px), the opened envelopes' links "1"/"2" (10x19 px) and every
    other link, button and field of the campaign's pages are at least 44x44 CSS px, on a phone
    and on a desktop."""
    campaign = _played_campaign()
    phone = width < 600
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                  viewport={"width": width, "height": 844 if phone else 800},
                                  has_touch=phone, is_mobile=phone)
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    found = {}
    for index, path in enumerate(_campaign_pages(campaign) + ("/campaigns/",)):
        page.goto(live_server.url + path)
        shoot(page, f"campaign-{index}-{lang}-{width}", full_page=True)
        page.locator("details:not([open]) > summary").evaluate_all(
            "ss => ss.forEach(s => s.parentElement.open = true)")  # what opens is measured too
        small = small_targets(page)
        if small:
            found[path] = small
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
    assert found == {}, "\n".join(f"{path}: {small}" for path, small in found.items())
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_record_form_shows_a_long_sticker_text_whole(live_server, browser: Browser, lang: str,
                                                     width: int) -> None:
    """Issue 20 (2): "Корабль, стоимость 4 — и +3 б" — a select cut the sticker's text. The
    chosen sticker reads in full on the closed select, and every option of the open list lies
    wholly on the screen, wrapped, on a phone and on a desktop."""
    campaign = _played_campaign()
    context = browser.new_context(locale="ru-RU" if lang == "ru" else "en-US",
                                  viewport={"width": width, "height": 844})
    page = context.new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/record/")
    select = page.locator("select[name=sticker_0]")
    longest = select.locator("option").evaluate_all(
        "os => os.reduce((a, o) => o.textContent.length > a.textContent.length ? o : a).value")
    select.select_option(longest)
    shown = select.evaluate("""s => {
        const text = s.options[s.selectedIndex].textContent, style = getComputedStyle(s);
        const ctx = document.createElement("canvas").getContext("2d");
        ctx.font = style.font;
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const lines = Math.ceil(ctx.measureText(text).width / room);
        const line = s.parentElement.querySelector(".chosen-text");
        return {lines, height: s.clientHeight, lineHeight: parseFloat(style.lineHeight) ||
                parseFloat(style.fontSize) * 1.2, spelled: line && line.checkVisibility() ?
                line.textContent : ""}; }""")
    assert shown["lines"] > 1, "the test needs a sticker longer than the select"
    wraps = shown["height"] >= shown["lines"] * shown["lineHeight"] * 0.9
    assert wraps or shown["spelled"], shown
    shoot(page, f"record-sticker-{lang}-{width}")

    select.click()
    options = select.locator("option:not([hidden])")
    expect(options.first).to_be_visible()
    boxes = options.evaluate_all("""os => os.map(o => { const r = o.getBoundingClientRect();
        return {left: r.left, right: r.right, width: r.width,
                cut: o.scrollWidth > o.clientWidth + 1}; })""")
    assert all(b["width"] > 0 and b["left"] >= 0 and b["right"] <= width and not b["cut"]
               for b in boxes), boxes
    shoot(page, f"record-sticker-list-{lang}-{width}")
    context.close()
