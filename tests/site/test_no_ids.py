"""Names, never ids (issue 11): no page a person reads shows an internal id, in English or Russian.

The default legacy pack is played by the bots (campaign/simulation.py) through all twelve
scenarios, and a second campaign stops with scenario 3 open; then every page of both campaigns
(found by following their links, plus the deck filters, refused forms, a stale record, a broken
import and the invite page) and of online matches is fetched in both languages. The visible text
(tags, attributes, scripts and styles removed) must not contain:

- a hyphenated id of the pack (``kingdom-guard-frigate``, ``empire-1``, ``free-ports``),
- a copy number written as an id (``#2``),
- a sticker id (``empire-1:3:ship``).
"""
from __future__ import annotations

import html
import random
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaign.backup import dumps, export_campaign
from campaign.models import Campaign
from campaign.simulation import Simulation
from campaign.state import CHOICE_MADE, SCENARIO_OPENED, missing_choices
from cards.loading import load_pack_file
from cards.models import ContentPack
from play import services
from play.engine import legal_actions
from play.models import Match
from tests.factories import UserFactory

# Which words a page shows cannot depend on the database: the PostgreSQL pass skips this crawl.
pytestmark = [pytest.mark.long, pytest.mark.django_db, pytest.mark.one_database]

PACKS = Path(settings.BASE_DIR) / "fixtures" / "packs"
LANGS = ("en", "ru")
COPY_ID = re.compile(r"#\d")
STICKER_ID = re.compile(r"[\w-]+:\d+:(?:ship|base)\b")
HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1\s*>|<!--.*?-->", re.DOTALL | re.IGNORECASE)
TAG = re.compile(r"<[^>]*>")
MAX_PAGES = 150


def visible_text(page: str) -> str:
    """Return what a reader sees: no scripts, styles, comments, tags or attributes."""
    return html.unescape(TAG.sub(" ", HIDDEN.sub(" ", page)))


def pack_slugs(*packs: ContentPack) -> re.Pattern[str]:
    """Return a pattern of every hyphenated id in the packs (cards, sheets, VP cards, choices...)."""
    ids: set[str] = set()
    for pack in packs:
        data = pack.data
        ids.add(data["pack"]["id"])
        for key in ("cards", "sticker_sheets", "vp_cards", "factions", "sides"):
            ids.update(item["id"] for item in data.get(key, []))
        for scenario in data.get("scenarios", []):
            for side in scenario.get("sides", {}).values():
                for choice in side.get("choices", []):
                    ids.add(choice["id"])
                    ids.update(option["id"] for option in choice.get("options", []))
    hyphenated = sorted((i for i in ids if "-" in i), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, hyphenated)) + r")(?![\w-])")


def leaks(text: str, slugs: re.Pattern[str]) -> list[str]:
    """Return each id found in ``text`` with a little context."""
    found = []
    for pattern in (slugs, COPY_ID, STICKER_ID):
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 40), match.end() + 40
            found.append(" ".join(text[start:end].split()))
    return found


class Scanner:
    """Fetches pages in one language, follows links under the given prefixes, collects leaks."""

    def __init__(self, client: Client, slugs: re.Pattern[str], lang: str) -> None:
        self.client, self.slugs, self.lang = client, slugs, lang
        self.seen: set[str] = set()
        self.leaks: dict[str, list[str]] = {}

    def scan(self, label: str, content: str) -> str:
        found = leaks(visible_text(content), self.slugs)
        if found:
            self.leaks[f"{label} [{self.lang}]"] = found
        return content

    def get(self, url: str, **headers: str) -> str:
        response = self.client.get(url, HTTP_ACCEPT_LANGUAGE=self.lang, **headers)
        if not response.get("Content-Type", "").startswith("text/html"):
            return ""  # a download (the JSON backup, an image): not a page anyone reads
        assert response.status_code < 500, url
        return self.scan(f"GET {url}", response.content.decode())

    def post(self, url: str, data: dict, **extra: object) -> str:
        response = self.client.post(url, data, HTTP_ACCEPT_LANGUAGE=self.lang, follow=True,
                                    **extra)
        assert response.status_code < 500, url
        return self.scan(f"POST {url}", response.content.decode())

    def crawl(self, start: Iterable[str], prefixes: tuple[str, ...]) -> None:
        queue = list(start)
        while queue and len(self.seen) < MAX_PAGES:
            url = queue.pop(0)
            if url in self.seen:
                continue
            self.seen.add(url)
            for href in re.findall(r'href="([^"#]+)"', self.get(url)):
                target = urljoin(url, html.unescape(href))
                if urlsplit(target).netloc or "/export/" in target:
                    continue  # another site, or a download (their own tests check the files)
                if target.startswith(prefixes) and target not in self.seen:
                    queue.append(target)


