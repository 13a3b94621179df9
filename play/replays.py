"""Replays and spectators: a match shown move by move, and live, as the PUBLIC view only.

A replay is rebuilt from the match's setup and action log (as `services.replay_match` does); step
N is the game after its first N actions. Every step shows `view(state, None)`: sizes of hands
and decks, never their cards, never the seed. Only once the game has ended are both hands shown,
at every step (the game is over: nothing is hidden any more, except the decks' order). A running
match is replayed only for its own players, and only up to now.

Who may look:
- a replay of a finished match: its players and the members of its campaign;
- a replay of a running match: its players;
- the live spectator page: members of the match's campaign who hold no seat in it; their page
  follows the match's event stream (`play/live.py`, versions only) and fetches this public board.
Everyone else gets 404, as on the match page.

Speed: one pass over the log gives every step's words and a clone of the state every
CHECKPOINT actions; a step is then at most CHECKPOINT actions away. The passes are kept per
process for a few matches (keyed by match, version and packs), so stepping through a long game
(~1000 actions) replays a few dozen actions per request (`benchmarks/replay_steps.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from campaign.models import Campaign
from common.caching import BoundedCache
from common.params import parse_id
from play import jinja, services
from play.engine import Action, EngineError, GameState, apply, clone, log_line, new_game, view
from play.engine import view_card as engine_card
from play.faces import MatchFaces, web_size
from play.models import RESIGN, Match, MatchSeat
from play.presenters import Board

CHECKPOINT = 32       # actions between two kept states of a replay
CACHE_SIZE = 8        # replays kept per process
POLL_SECONDS = 2      # the spectator page's check, only while its event stream is down
PUBLIC_BOARD = "play/_public_board.html"  # templates/jinja2/


# -- the replay ---------------------------------------------------------------------------------


@dataclass
class Step:
    """One action of the log: who made it, the public events it caused, the turn it was in."""

    number: int
    seat: int
    notation: str
    events: list[tuple]
    turn: int


@dataclass
class Replay:
    """A match's log replayed once: every step's events and a state every CHECKPOINT steps."""

    actions: list[tuple[str, int]]
    steps: list[Step] = field(default_factory=list)
    checkpoints: list[GameState] = field(default_factory=list)

    @classmethod
    def build(cls, start: GameState, actions: list[tuple[str, int]]) -> Replay:
        """Replay `actions` from `start` (which is kept as step 0)."""
        replay = cls(actions)
        state = start
        replay.checkpoints.append(clone(state))
        for number, (notation, seat) in enumerate(actions, start=1):
            turn = state.turn
            replay.steps.append(Step(number, seat, notation, _apply_events(state, notation, seat),
                                     turn))
            if number % CHECKPOINT == 0:
                replay.checkpoints.append(clone(state))
        return replay

    @property
    def total(self) -> int:
        return len(self.actions)

    def state_at(self, number: int) -> GameState:
        """Return the game after its first `number` actions (a fresh state the caller may keep)."""
        number = max(0, min(number, self.total))
        base = number // CHECKPOINT
        state = clone(self.checkpoints[base])
        for notation, seat in self.actions[base * CHECKPOINT:number]:
            _apply(state, notation, seat)
        return state


def _apply(state: GameState, notation: str, seat: int) -> None:
    if notation == RESIGN:
        state.resign(seat)
    else:
        apply(state, notation)


def _apply_events(state: GameState, notation: str, seat: int) -> list[tuple]:
    """Apply one logged action; return the log events it added (an end of turn starts a new log)."""
    log, before = state.log, len(state.log)
    _apply(state, notation, seat)
    if state.log is log:
        return list(log[before:])
    return list(state.prev_log[before:]) + list(state.log)


# Replays by match (its id and creation time: SQLite may give a deleted match's id to a new one),
# version and the checksums of its packs: a replay never changes under that key.
REPLAYS: BoundedCache[tuple, Replay] = BoundedCache(CACHE_SIZE)


def replay_of(match: Match) -> Replay:
    """Return the replay of the match's whole log as it stands (kept for the next request)."""
    packs = tuple(p.checksum for p in match.content_packs())
    return REPLAYS.get_or_make((match.pk, match.created, match.version, packs),
                               lambda: _build_replay(match))


