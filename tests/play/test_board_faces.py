"""The match board shows card faces and is played by clicking them (issue 8 part 2), server side.

Every visible card is an <img> whose alt text holds its name and text; the cards an action names
carry that action; an upgrade chooser shows each sticker's text and faction (L11, L12, L15, L16),
never a sticker id; the other hand never reaches the page as a face (C25).
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from campaign.models import Campaign
from campaign.state import missing_choices
from cards.loading import load_pack_file
from play import creation, services
from play.creation import SeatSpec
from play.engine import GameSetup, SeatSetup, legal_actions, view
from play.models import Match

STICKER_ID = re.compile(r"[a-z0-9-]+:\d+:(?:ship|base)")
FACE = re.compile(r"/cards/\d+/faces/([a-z0-9-]+)\.png")


class _Page(HTMLParser):
    """Collect what a person reads (text, alt, title, labels) and every <img>."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []
        self.images: list[dict[str, str]] = []
        self.buttons: list[dict[str, str]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "img":
            self.images.append(values)
        if tag == "button":
            self.buttons.append(values)
        self.read += [values[k] for k in ("alt", "title", "aria-label") if k in values]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.read.append(data)


def parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def bot_match(core_pack, alice) -> Match:
    return make_bot_match(core_pack, alice)


@pytest.fixture
def upgrade_match(alice) -> tuple[Match, str]:
    return make_upgrade_match(alice)


def make_bot_match(core_pack, alice) -> Match:
    """Return a standard game of alice against the heuristic bot, a few turns in."""
    match = creation.create_standard_match(
        core_pack, [SeatSpec("alice", alice), SeatSpec("Bot", bot="heuristic")], seed=5)
    rng = random.Random(2)
    while services.engine_state(match).turn < 5:
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        moves = [n for n in legal if n.startswith(("play", "buy"))] or legal
        match = services.play(match.pk, 0, rng.choice(moves), match.version)
    return match


UPGRADE_SEED = 1


def make_upgrade_match(alice) -> tuple[Match, str]:
    """Return a default-pack campaign game where alice can buy an upgrade (L11), and that buy."""
    pack = load_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" /
                          "legacy-default.json").pack
    campaign = Campaign.start(pack, "Real", alice, [(alice, "Alice"), (None, "Fed")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    for choice in missing_choices(campaign.content, campaign.current_state):  # L6
        campaign.apply_event("choice_made", {"choice": choice["id"],
                                             "option": choice["options"][0]["id"]},
                             alice, campaign.version)
    # A fixed seed: with a fresh one each run, some deals end the game before any upgrade.
    match = creation.create_campaign_match(campaign, {0: "heuristic", 1: "heuristic"},
                                           seed=UPGRADE_SEED)
    rng = random.Random(5)
    for _ in range(400):
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        if not legal:
            break
        upgrade = next((n for n in legal if n.startswith("buy") and " up " in n), None)
        if upgrade:
            return match, upgrade
        moves = [n for n in legal if n.startswith("play")] or legal
        match = services.play(match.pk, 0, rng.choice(moves), match.version)
    raise AssertionError("no upgrade became possible")


def test_every_visible_card_is_a_face_with_its_name_and_text(bot_match, alice) -> None:
    """Hand, trade row, play areas and piles: one <img> per card, alt = name and card text."""
    html = _client(alice).get(bot_match.get_absolute_url()).content.decode()
    page = parse(html)
    seen = view(services.engine_state(bot_match), 0)
    cards = seen["hand"] + [c for c in seen["trade_row"] if c] + seen["scrap_heap"]
    for player in seen["players"]:
        cards += player["in_play"] + player["bases"] + player["discard"]
    assert len(cards) >= 10
    faces = [img for img in page.images if FACE.search(img["src"])]
    for card in cards:
        name = card["name"]["en"]
        ids = [FACE.search(img["src"]).group(1) for img in faces if img["alt"].startswith(name)]
        assert card["card"] in ids, f"no face of {name}"
    for img in faces:
        assert img["width"] and img["height"] and img["loading"] == "lazy"
    scout = next(img for img in faces if img["alt"].startswith("Scout"))
    assert "+1 trade" in scout["alt"]


def test_hand_cards_are_buttons_posting_their_play_notation_and_version(bot_match, alice) -> None:
    html = _client(alice).get(bot_match.get_absolute_url()).content.decode()
    hand = html.split('id="hand"')[1].split("</ul>")[0]
    state = services.engine_state(bot_match)
    for card in state.hand[0]:
        assert f'name="notation" value="play {card}"' in hand
    assert f'name="version" value="{bot_match.version}"' in hand and 'hx-post="' in hand
    assert 'id="end-turn"' in html and "<script>" not in html  # no inline script (CSP)


def test_upgrade_chooser_shows_sticker_text_and_faction_never_an_id(upgrade_match, alice
                                                                   ) -> None:
    """L11/L12: the trade-row card opens a menu: Buy, and one option per sticker with its
    printed text (L15: "and ..." extends the primary) and the faction it adds (L16)."""
    match, upgrade = upgrade_match
    card, sticker_id = upgrade.split()[1], upgrade.split(" up ")[1]
    pages = {lang: _client(alice).get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=lang)
             .content.decode() for lang in ("en", "ru")}
    sheet_id, cost, kind = sticker_id.split(":")
    pack = match.pack.data
    sheet = next(s for s in pack["sticker_sheets"] if s["id"] == sheet_id)
    row = next(r for r in sheet["rows"] if str(r["cost"]) == cost)
    from cards.templatetags.card_faces import sticker_lines
    for lang, faction in (("en", "Star Empire"), ("ru", "Звёздная империя")):
        html = pages[lang]
        menu = html.split(f'data-card-id="{card}"')[1].split("</li>")[0]
        assert 'class="card-menu"' in menu and f'value="{upgrade}"' in menu
        assert f'value="buy {card}"' in menu
        text = sticker_lines(row[kind], lang, {})[0].split(":")[-1].strip()
        assert text and text in menu and f"+ {faction}" in menu
        read = " ".join(parse(html).read)
        assert not STICKER_ID.search(read), STICKER_ID.search(read).group(0)
    assert "Buy and upgrade (+" in pages["en"] and "Купить и улучшить (+" in pages["ru"]


def test_bought_upgrade_is_named_by_its_text_in_the_log_and_drawn_with_its_sticker(
        upgrade_match, alice) -> None:
    match, upgrade = upgrade_match
    match = services.play(match.pk, 0, upgrade, match.version)
    html = _client(alice).get(match.get_absolute_url()).content.decode()
    sticker_id = upgrade.split(" up ")[1]
    assert "upgraded" in html and "+ Star Empire" in html
    read = " ".join(parse(html).read)
    assert not STICKER_ID.search(read)
    # The upgraded copy, now in the discard pile, is drawn with its sticker.
    assert f"sticker={sticker_id.replace(':', '%3A')}" in html


def test_c25_no_face_of_a_hidden_card(core_pack, alice, bob) -> None:
    """C25: bob's hand (two big Blob ships) never reaches alice's page, not even as a picture."""
    setup = GameSetup(
        pack=core_pack.engine_pack(), seed=918273645, first=0,
        seats=[SeatSetup(name="alice"),
               SeatSetup(name="bob", deck={"mothership": 1, "blob-carrier": 1, "scout": 8},
                         deck_order=["mothership", "blob-carrier"] + ["scout"] * 8)])
    match = creation.create_match(core_pack, setup, [SeatSpec("alice", alice),
                                                     SeatSpec("bob", bob)])
    state = services.engine_state(match)
    shown = view(state, 0)
    visible = {c["card"] for c in shown["hand"] + [c for c in shown["trade_row"] if c]}
    visible.add("explorer")
    for html in (_client(alice).get(match.get_absolute_url()).content.decode(),
                 _client(alice).get(reverse("play:board", args=[match.pk]),
                                    HTTP_HX_REQUEST="true").content.decode()):
        faces = set(FACE.findall(html))
        assert faces and faces <= visible
        assert "mothership" not in faces and "blob-carrier" not in faces
    bob_page = _client(bob).get(match.get_absolute_url()).content.decode()
    assert "mothership" in set(FACE.findall(bob_page))  # the check can fail


def test_pending_decision_options_are_clicked_on_the_cards(core_pack, alice) -> None:
    """C10: Trade Bot's "scrap a card from your hand or discard pile": each hand card is a
    button posting `pick N`, and "Done" declines."""
    setup = GameSetup(pack=core_pack.engine_pack(), seed=3, first=0,
                      seats=[SeatSetup(name="alice", deck={"trade-bot": 1, "scout": 9},
                                       deck_order=["trade-bot"] + ["scout"] * 9),
                             SeatSetup(name="bot")])
    match = creation.create_match(core_pack, setup, [SeatSpec("alice", alice),
                                                     SeatSpec("bot", bot="heuristic")])
    state = services.engine_state(match)
    bot = next(c for c in state.hand[0] if state.design[c].id == "trade-bot")
    match = services.play(match.pk, 0, f"play {bot}", match.version)
    picks = [a.notation for a in legal_actions(services.engine_state(match)) if a.kind == "pick"]
    html = _client(alice).get(match.get_absolute_url()).content.decode()
    decision = html.split('id="decision"')[1].split("</div>")[0]
    # the prompt names the card that asks, its count in words (issue 20)
    assert "Trade Bot: scrap up to 1 card<" in decision
    assert "Choose a card: tap or click it." in decision
    hand = html.split('id="hand"')[1].split("</ul>")[0]
    assert picks and all(f'value="{n}"' in hand for n in picks)
    assert 'id="dock-done"' in html


def test_last_turn_strip_shows_what_the_bot_played_and_bought(bot_match, alice) -> None:
    state = services.engine_state(bot_match)
    played = [e[2] for e in state.prev_log if e[0] in ("play", "acquire")]
    assert played and state.prev_log[0][1] == 1
    html = _client(alice).get(bot_match.get_absolute_url()).content.decode()
    strip = html.split('id="last-turn"')[1].split("</section>")[0]
    assert "Last turn: Bot" in strip and "’s" not in strip  # no English possessive (issue 20)
    assert set(played) <= set(FACE.findall(strip))
    ru = _client(alice).get(bot_match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Прошлый ход: Bot" in ru.content.decode()


def test_tab_title_says_your_turn_in_page_and_board_swaps(core_pack, alice, bob) -> None:
    match = creation.create_standard_match(core_pack, [SeatSpec("alice", alice),
                                                       SeatSpec("bob", bob)], seed=1)
    mover = match.seats.get(index=services.engine_state(match).active).user
    waiter = bob if mover == alice else alice
    swap = {"HTTP_HX_REQUEST": "true"}
    poll = reverse("play:board", args=[match.pk])
    title = re.compile(r"<title>([^<]*)</title>")
    assert title.search(_client(mover).get(match.get_absolute_url()).content.decode()
                        ).group(1).startswith("Your turn · ")
    assert "Your turn" not in title.search(
        _client(waiter).get(poll, **swap).content.decode()).group(1)
    response = _client(mover).post(reverse("play:act", args=[match.pk]),
                                   {"notation": "end", "version": match.version}, **swap)
    assert "Your turn" not in title.search(response.content.decode()).group(1)
    assert title.search(_client(waiter).get(poll, **swap).content.decode()
                        ).group(1).startswith("Your turn · ")
    assert "<title>" not in _client(waiter).get(match.get_absolute_url()).content.decode(
    ).split("</head>")[1]  # the full page has one title, in its head


def test_l26_deck_game_shows_faces_the_face_view_serves_and_text_for_the_rest(legacy) -> None:
    """A finished campaign's deck played as a standard game has no campaign: its own decks'
    stickered and post-campaign faces are unlocked by the match id; anything else is text."""
    from types import SimpleNamespace

    from play.faces import MatchFaces

    own = {("kingdom-ship-2", "empire-1:2:ship"), ("relic-cruiser", None)}
    standalone = MatchFaces(SimpleNamespace(pack=legacy, campaign_id=None, pk=5,
                                            card_faces=lambda: own))
    assert "/faces/kingdom-ship-2.png" in standalone.url("kingdom-ship-2")
    assert "match=5" in standalone.url("kingdom-ship-2", "empire-1:2:ship")
    assert "match=5" in standalone.url("relic-cruiser")
    assert standalone.url("kingdom-ship-2", "federation-1:2:ship") == ""
    in_campaign = MatchFaces(SimpleNamespace(pack=legacy, campaign_id=7, pk=6,
                                             card_faces=lambda: set()))
    assert "campaign=7" in in_campaign.url("kingdom-ship-2", "empire-1:2:ship")
    assert standalone.url("no-such-card") == ""


def test_mixed_game_draws_each_card_from_its_own_pack(core_pack, alice) -> None:
    """Issue 12: a Colony Wars card of a core + Colony Wars game is drawn from Colony Wars."""
    colony_wars = load_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" /
                                 "colony-wars.json").pack
    match = creation.create_standard_match(
        core_pack, [SeatSpec("alice", alice), SeatSpec("Bot", bot="heuristic")], seed=3,
        extra_packs=[colony_wars])
    html = _client(alice).get(match.get_absolute_url()).content.decode()
    ours = {c["id"] for c in colony_wars.data["cards"]} - {c["id"] for c in core_pack.data["cards"]}
    drawn = re.findall(r"/cards/(\d+)/faces/([a-z0-9-]+)\.png", html)
    assert {int(pk) for pk, card in drawn if card in ours} == {colony_wars.pk}
    assert {int(pk) for pk, card in drawn if card not in ours} == {core_pack.pk}
    assert any(card in ours for _pk, card in drawn)


def test_card_texts_follow_the_language_and_an_edit_of_the_pack(bot_match, core_pack,
                                                                 alice) -> None:
    """Card texts are kept per process by the packs' checksums and the language: a Russian page
    after an English one is Russian, and an edited card reads as edited."""
    client = _client(alice)

    def scout_alt(**headers: str) -> str:
        page = parse(client.get(bot_match.get_absolute_url(), **headers).content.decode())
        return next(img["alt"] for img in page.images
                    if FACE.search(img["src"]) and FACE.search(img["src"]).group(1) == "scout")

    assert scout_alt().startswith("Scout") and "+1 trade" in scout_alt()
    assert scout_alt(HTTP_ACCEPT_LANGUAGE="ru").startswith("Разведчик")
    data = core_pack.data
    scout = next(card for card in data["cards"] if card["id"] == "scout")
    scout["abilities"] = [{"when": "primary", "do": [{"trade": 3}]}]
    core_pack.replace_data(data)
    assert scout_alt().startswith("Scout") and "+3 trade" in scout_alt()