@pytest.fixture
def default_pack(db) -> ContentPack:
    return load_pack_file(PACKS / "legacy-default.json").pack


@pytest.fixture
def players(db) -> tuple:
    return UserFactory(username="alice"), UserFactory(username="bob")


def played_through(pack: ContentPack, seed: int, last: int, name: str, seats: list) -> Campaign:
    """Return a campaign the bots played through scenario ``last`` (seat 0 the Star Empire)."""
    simulation = Simulation(pack, seed)
    simulation.begin(seats[0][0], name, seats)
    simulation.play_through(last)
    return simulation.campaign


def open_next(campaign: Campaign, actor: object) -> None:
    """Open the next scenario and make its choices with the first option (L1, L6)."""
    campaign.apply_event(SCENARIO_OPENED, {"number": campaign.current_state.scenario + 1}, actor,
                         campaign.version)
    for choice in missing_choices(campaign.content, campaign.current_state):
        campaign.apply_event(CHOICE_MADE, {"choice": choice["id"],
                                           "option": choice["options"][0]["id"]},
                             actor, campaign.version)


def campaign_pages(scanner: Scanner, campaign: Campaign, extra: Iterable[str] = ()) -> None:
    base = campaign.get_absolute_url()
    deck = reverse("campaign:deck", args=[campaign.pk])
    factions = {f for c in campaign.content.trade_copies
                for f in campaign.content.card_of_copy(c)["factions"]}
    for query in ["upgraded=yes", "upgraded=no", "type=base", "by=empire", "by=federation",
                  *(f"faction={f}" for f in sorted(factions))]:
        scanner.get(f"{deck}?{query}", HTTP_HX_REQUEST="true")
    scanner.crawl([base, *extra], (base, reverse("campaign:list"), "/cards/"))


def mismatched_pair(campaign: Campaign) -> tuple[str, str]:
    """Return a free copy and an offered sticker whose printed costs differ (L13)."""
    state, content = campaign.current_state, campaign.content
    side = state.current()["first_player"]
    sheet = content.sheets[state.opened_sheets[side][-1]]
    row = next(r for r in sheet["rows"] if str(r["cost"]) not in state.used_rows.get(sheet["id"], {}))
    kind = "ship" if "ship" in row else "base"
    copy_id = next(c for c in state.trade_deck(content) if c not in state.upgrades
                   and content.card_of_copy(c).get("cost") not in (None, row["cost"]))
    return copy_id, f"{sheet['id']}:{row['cost']}:{kind}"