def _build_replay(match: Match) -> Replay:
    actions = list(match.actions.order_by("seq").values_list("notation", "seat"))
    try:
        return Replay.build(new_game(services.engine_setup(match)), actions)
    except EngineError as error:
        raise services.BrokenMatch(_("This game no longer replays with its card pack: "
                                     "%(reason)s") % {"reason": error}) from None


# -- presenting -----------------------------------------------------------------------------------


class PublicBoard(Board):
    """Presents the spectator view (seat None), read-only, maybe with both hands shown."""

    def public_context(self, hands: list[list[dict]] | None = None) -> dict[str, Any]:
        """Return the template's `board`: every player alike, no hand unless `hands` are given."""
        v = self.view
        players = [self.player(p) for p in v["players"]]
        for p in players:
            p["hand"] = [self.card(c) for c in hands[p["seat"]]] if hands is not None else None
            p["deciding"] = p["seat"] == v["decider"] and v["outcome"] is None
        this_turn, previous = self.log("log", "previous_turn_log")
        return {
            "players": players, "turn": v["turn"],
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            "trade_row": [self.card(c) if c else None for c in v["trade_row"]],
            "trade_deck_size": v["trade_deck_size"], "explorers": v["explorers"],
            "explorer": self.explorer(), "explorer_cost": self.explorer_cost(),
            "acquiring": [self.card(c) for c in v["acquiring"]],
            "scrap_heap": [self.card(c) for c in v["scrap_heap"]],
            "pending": self.public_pending(v["pending"]),
            "log": this_turn, "previous_turn_log": previous,
            "outcome": v["outcome"], "result_text": self.result_text(players),
        }

    def public_pending(self, pending: dict | None) -> str:
        """Return "Bob decides: Discard 1 card(s) from your hand" (no options: they may be a hand)."""
        if pending is None:
            return ""
        prompt = self.pending({**pending, "options": []})["prompt"]
        return _("%(name)s decides: %(prompt)s") % {"name": self.seat_name(pending["seat"]),
                                                    "prompt": prompt}

    def step_lines(self, step: Step) -> list[str]:
        """Return what a step did, in words: its public events, or what kind of move it was."""
        lines = [self.event_line(e, log_line(self.state, e)) for e in step.events]
        if lines:
            return lines
        who = self.seat_name(step.seat)
        kind = Action.parse(step.notation).kind if step.notation != RESIGN else "resign"
        return [{"done": _("%(who)s is done"), "choose": _("%(who)s made a choice"),
                 "pick": _("%(who)s chose a card")}.get(kind, _("%(who)s moved")) % {"who": who}]


def public_board(match: Match, state: GameState, faces: MatchFaces,
                 show_hands: bool) -> PublicBoard:
    """Return the presenter of `state`'s public view (both hands only when `show_hands`)."""
    presenter = PublicBoard(_with_seat_names(view(state, None), match), match.pack.data, state,
                            faces)
    presenter.hands = ([[engine_card(state, c) for c in hand] for hand in state.hand]
                       if show_hands else None)
    return presenter


def _with_seat_names(public: dict, match: Match) -> dict:
    """Return the view with the seats' names as the match shows them (a guest's is who joined)."""
    names = {seat.index: seat.name for seat in match.seat_list}
    players = [{**p, "name": names.get(p["seat"]) or p["name"]} for p in public["players"]]
    return {**public, "players": players}


# -- who may look ---------------------------------------------------------------------------------


def _load(pk: int, defer: tuple[str, ...] = ()) -> Match:
    queryset = (Match.objects.select_related("pack", "campaign").with_seats()
                .defer(*defer))
    return get_object_or_404(queryset, pk=pk)


def is_campaign_member(match: Match, user: Any) -> bool:
    """Return whether `user` belongs to the campaign this match was played in."""
    if match.campaign_id is None or not user.is_authenticated:
        return False
    return Campaign.objects.for_user(user).filter(pk=match.campaign_id).exists()


def may_spectate(match: Match, user: Any) -> bool:
    """Return whether `user` may watch the match live: a campaign member without a seat in it."""
    return match.seat_of(user) is None and is_campaign_member(match, user)


def replay_match_for(request: HttpRequest, pk: int) -> tuple[Match, MatchSeat | None]:
    """Return a match whose replay the user may see, and their seat; 404 for everyone else."""
    match = _load(pk, defer=("state",))  # a replay starts from the setup, not the cached state
    seat = match.seat_of(request.user)
    if seat is None and not (match.is_over and is_campaign_member(match, request.user)):
        raise Http404("no replay for you")
    return match, seat


