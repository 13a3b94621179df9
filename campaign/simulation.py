"""A whole campaign played by bots through the engine, recorded like a person's input.

Every result goes through ``Campaign.apply_event`` (the same validation a person's form meets), so
a bot campaign is also an end-to-end check of the tracker against the engine and the content.
The games are played by `play.engine.simulate`; the tracker-to-engine translation is
campaign/engine_bridge.py.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from campaign.content import UPGRADES_PER_SIDE
from campaign.engine_bridge import game_payload, snapshot_of
from campaign.models import Campaign
from campaign.state import (
    AFTER_CAMPAIGN_UPGRADE,
    CAMPAIGN_FINISHED,
    CHOICE_MADE,
    GAME_RECORDED,
    SCENARIO_OPENED,
    SIDES_CHOSEN,
    CampaignState,
    legal_upgrades,
    missing_choices,
    next_after_campaign_side,
)
from cards.models import ContentPack
from play.engine import apply_outcome, game_seed, play_bot_game, scenario_setup

BOT_USERNAME = "campaign-bot"
RETRIES = 5  # a bot game cut short at the turn limit has no winner: play it again


class SimulationError(RuntimeError):
    """The bots could not finish a scenario (no winner after RETRIES games)."""


@dataclass
class Simulation:
    """Plays one campaign; ``run()`` returns the JSON summary."""

    pack: ContentPack
    seed: int
    bot: str = "heuristic"

    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        user, _ = get_user_model().objects.get_or_create(username=BOT_USERNAME)
        self.begin(user, f"Bot campaign (seed {self.seed})",
                   [(None, f"{self.bot} A"), (None, f"{self.bot} B")])
        self.play_through(self.campaign.content.scenario_count)
        self._after_campaign()
        return self._summary(time.perf_counter() - started)

    def begin(self, actor: Any, name: str, seats: list[tuple[Any, str]]) -> Campaign:
        """Start the campaign with seat 0 as the Star Empire and seat 1 as the Federation (L2)."""
        self.rng = random.Random(self.seed)
        self.actor = actor
        self.campaign = Campaign.start(self.pack, name, actor, seats)
        self._event(SIDES_CHOSEN, {"wishes": ["empire", "federation"]})
        return self.campaign

    def play_through(self, last: int) -> None:
        """Open and play scenarios 1..last with bots (L1: in order)."""
        for number in range(1, last + 1):
            self._play_scenario(number)

    def _event(self, kind: str, payload: dict) -> None:
        self.campaign.apply_event(kind, payload, self.actor, self.campaign.version)

    @property
    def state(self) -> CampaignState:
        return self.campaign.current_state

    def _play_scenario(self, number: int) -> None:
        self._event(SCENARIO_OPENED, {"number": number})
        for choice in missing_choices(self.campaign.content, self.state):
            option = self.rng.choice(choice["options"])["id"]
            self._event(CHOICE_MADE, {"choice": choice["id"], "option": option})
        snapshot = snapshot_of(self.state)
        engine_pack = self.pack.engine_pack()
        for attempt in range(RETRIES):
            setup = scenario_setup(engine_pack, snapshot, number,
                                   seed=game_seed(self.seed, "setup", number, attempt))
            outcome = play_bot_game(setup, self.bot,
                                    game_seed(self.seed, "bots", number, attempt)).outcome
            if outcome is not None and outcome.winner is not None:
                self._event(GAME_RECORDED, game_payload(apply_outcome(snapshot, outcome, number),
                                                        self.campaign.content, number))
                return
        raise SimulationError(f"scenario {number}: no winner in {RETRIES} bot games")

    def _after_campaign(self) -> None:
        """L25: upgrade in turn until both sides have 20 (or no legal upgrade is left)."""
        content = self.campaign.content
        while (side := next_after_campaign_side(content, self.state)) is not None:
            copy_id, sticker = self.rng.choice(legal_upgrades(content, self.state, side))
            self._event(AFTER_CAMPAIGN_UPGRADE, {"copy": copy_id, "sticker": sticker, "side": side})
        self._event(CAMPAIGN_FINISHED, {})

    def _summary(self, seconds: float) -> dict[str, Any]:
        content, state = self.campaign.content, self.state
        sides = sorted(state.sides)
        return {
            "campaign": self.campaign.pk,
            "seed": self.seed,
            "winner": state.campaign_winner,
            "vp": {s: state.vp_points(content, s) for s in sides},
            "upgrades": {s: len(state.upgrades_of(s)) for s in sides},
            "scenarios": sum(1 for n in state.scenarios if state.scenario_finished(int(n))),
            "trade_deck": len(state.trade_deck(content)),
            "invariants": invariant_problems(content, state),
            "seconds": round(seconds, 2),
        }


def invariant_problems(content: Any, state: CampaignState) -> list[str]:
    """Return what breaks the end-of-campaign invariants (empty when all hold)."""
    problems = []
    for side in state.sides:
        if len(state.upgrades_of(side)) > UPGRADES_PER_SIDE:
            problems.append(f"{side} has more than {UPGRADES_PER_SIDE} upgrades")
    rows = [(u["sticker"].rsplit(":", 1)[0]) for u in state.upgrades.values()]
    if len(rows) != len(set(rows)):
        problems.append("a sheet row was used twice")
    expected = len(content.trade_copies) + len(content.post_campaign_copies)
    if state.post_campaign_added and len(state.trade_deck(content)) != expected:
        problems.append("the trade deck is incomplete")
    return problems