def test_no_campaign_page_shows_an_id_in_either_language(default_pack, players) -> None:
    alice, bob = players
    finished = played_through(default_pack, 11, 12, "Twelve scenarios",
                              [(alice, "Alice"), (None, "Bob")])
    midway = played_through(default_pack, 12, 2, "Midway", [(alice, "Alice"), (bob, "Bob")])
    open_next(midway, alice)
    copy_id, sticker = mismatched_pair(midway)
    backup = export_campaign(midway)
    recorded = next(e for e in backup["events"] if e["kind"] == "game_recorded"
                    and e["payload"]["upgrades"])
    recorded["payload"]["upgrades"][0]["sticker"] = sticker  # breaks L13 (or L4a/L14) on import
    slugs = pack_slugs(default_pack)
    found: dict[str, list[str]] = {}
    for lang in LANGS:
        client = Client()
        client.force_login(alice)
        scanner = Scanner(client, slugs, lang)
        scanner.get("/")
        scanner.get(reverse("campaign:import"))
        campaign_pages(scanner, finished)
        campaign_pages(scanner, midway, [reverse("campaign:record", args=[midway.pk])])
        record = reverse("campaign:record", args=[midway.pk])
        game = {"winner": "empire", "how": "political", "copy_0": copy_id, "sticker_0": sticker}
        scanner.post(record, {**game, "version": midway.version})          # a refused pair
        scanner.post(record, {**game, "version": midway.version - 1})      # a stale record
        scanner.post(record, {**game, "version": midway.version, "add_row": "1"})
        scanner.post(reverse("campaign:open", args=[midway.pk]), {"version": midway.version})
        after = reverse("campaign:after_upgrade", args=[finished.pk])
        scanner.post(after, {"version": finished.version, "copy": copy_id, "sticker": sticker})
        scanner.post(reverse("campaign:import"), {"file": SimpleUploadedFile(
            "backup.json", dumps(backup).encode(), "application/json")})
        invited = Client()
        invited.force_login(bob)
        guest = Scanner(invited, slugs, lang)
        guest.get(reverse("campaign:join", args=[finished.seats.get(index=1).invite_token]))
        assert len(scanner.seen) > 20  # the crawl reached the campaigns' pages at all
        found.update(scanner.leaks)
        found.update(guest.leaks)
    assert found == {}


def play_and_scan(client: Client, match: Match, scanners: list[Scanner], moves: int,
                  seed: int) -> None:
    """Make random legal moves for seat 0, scanning the page and the board every few moves."""
    rng = random.Random(seed)
    for step in range(moves):
        match.refresh_from_db()
        if step % 8 == 0 or match.is_over:
            for scanner in scanners:
                scanner.get(match.get_absolute_url())
                scanner.get(reverse("play:board", args=[match.pk]), HTTP_HX_REQUEST="true")
        if match.is_over:
            return
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        preferred = [n for n in legal if n.startswith(("buy", "play", "attack", "choose"))]
        client.post(reverse("play:act", args=[match.pk]),
                    {"notation": rng.choice(preferred or legal), "version": match.version})


def test_no_match_page_shows_an_id_in_either_language(players) -> None:
    alice, _bob = players
    core = load_pack_file(PACKS / "core-set.json").pack
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("play:create"), {"deck": f"pack-{core.pk}",
                                                    "opponent": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get()
    scanners = [Scanner(client, pack_slugs(core), lang) for lang in LANGS]
    play_and_scan(client, match, scanners, 120, seed=5)
    for scanner in scanners:
        scanner.get(reverse("play:create"))
    assert {k: v for s in scanners for k, v in s.leaks.items()} == {}


def test_no_campaign_match_page_shows_an_id_in_either_language(default_pack, players) -> None:
    """A campaign's scenario 3 played online: its deck has the stickers of scenarios 1 and 2."""
    alice, _bob = players
    campaign = played_through(default_pack, 12, 2, "Online", [(alice, "Alice"), (None, "Bob")])
    open_next(campaign, alice)
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("play:campaign", args=[campaign.pk]),
                           {f"c{campaign.pk}-bot": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get(campaign=campaign)
    core = ContentPack.objects.filter(slug="core-set").first()
    slugs = pack_slugs(default_pack, *([core] if core else []))
    scanners = [Scanner(client, slugs, lang) for lang in LANGS]
    play_and_scan(client, match, scanners, 120, seed=6)
    assert {k: v for s in scanners for k, v in s.leaks.items()} == {}