def spectator_match_for(request: HttpRequest, pk: int, light: bool = False) -> Match:
    """Return a match the user may watch live (a campaign member without a seat); else 404.

    `light` loads only the id, campaign, version and seats (no state): enough to authorize the
    spectator's poll and event stream, which a reconnect storm may call for every watcher.
    """
    if light:
        match = get_object_or_404(Match.objects.only("id", "campaign_id", "version", "status")
                                  .with_seats(), pk=pk)
    else:
        match = _load(pk)
    if not may_spectate(match, request.user):
        raise Http404("not a spectator")
    return match


# -- pages ----------------------------------------------------------------------------------------


def _step_number(request: HttpRequest, total: int) -> int:
    """Return the step asked for (the last one when absent); 404 for a value that is no step."""
    raw = request.GET.get("step")
    if raw is None or raw == "":
        return total
    step = parse_id(raw)  # ASCII digits only: int() of 5,000 digits is a ValueError
    if step is None or step > total:
        raise Http404("no such step")
    return step


@login_required
@require_GET
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show step N of a match's replay (public view; both hands once the game has ended)."""
    match, seat = replay_match_for(request, pk)
    try:
        replay = replay_of(match)
    except services.BrokenMatch as error:
        return render(request, "play/broken.html", {"error": str(error)}, status=409)
    number = _step_number(request, replay.total)
    state = replay.state_at(number)
    presenter = public_board(match, state, MatchFaces(match), show_hands=match.is_over)
    board = presenter.public_context(presenter.hands)
    return render(request, "play/replay.html", _with_board_html(request, {
        "match": match, "seat": seat, "board": board, "face_size": web_size(),
        "step": number, "total": replay.total, "turn_steps": _turn_steps(presenter, replay, number),
        "current": presenter.step_lines(replay.steps[number - 1]) if number else [],
        "nav": _nav(number, replay.total), "hands_shown": match.is_over,
    }))


def _nav(number: int, total: int) -> dict[str, int | None]:
    """Return the steps of the first/previous/next/last links (None where there is none)."""
    return {"first": 0 if number > 0 else None, "prev": number - 1 if number > 0 else None,
            "next": number + 1 if number < total else None,
            "last": total if number < total else None}


def _turn_steps(presenter: PublicBoard, replay: Replay, number: int) -> list[dict[str, Any]]:
    """Return the steps of the turn step `number` belongs to, each with its first line."""
    if not replay.steps:
        return []
    turn = replay.steps[max(number, 1) - 1].turn
    found = []
    for step in replay.steps:
        if step.turn == turn:
            found.append({"number": step.number, "text": presenter.step_lines(step)[0],
                          "current": step.number == number})
    return found


@login_required
@require_GET
def spectate_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show a campaign member the public view of a match they do not play, kept up to date."""
    match = _load(pk)
    if match.seat_of(request.user) is not None:
        return redirect(match)
    if not may_spectate(match, request.user):
        raise Http404("not a spectator")
    return render(request, "play/spectate.html",
                  _with_board_html(request, _spectator_context(match)))


@login_required
@require_GET
def spectate_board(request: HttpRequest, pk: int) -> HttpResponse:
    """Polling for spectators: 204 while the version is the one shown, else the new board."""
    light = spectator_match_for(request, pk, light=True)
    if request.GET.get("version") == str(light.version):
        return HttpResponse(status=204)
    return HttpResponse(jinja.render(PUBLIC_BOARD, _spectator_context(_load(pk)), request))


def _with_board_html(request: HttpRequest, context: dict[str, Any]) -> dict[str, Any]:
    """Return the page's context with its public board as HTML (the board is a Jinja2 template)."""
    return {**context, "board_html": jinja.render(PUBLIC_BOARD, context, request)}


def _spectator_context(match: Match) -> dict[str, Any]:
    try:
        state = services.engine_state(match)
    except services.BrokenMatch as error:
        return {"match": match, "error": str(error), "board": None}
    presenter = public_board(match, state, MatchFaces(match), show_hands=False)
    return {"match": match, "board": presenter.public_context(), "version": match.version,
            "face_size": web_size(), "poll_seconds": POLL_SECONDS, "live": not match.is_over,
            "spectating": True}
