"""Online games that mix packs (issue 12): the match form's choices, the recorded packs, replay.

The form offers single sets, two builtin core sets mixed (core + Colony Wars) and a finished
campaign's deck alone or mixed with a core set; a mixed match records its extra packs in order
(`Match.content_packs()`) and always replays with the same mix.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from campaign.models import Campaign
from cards.loading import load_pack_data, load_pack_file
from cards.models import ContentPack
from play import creation, services
from play.creation import SeatSpec
from play.engine import serialize, view
from play.models import Match
from play.services import MatchError

COLONY_WARS = Path(settings.BASE_DIR) / "fixtures" / "packs" / "colony-wars.json"


@pytest.fixture
def cw_pack(db) -> ContentPack:
    """Return the builtin Colony Wars pack, loaded the way `load_pack` loads it."""
    return load_pack_file(COLONY_WARS).pack


def _seats(alice) -> list[SeatSpec]:
    return [SeatSpec("alice", alice), SeatSpec("bot", bot="heuristic")]


def test_a_mixed_match_records_its_packs_and_deals_both_trade_decks(core_pack, cw_pack,
                                                                    alice) -> None:
    match = creation.create_standard_match(core_pack, _seats(alice), seed=3,
                                           extra_packs=[cw_pack])
    match = Match.objects.get(pk=match.pk)
    assert match.content_packs() == [core_pack, cw_pack]
    assert match.setup["pack"] == "core-set+colony-wars"
    state = services.engine_state(match)
    seen = view(state, 0)
    assert seen["trade_deck_size"] + len([c for c in seen["trade_row"] if c]) == 160
    starting = {state.design[c].id for c in state.deck[0] + state.hand[0]}
    assert starting == {"scout", "viper"}


def test_a_mixed_match_replays_exactly_after_moves(core_pack, cw_pack, alice) -> None:
    """The cached state equals a replay of setup + actions with the recorded mix."""
    match = creation.create_standard_match(core_pack, _seats(alice), seed=4,
                                           extra_packs=[cw_pack])
    for _ in range(3):
        match = services.play(match.pk, 0, "end", match.version)
    match = Match.objects.get(pk=match.pk)
    assert match.version > 3  # the bot played its turns
    assert serialize(services.replay_match(match)) == match.state


def test_an_unmixed_match_has_only_its_own_pack(core_pack, alice) -> None:
    match = creation.create_standard_match(core_pack, _seats(alice), seed=1)
    assert match.content_packs() == [core_pack]


def test_the_form_offers_single_mixed_and_starts_a_mixed_game(core_pack, cw_pack, alice,
                                                              alice_client) -> None:
    page = alice_client.get(reverse("play:create")).content.decode()
    mix = f"mix-{core_pack.pk}-{cw_pack.pk}"
    for value, label in ((f"pack-{core_pack.pk}", "Star Realms: Core Set"),
                         (f"pack-{cw_pack.pk}", "Star Realms: Colony Wars"),
                         (mix, "Star Realms: Core Set + Star Realms: Colony Wars")):
        assert f'value="{value}"' in page and label in page
    assert f"mix-{cw_pack.pk}-{core_pack.pk}" not in page  # one order: the core set first
    response = alice_client.post(reverse("play:create"), {"deck": mix, "opponent": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.content_packs() == [core_pack, cw_pack]
    assert alice_client.get(match.get_absolute_url()).status_code == 200


def test_the_form_names_the_mix_in_russian(core_pack, cw_pack, alice_client) -> None:
    page = alice_client.get(reverse("play:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Звёздные империи: базовый набор + Звёздные империи: Колониальные войны" in page
    assert "Два набора вместе" in page


def test_a_colony_wars_game_alone_is_playable(cw_pack, alice) -> None:
    match = creation.create_standard_match(cw_pack, _seats(alice), seed=2)
    state = services.engine_state(match)
    row = {state.design[c].id for c in state.row if c >= 0}
    assert row <= {d.id for d in cw_pack.engine_pack().designs}


def test_a_bad_deck_value_is_a_form_error(core_pack, cw_pack, alice_client) -> None:
    response = alice_client.post(reverse("play:create"),
                                 {"deck": f"mix-{cw_pack.pk}-{cw_pack.pk}", "opponent": "random"})
    assert response.status_code == 200 and not Match.objects.exists()
    assert "Select a valid choice" in response.content.decode()


def test_mixing_a_set_twice_or_a_clashing_set_is_refused(core_pack, cw_pack, alice) -> None:
    """The engine refuses a card id in two packs; the service says so in words."""
    with pytest.raises(MatchError, match="only once"):
        creation.create_standard_match(core_pack, _seats(alice), extra_packs=[core_pack])
    raw = copy.deepcopy(json.loads(COLONY_WARS.read_text(encoding="utf-8")))
    raw["pack"]["id"] = "homebrew"
    next(c for c in raw["cards"] if c["id"] == "predator")["id"] = "ram"
    homebrew = load_pack_data(raw, filename="homebrew.json").pack
    with pytest.raises(MatchError, match='cannot be mixed: .*"ram"'):
        creation.create_standard_match(core_pack, _seats(alice), extra_packs=[homebrew])
    assert not Match.objects.exists()


def test_l26_finished_campaign_deck_mixed_with_colony_wars(legacy, cw_pack, core_pack, alice,
                                                           alice_client) -> None:
    """L26 + issue 12: the campaign's trade deck plus Colony Wars' 80 trade cards."""
    from campaign.simulation import Simulation

    Simulation(pack=legacy, seed=1).run()
    campaign = Campaign.objects.get()
    campaign.seats.filter(index=0).update(user=alice)
    page = alice_client.get(reverse("play:create")).content.decode()
    for other in (core_pack, cw_pack):
        assert f'value="campaign-{campaign.pk}-{other.pk}"' in page
    response = alice_client.post(reverse("play:create"), {
        "deck": f"campaign-{campaign.pk}-{cw_pack.pk}", "opponent": "heuristic"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.content_packs() == [legacy, cw_pack]
    alone = len(campaign.current_state.trade_deck(campaign.content))
    assert len(match.setup["trade_deck"]) == alone + 80
    state = services.engine_state(match)
    assert {s.side for s in state.game.setup.seats} == {"empire", "federation"}
    assert serialize(services.replay_match(match)) == match.state
