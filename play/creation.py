"""Every kind of match is created here (issue 21: one home), and seats are joined here.

- `create_standard_match`: two players with a core set, maybe mixed with others (C1-C5);
- `create_campaign_match`: the open scenario of a campaign, its seats the campaign's (L4-L6);
- `create_campaign_deck_match`: a finished campaign's deck as a standard game (L26);
- `create_mode_match`: a multiplayer mode with a core set or a finished campaign's deck (M1-M9);
- `create_rematch`: the same game again with a new seed (one per finished game);
- `create_match`: any explicit engine setup (tests and tutorials stack decks with it).

Every setup comes from the engine (`setup_for`, `scenario_setup`, `GameSetup`), every seed from
`play.engine.new_seed` (docs/randomness.md). A match with an open seat waits: nobody, bots
included, moves before the last person accepted (`join`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from campaign.engine_bridge import snapshot_of
from campaign.models import Campaign
from campaign.owners_sets import online_refusal
from campaign.state import FINISHED
from cards.models import ContentPack
from cards.owners.readiness import applied_text_stickers, effects_refusal, missing_effects
from play import engine, services
from play.engine import (
    EXPLORERS,
    KEYED_SHUFFLES,
    SIDES,
    EngineError,
    GameSetup,
    Pack,
    PackError,
    SeatSetup,
    new_game,
    new_seed,
    scenario_setup,
    setup_for,
)
from play.engine import MODES as ENGINE_MODES
from play.models import Match, MatchPack, MatchSeat
from play.modes_web import BY_KEY, STANDARD, counts_text
from play.services import DEFAULT_BOT, MatchError, mixed_engine_pack, open_scenario


class SeatSpec:
    """Who sits in a seat when a match is created: a user, a bot, or nobody yet (invite).

    `offered_to` keeps the seat open for one registered user, who must accept it: nobody is
    seated in a game without saying yes.
    """

    def __init__(self, name: str, user: Any = None, bot: str = "", offered_to: Any = None) -> None:
        if bot and bot not in services.BOTS:
            raise MatchError(_("Unknown bot “%(bot)s”.") % {"bot": bot})
        self.name, self.user, self.bot, self.offered_to = name, user, bot, offered_to


# -- what a player may choose from ----------------------------------------------------------------


def core_packs(user: Any) -> Any:
    """Return the core-set packs `user` may play standard games with."""
    return ContentPack.objects.usable_by(user).filter(kind=ContentPack.Kind.CORE)


def finished_campaigns(user: Any) -> list[Campaign]:
    """Return `user`'s finished campaigns: their deck can be played as a standard game."""
    return [c for c in Campaign.objects.for_user(user).select_related("pack")
            if c.current_state.phase == FINISHED]


# -- the kinds of match --------------------------------------------------------------------------


def create_standard_match(pack: ContentPack, seats: list[SeatSpec], seed: int | str | None = None,
                          extra_packs: Sequence[ContentPack] = ()) -> Match:
    """Create a 2-player standard game (C1-C5); the first player is drawn from the seed (C3).

    `extra_packs` (core sets) mix their trade cards into the trade deck (issue 12); the
    scouts, vipers and explorers come from `pack`.
    """
    if pack.kind != ContentPack.Kind.CORE:
        raise MatchError(_("A standard game needs a core-set pack."))
    if any(p.kind != ContentPack.Kind.CORE for p in extra_packs):
        raise MatchError(_("Only core-set packs can be mixed into a standard game."))
    engine_pack = _mix([pack, *extra_packs])
    setup = GameSetup(pack=engine_pack, seats=[SeatSetup(name=s.name) for s in seats],
                      seed=new_seed() if seed is None else seed, first=None)
    return create_match(pack, setup, seats, extra_packs=extra_packs)


