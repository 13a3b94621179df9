"""What the match pages do, without HTTP: create matches, apply moves, let bots answer, resign,
and write a finished scenario game back into its campaign.

Every change runs in one transaction holding the match row locked (SELECT ... FOR UPDATE on
PostgreSQL; SQLite's IMMEDIATE transactions serialize writers), checks the version the move was
made against, applies it to the engine, and saves the new actions, the version and the cached
state together. A refused move changes nothing.

Bots never play inside a person's request: after the commit, `play.bots_queue` hears the
`match_changed` signal and queues a bot turn for a worker, which plays it in chunks through
`run_bot_chunk` (the same lock, version check and save). With `settings.TASKS_SYNC` (the test
suite) there is no worker, so the bots answer inside the change itself, saved with it.

Campaign results are recorded automatically when the game ends, against the campaign version the
match was set up at: if the campaign changed in between (someone recorded the scenario by hand,
undid the opening, made a choice), `apply_event` refuses and the match page shows the result with
a "record it now" button. That button records against the campaign's current version, but only if
the campaign would still set up the very same game (same snapshot, same open scenario), so a
result never lands on a campaign it does not belong to.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.engine_bridge import game_payload, snapshot_of
from campaign.models import Campaign, StaleVersion
from campaign.state import GAME_RECORDED, PLAYING, EventRefused, missing_choices
from cards.models import ContentPack
from common.caching import BoundedCache
from common.sql import insert_rows, save_fields
from play import rows, tasks
from play.engine import (
    SEAT_BOTS,
    CampaignSnapshot,
    EngineError,
    GameSetup,
    GameState,
    IllegalAction,
    Outcome,
    Pack,
    apply,
    apply_outcome,
    deserialize,
    level_bot,
    merge_packs,
    new_game,
    serialize,
)
from play.models import RESIGN, Match, MatchAction
from play.signals import MatchChange, match_changed

BOTS = SEAT_BOTS  # the levels, and the bot names seats of older matches hold
DEFAULT_BOT = "captain"
MAX_BOT_ACTIONS = 3000   # safety net per chunk: a bot turn is a few dozen actions
SYNC_BOT_SECONDS = 20.0  # TASKS_SYNC only: past this the bots stop answering and the game waits


class MatchError(Exception):
    """A move the server refuses; `status` is the HTTP status the views answer with."""

    status = 400


class StaleMatch(MatchError):
    """The move was made against an older version of the match (another tab, a double click)."""

    status = 409


class NotYourTurn(MatchError):
    """The seat asking is not the one whose decision it is."""

    status = 403


class NotSeated(MatchError):
    """The user has no seat in the match, or there is no such match (views answer 404)."""

    status = 404


class BrokenMatch(MatchError):
    """The match's card pack changed under it (owners' editor) and the game no longer replays."""

    status = 409


# -- reading ------------------------------------------------------------------------------------


# Mixed engine packs by the checksums of their parts (parsing is the slow part).
MIXED_PACKS: BoundedCache[tuple[str, ...], Pack] = BoundedCache(16)


def mixed_engine_pack(packs: list[ContentPack]) -> Pack:
    """Return the engine pack of a game using these packs: the first one's starting cards and
    every pack's trade cards (`merge_packs`); PackError when they cannot be mixed."""
    if len(packs) == 1:
        return packs[0].engine_pack()
    return MIXED_PACKS.get_or_make(tuple(p.checksum for p in packs),
                                   lambda: merge_packs([p.engine_pack() for p in packs]))


def match_engine_pack(match: Match) -> Pack:
    """Return the engine pack of a match: its own pack, mixed with the packs it records."""
    return mixed_engine_pack(match.content_packs())


def engine_setup(match: Match) -> GameSetup:
    """Return the match's GameSetup (with its pack)."""
    return GameSetup.from_dict(match.setup, match_engine_pack(match))


def replay_match(match: Match) -> GameState:
    """Rebuild the game from setup + action log (the source of truth; the cache must equal it)."""
    state = new_game(engine_setup(match))
    for action in match.actions.order_by("seq"):
        _apply_logged(state, action.notation, action.seat)
    return state