def _mix(packs: list[ContentPack]) -> Pack:
    """Return the mixed engine pack, or refuse the mix with a MatchError a player can read."""
    if len({p.slug for p in packs}) != len(packs):
        raise MatchError(_("Each set can be mixed into a game only once."))
    missing = [line for p in packs for line in missing_effects(p.data, post_campaign=True)]
    if missing:  # an owner's set may hold cards as printed text alone (issue 19)
        raise MatchError(effects_refusal(missing))
    try:
        return mixed_engine_pack(packs)
    except PackError as error:
        raise MatchError(_("These sets cannot be mixed: %(reason)s") % {"reason": error}) from None


def create_campaign_deck_match(campaign: Campaign, seats: list[SeatSpec], seed: int | str | None = None,
                               extra_packs: Sequence[ContentPack] = ()) -> Match:
    """Create a standard game with a finished campaign's deck (L26), maybe mixed with core sets.

    The trade deck is the campaign's: every trade and post-campaign copy, upgraded copies with
    their stickers and sides (L16, L20), plus every trade card of `extra_packs` (the Legacy
    rulebook lets the finished deck be mixed with other sets). Seat 0 takes the Star Empire's
    personal deck and seat 1 the Federation's (L7); no scenario rules, VP cards or further
    upgrades (no sheets); the first player is drawn from the seed (C3).
    """
    pack, trade_deck = campaign_deck(campaign, extra_packs)
    sides = ("empire", "federation")
    setup = GameSetup(
        pack=pack, seed=new_seed() if seed is None else seed, first=None, explorers=EXPLORERS,
        seats=[SeatSetup(side=side, deck=dict(pack.sides[side]["personal_deck"]), name=spec.name)
               for side, spec in zip(sides, seats)],
        trade_deck=trade_deck)
    return create_match(campaign.pack, setup, seats, extra_packs=extra_packs)


def campaign_deck(campaign: Campaign, extra_packs: Sequence[ContentPack] = ()
                  ) -> tuple[Pack, list[Any]]:
    """Return the engine pack and the trade deck of a finished campaign's deck (L26).

    Every trade (and post-campaign) copy with its upgrades, plus the trade cards of the core sets
    mixed in; MatchError when the campaign is not finished or a pack cannot be mixed.
    """
    state = campaign.current_state
    if state.phase != FINISHED:
        raise MatchError(_("Only a finished campaign's deck can be played as a standard game."))
    if any(p.kind != ContentPack.Kind.CORE for p in extra_packs):
        raise MatchError(_("A finished campaign's deck mixes only with core-set packs."))
    pack = _mix([campaign.pack, *extra_packs])
    text_alone = applied_text_stickers(campaign.pack.data,
                                       [u["sticker"] for u in state.upgrades.values()])
    if text_alone:  # stickers an owner's table applied by reading them (issue 19)
        raise MatchError(effects_refusal(text_alone))
    legacy = campaign.pack.engine_pack()
    upgraded = {c: {"copy": c, "sticker": u["sticker"], "side": u["side"]}
                for c, u in state.upgrades.items()}
    roles = ("trade", "post_campaign") if state.post_campaign_added else ("trade",)
    extra = [c for p in extra_packs for c in p.engine_pack().trade_copies()]
    return pack, [upgraded.get(c, c) for c in legacy.trade_copies(roles)] + extra


def create_campaign_match(campaign: Campaign, bots: dict[int, str], seed: int | str | None = None
                          ) -> Match:
    """Create the game of the campaign's open scenario; the match seats are the campaign seats.

    A campaign seat without a user is played by the bot `bots[index]` (the heuristic by default).
    """
    number = open_scenario(campaign)
    refusal = online_refusal(campaign)  # an owner's set may hold cards as printed text alone
    if refusal:
        raise MatchError(refusal)
    snapshot = snapshot_of(campaign.current_state)
    setup = scenario_setup(campaign.pack.engine_pack(), snapshot, number,
                           seed=new_seed() if seed is None else seed)
    seats = [SeatSpec(seat.name, seat.user, "" if seat.user else bots.get(seat.index, DEFAULT_BOT))
             for seat in campaign.seats.order_by("index")]
    for spec, seat_setup in zip(seats, setup.seats):
        seat_setup.name = spec.name
    return create_match(campaign.pack, setup, seats, campaign=campaign, scenario=number,
                   campaign_version=campaign.version, snapshot=services.as_json_field(asdict(snapshot)))