# The attribute under which `_save` keeps the saved game on the match object, with its version.
_KEPT_STATE = "_kept_engine_state"


def engine_state(match: Match) -> GameState:
    """Return the current game: from the cached state, or by replay when there is no cache.

    If the cache no longer fits the pack (the pack was edited), the game is replayed from its
    log; if that fails too, BrokenMatch says so instead of a server error.
    """
    kept = match.__dict__.get(_KEPT_STATE)
    if kept is not None and kept[0] == match.version:
        return kept[1]  # the game this very object just saved (a move's answer renders it)
    try:
        if match.state:
            try:
                return deserialize(match.state, match_engine_pack(match))
            except EngineError:
                pass
        return replay_match(match)
    except EngineError as error:
        raise BrokenMatch(_("This game no longer replays with its card pack, which was edited "
                            "after the game began: %(reason)s") % {"reason": error}) from None


def _apply_logged(state: GameState, notation: str, seat: int) -> None:
    if notation == RESIGN:
        state.resign(seat)
    else:
        apply(state, notation)


# -- starting (play/creation.py creates every match) ----------------------------------------------


def save_first_state(match: Match, state: GameState) -> None:
    """Save a new match's first state (bots deciding first answer in it under TASKS_SYNC)."""
    _save(match, state, _sync_bot_actions(match, state))


def begin(match_id: int, actor: Any) -> None:
    """Start a match whose last seat was just taken: the bots whose decision it is play."""
    try:
        _change(match_id, 0, lambda _match, _state: [], actor)
    except StaleMatch:
        pass  # someone (a bot worker) moved first: the game is started already


def announce_start(match: Match) -> None:
    """Tell the match's watchers, after the commit, that the waiting match is active now."""
    change = MatchChange(match.pk, match.version, match.turn_seat, Match.Status.ACTIVE)
    transaction.on_commit(lambda: match_changed.send(sender=Match, change=change))


def open_scenario(campaign: Campaign) -> int:
    """Return the number of the campaign's open, unplayed scenario; MatchError if there is none."""
    state = campaign.current_state
    progress = state.current()
    if state.phase != PLAYING or progress is None or progress.get("result"):
        raise MatchError(_("Open the campaign's next scenario first."))
    if missing_choices(campaign.content, state):
        raise MatchError(_("The first player must make the scenario's choices first."))
    return int(progress["number"])


def active_campaign_match(campaign: Campaign) -> Match | None:
    """Return the unfinished match of the campaign's current scenario set up at this version."""
    return (Match.objects.filter(campaign=campaign, campaign_version=campaign.version)
            .exclude(status=Match.Status.FINISHED).first())


# -- playing ------------------------------------------------------------------------------------


def play(match_id: int, seat: int, notation: str, expected_version: int, actor: Any = None
         ) -> Match:
    """Apply `seat`'s action made against `expected_version`; return the match.

    Raises StaleMatch, NotYourTurn or MatchError (illegal: the engine's message); nothing is
    saved then.
    """
    return _change(match_id, expected_version,
                   lambda match, state: _move(state, seat, notation), actor)


def play_as(user: Any, match_id: int, notation: str, expected_version: int) -> Match:
    """Apply the action `user` made in their seat against `expected_version`; return the match.

    A player's move: the seat is found in the match read under its lock, so the request reads
    the match once. Raises NotSeated (also for a missing match) before anything else, so a
    stranger learns nothing of the match; then as `play`, or MatchError (409) while seats are
    still open.
    """
    def change(match: Match, state: GameState) -> list[tuple[str, int]]:
        if match.status == Match.Status.WAITING:  # nobody moves before every seat is taken
            raise StaleMatch(_("The game starts when every seat is taken."))
        return _move(state, match.seat_of(user).index, notation)

    return _change(match_id, expected_version, change, user, player=user)


def _move(state: GameState, seat: int, notation: str) -> list[tuple[str, int]]:
    if state.decider != seat:
        raise NotYourTurn(_("It is not your decision now."))
    try:
        apply(state, notation)
    except IllegalAction as error:
        raise MatchError(str(error)) from None
    return [(state.history[-1].notation, seat)]