def create_mode_match(mode: str, seats: list[SeatSpec], *, pack: ContentPack | None = None,
                      campaign: Campaign | None = None, extra_packs: Sequence[ContentPack] = (),
                      seed: int | str | None = None) -> Match:
    """Create a match of `mode` with the core set `pack` or a finished `campaign`'s deck.

    Seats are in turn order from the first seat (their roles: `seat_roles`); who moves first is
    drawn from the seed by the engine's mode rules. With an open seat the match waits.
    """
    if mode not in BY_KEY or mode == STANDARD:
        raise MatchError(_("Choose a mode for 3 to 6 players."))
    seed = new_seed() if seed is None else seed
    if campaign is not None:
        first, engine_pack, seat_setups, trade_deck = _campaign_deck(campaign, seats, extra_packs)
    elif pack is not None:
        first, engine_pack, trade_deck = pack, _core_pack(pack, extra_packs), None
        seat_setups = [SeatSetup(name=spec.name) for spec in seats]
    else:
        raise MatchError(_("Choose the cards to play with."))
    setup = mode_setup(mode, engine_pack, seat_setups, seed)
    if trade_deck is not None:
        setup.trade_deck, setup.explorers = trade_deck, EXPLORERS
    try:  # with an open seat the match waits; nobody, bots included, moves before it starts
        return create_match(first, setup, seats, extra_packs=extra_packs)
    except engine.EngineError as error:  # e.g. a pack without the cards a seat starts with
        raise MatchError(_("This game cannot be set up: %(reason)s") % {"reason": error}) from None


def mode_setup(mode: str, pack: Pack, seats: list[SeatSetup], seed: int | str) -> GameSetup:
    """Return the engine setup of `mode` for these seats (names, decks, sides already set)."""
    if mode not in ENGINE_MODES or mode == STANDARD:
        raise MatchError(_("This mode cannot be played yet."))
    counts = BY_KEY[mode].counts
    if len(seats) not in counts:
        raise MatchError(_("%(mode)s is played by %(counts)s players.") % {
            "mode": BY_KEY[mode].name, "counts": counts_text(counts)})
    try:
        setup = setup_for(mode, pack, players=len(seats), names=[s.name for s in seats],
                          seed=seed, first=None)
    except engine.SetupError as error:
        raise MatchError(str(error)) from None
    for mine, theirs in zip(seats, setup.seats):  # the decks (a campaign's sides) stay ours
        theirs.side, theirs.deck = mine.side, mine.deck
    return setup


def _core_pack(pack: ContentPack, extra_packs: Sequence[ContentPack]) -> Pack:
    if pack.kind != ContentPack.Kind.CORE or any(
            p.kind != ContentPack.Kind.CORE for p in extra_packs):
        raise MatchError(_("Only core-set packs can be mixed into a standard game."))
    return _mix([pack, *extra_packs])


def _campaign_deck(campaign: Campaign, seats: list[SeatSpec],
                   extra_packs: Sequence[ContentPack]) -> tuple[Any, Pack, list[SeatSetup], list]:
    """Return the pack, seats and trade deck of a finished campaign's deck (L26, M8): the seats
    take the two sides' personal decks (L7) in turn."""
    pack, trade = campaign_deck(campaign, extra_packs)
    sides = [side for side in SIDES if side in pack.sides] or [None]
    seat_setups = []
    for k, spec in enumerate(seats):
        side = sides[k % len(sides)]
        deck = dict(pack.sides[side]["personal_deck"]) if side else None
        seat_setups.append(SeatSetup(side=side, deck=deck, name=spec.name))
    return campaign.pack, pack, seat_setups, trade


def may_rematch(match: Match, user: Any) -> bool:
    """Return whether `user` may ask for a rematch: a finished game outside a campaign they played."""
    return match.is_over and match.campaign_id is None and match.seat_of(user) is not None


def rematch_of(match: Match) -> Match | None:
    """Return the rematch of a finished match, or None."""
    return Match.objects.filter(rematch_of=match.pk).first()