def resign(match_id: int, seat: int, expected_version: int, actor: Any = None) -> Match:
    """Give up the game for `seat` (at any time, also out of turn)."""
    def change(match: Match, state: GameState) -> list[tuple[str, int]]:
        try:
            state.resign(seat)
        except IllegalAction as error:
            raise MatchError(str(error)) from None
        return [(RESIGN, seat)]

    return _change(match_id, expected_version, change, actor)


def _change(match_id: int, expected_version: int,
            change: Callable[[Match, GameState], list[tuple[str, int]]], actor: Any,
            player: Any = None) -> Match:
    """Under the match row's lock: check the version, apply `change`, save once.

    With `player`, first check that the user has a seat (NotSeated if not).
    """
    with transaction.atomic():
        match = rows.match_with_seats(match_id, lock=True)
        if player is not None and (match is None or match.seat_of(player) is None):
            raise NotSeated(_("You have no seat in this game."))
        if match is None:
            raise Match.DoesNotExist(f"no match {match_id}")
        if match.version != expected_version:
            raise StaleMatch(_("The game moved on since this page was shown (version %(v)s, "
                               "now %(now)s). Nothing was changed; the board is refreshed.")
                             % {"v": expected_version, "now": match.version})
        if match.is_over:
            raise MatchError(_("The game is over."))
        state = engine_state(match)
        actions = change(match, state)
        _save(match, state, actions + _sync_bot_actions(match, state))
    if match.is_over and match.campaign_id and not match.recorded:
        record_result(match, actor, match.campaign_version)
    return match


def as_json_field(data: Any) -> Any:
    """Return `data` as it comes back from a JSON field (int keys become strings)."""
    return json.loads(json.dumps(data))


# -- bots (run by a worker: play.bots_queue) ----------------------------------------------------


def run_bot_chunk(match_id: int, version: int) -> bool:
    """Let the bot deciding at `version` act for one chunk and save it; False if nothing to do.

    Idempotent: a task for a version the match has left (a duplicate, a retry after a crash
    that had saved, a sweep racing a worker) changes nothing, as does one for a finished,
    waiting or deleted match or one where a person decides.
    """
    with transaction.atomic():
        match = rows.match_with_seats(match_id, lock=True)
        if (match is None or match.version != version or match.status != Match.Status.ACTIVE
                or match.turn_seat not in (bots := bot_seats(match))):
            return False
        try:
            state = engine_state(match)
        except BrokenMatch:
            return False  # the players see why on the page; a worker retrying cannot mend it
        actions = _bot_actions(match, state, bots, settings.BOT_CHUNK_MS / 1000)
        if not actions:
            return False
        _save(match, state, actions)
    if match.is_over and match.campaign_id and not match.recorded:
        record_result(match, _first_person(match), match.campaign_version)
    return True


def bot_seats(match: Match) -> dict[int, str]:
    """Return the match's bot seats: {seat index: bot name}."""
    return {seat.index: seat.bot for seat in match.seat_list if seat.bot}


def _bot_actions(match: Match, state: GameState, bots: dict[int, str], seconds: float
                 ) -> list[tuple[str, int]]:
    """Let bot seats decide until a person must act, the game ends or `seconds` have passed."""
    players: dict[int, Any] = {}
    done: list[tuple[str, int]] = []
    started = time.monotonic()
    while (state.outcome is None and state.decider in bots and len(done) < MAX_BOT_ACTIONS
           and (not done or time.monotonic() - started < seconds)):
        seat = state.decider
        if seat not in players:
            players[seat] = _bot(bots[seat], match.version * 8 + seat)
        action = players[seat].choose(state, seat)
        apply(state, action)
        done.append((action.notation, seat))
    return done


def _bot(name: str, seed: int) -> Any:
    """Return the bot of a seat's level (or older bot name) as this server lets it think.

    The turn budget holds within a chunk (one bot object); the per-decision limit also bounds
    a turn that spans several chunks (new bot objects).
    """
    return level_bot(name, seed=seed, budget_scale=settings.BOT_TURN_MS / 1000,
                     max_decision_seconds=settings.BOT_SEARCH_MS / 1000)