def create_rematch(match: Match, user: Any) -> Match:
    """Return the rematch of `match`, creating it (user seated, the others offered their seats).

    One rematch per game however many ask at once: the original's row is locked while its
    rematch is looked for and made, and `Match.rematch_of` is unique, so a racing second insert
    fails and that request returns the rematch the first one made.
    """
    if not may_rematch(match, user):
        raise MatchError(_("Only a player of a finished game outside a campaign can ask for a "
                           "rematch."))
    try:
        with transaction.atomic():
            original = Match.objects.select_for_update().get(pk=match.pk)
            return rematch_of(original) or _new_rematch(original, user)
    except IntegrityError:
        existing = rematch_of(match)
        if existing is None:
            raise
        return existing


def _new_rematch(match: Match, user: Any) -> Match:
    data = {**match.setup, "seed": new_seed(), "shuffler": KEYED_SHUFFLES}
    try:
        setup = GameSetup.from_dict(data, services.match_engine_pack(match))
    except EngineError as error:
        raise MatchError(_("This game can no longer be set up again: %(reason)s")
                         % {"reason": error}) from None
    seats = [_seat_spec(seat, user) for seat in match.seat_list]
    extra = [link.pack for link in match.pack_links.select_related("pack").order_by("position")]
    return create_match(match.pack, setup, seats, extra_packs=extra, rematch_of=match)


def _seat_spec(seat: Any, user: Any) -> SeatSpec:
    """Return who sits in the rematch's seat: the asker, a bot, or an offer to the old player."""
    if seat.bot:
        return SeatSpec(seat.name, bot=seat.bot)
    if seat.user_id == user.pk:
        return SeatSpec(seat.name, user=user)
    return SeatSpec(seat.name, offered_to=seat.user or seat.offered_to)


def create_match(pack: ContentPack, setup: GameSetup, seats: list[SeatSpec],
                 extra_packs: Sequence[ContentPack] = (), **extra: Any) -> Match:
    """Create a match from an explicit setup (tests and tutorials may stack decks).

    A bot that decides first is queued like any bot turn (`play.bots_queue`). `extra_packs` are
    recorded in order (MatchPack) so the game replays with the same mix.
    """
    waiting = any(not s.user and not s.bot for s in seats)
    with transaction.atomic():
        match = Match.objects.create(pack=pack, setup=setup.to_dict(), **extra,
                                     status=Match.Status.WAITING if waiting else Match.Status.ACTIVE)
        MatchPack.objects.bulk_create(MatchPack(match=match, pack=p, position=k)
                                      for k, p in enumerate(extra_packs, start=1))
        for index, spec in enumerate(seats):
            MatchSeat.objects.create(match=match, index=index, user=spec.user, bot=spec.bot,
                                     name=spec.name[:80], offered_to=spec.offered_to)
        state = new_game(setup)
        services.save_first_state(match, state)
    return match


# -- taking a seat -------------------------------------------------------------------------------


def join(seat: MatchSeat, user: Any) -> bool:
    """Seat `user` through an invite; False if the seat was taken or offered to someone else.

    Joining again a seat one already holds (a double click, two tabs) is True and changes
    nothing. An open invite's seat takes the name of who took it. When the last open seat is
    taken the match becomes active and the bots whose decision it is play, through the normal
    change path (lock, version, one save, the `match_changed` signal).
    """
    if seat.user_id is not None and seat.user_id == user.pk:
        return True
    if not seat.join(user):
        seat.refresh_from_db(fields=["user"])
        return seat.user_id == user.pk
    if seat.offered_to_id is None:
        MatchSeat.objects.filter(pk=seat.pk).update(name=user.get_username()[:80])
    match = seat.match
    if (match.status == Match.Status.WAITING
            and not match.seats.filter(user__isnull=True, bot="").exists()):
        started = Match.objects.filter(pk=match.pk, status=Match.Status.WAITING).update(
            status=Match.Status.ACTIVE)
        if started:  # the version stays (no action yet): the status is the news
            services.announce_start(match)
            services.begin(match.pk, user)
    return True