def _first_person(match: Match) -> Any:
    """Return the first seated person: the actor recorded when a bot's move ends the game."""
    seat = next((s for s in match.seat_list if s.user_id), None)
    return seat.user if seat else None


def _sync_bot_actions(match: Match, state: GameState) -> list[tuple[str, int]]:
    """With TASKS_SYNC (no worker: the test suite), let the bots answer inside the change."""
    if not tasks.is_sync() or match.status != Match.Status.ACTIVE:
        return []
    bots = bot_seats(match)
    return _bot_actions(match, state, bots, SYNC_BOT_SECONDS) if bots else []


def _save(match: Match, state: GameState, actions: list[tuple[str, int]]) -> None:
    now = timezone.now()
    insert_rows(MatchAction, ("match", "seq", "notation", "seat", "created_at"),
                [(match.pk, match.version + k, notation, seat, now)
                 for k, (notation, seat) in enumerate(actions, start=1)])
    match.version += len(actions)
    match.state = serialize(state)
    match.turn_seat = state.decider if state.outcome is None else None
    fields = ["version", "state", "turn_seat"]
    if actions or match.moved_at is None:
        match.moved_at = now
        fields.append("moved_at")
    if state.outcome is not None and not match.is_over:
        match.status, match.finished = Match.Status.FINISHED, now
        match.result = state.outcome.to_dict()
        fields += ["status", "finished", "result"]
    save_fields(match, fields)
    match.__dict__[_KEPT_STATE] = (match.version, state)
    change = MatchChange(match.pk, match.version, match.turn_seat, match.status,
                         mover=actions[-1][1] if actions else None,
                         bot_decides=match.turn_seat in bot_seats(match))
    transaction.on_commit(lambda: match_changed.send(sender=Match, change=change))


# -- the campaign -------------------------------------------------------------------------------


def campaign_payload(match: Match) -> dict:
    """Return the `game_recorded` payload of a finished campaign match.

    A resignation is recorded as one ("how": "resign"): the other side wins with everything a
    win brings (L5, L21), and the upgrades and VP cards of the game stand (L12).
    """
    snapshot = CampaignSnapshot(sides=tuple(match.snapshot["sides"]))
    record = apply_outcome(snapshot, Outcome(**match.result), match.scenario)
    if record.winner is None:
        raise EventRefused(_("The game ended without a winner."))
    return game_payload(record, match.campaign.content, match.scenario)


def record_result(match: Match, actor: Any, campaign_version: int | None) -> bool:
    """Append the game to the campaign at `campaign_version`; False (and a note) if refused."""
    campaign = match.campaign
    try:
        campaign.apply_event(GAME_RECORDED, campaign_payload(match), actor, campaign_version)
    except StaleVersion:
        problem = _("The campaign changed while this game was played, so the result was not "
                    "recorded automatically.")
    except (EventRefused, KeyError, TypeError, ValueError) as error:
        problem = str(error)
    else:
        Match.objects.filter(pk=match.pk).update(recorded=True, record_problem="")
        match.recorded, match.record_problem = True, ""
        return True
    Match.objects.filter(pk=match.pk).update(record_problem=problem)
    match.record_problem = problem
    return False


def record_now(match: Match, actor: Any) -> bool:
    """The "record it now" button: record at the campaign's current version if still the same game.

    Refused (MatchError) when the campaign would now set up a different game: another scenario is
    open, this one has a result already, or the upgrades or choices differ from the match's.
    """
    if not match.is_over or match.recorded or match.campaign is None:
        raise MatchError(_("There is no result to record."))
    campaign = Campaign.objects.get(pk=match.campaign_id)
    try:
        number = open_scenario(campaign)
    except MatchError:
        number = None
    same = as_json_field(asdict(snapshot_of(campaign.current_state))) if number else None
    if number != match.scenario or same != match.snapshot:
        raise MatchError(_("The campaign no longer stands where this game started: record the "
                           "result on the campaign page by hand."))
    match.campaign = campaign
    return record_result(match, actor, campaign.version)
