"""Game setups (what a game starts from) and the per-game constant data built from them.

A `GameSetup` is plain data that serializes to JSON (`to_dict` / `from_dict`), so the site can
store it beside the action list: setup + seed + actions rebuild a game exactly.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import modes
from .chance import KEYED, MERSENNE, SHUFFLERS
from .content import MAX_ABILITIES, Design, Pack, matches, validate_rules
from .errors import SetupError
from .packformat.vocabulary import SIDES, StickerRef

MAX_INSTANCES = 1024  # card instance ids index small interned-action tables (actions.PLAY, ...)


@dataclass
class SeatSetup:
    """One seat: its side, team, personal deck and sticker sheets.

    `deck` maps design ids to counts (default: C2 8 scouts + 2 vipers in a core pack, the side's
    L7 deck in a legacy pack). `deck_order` (design ids, top card first) stacks the deck instead
    of shuffling it. `sheets` are the sticker sheets the player may use (L18) and
    `scenario_sheet` the sheet whose five stickers win at once (L19). `role` is a mode's role
    ("boss", "raider", "emperor", "admiral"; docs/modes.md).
    """

    side: str | None = None
    team: int | None = None
    role: str | None = None
    deck: dict[str, int] | None = None
    deck_order: list[str] | None = None
    sheets: list[str] = field(default_factory=list)
    scenario_sheet: str | None = None
    name: str = ""


@dataclass
class GameSetup:
    """Everything a game starts from. Seat 0 is the first seat in turn order after `first`.

    `trade_deck` lists copies: ``"kingdom-lancer#2"`` or ``{"copy": ..., "sticker": ...,
    "side": ...}`` for a copy upgraded in an earlier game. Default: every trade copy of the pack.
    `trade_deck_order=True` keeps that list as the deck order (top card first) instead of
    shuffling it. `hand_sizes` are the first hands in turn order (C3: 3 then 5). `used_rows` are
    sticker rows already used in the campaign (``"empire-1:3"``, L14). `rules` are scenario RULEs.
    `first=None` draws the first player from the seed (C3, M1).
    `targeting` is who a seat may attack and target: ``"all"`` opponents (M1, M2, M5) or only the
    ``"next"`` living opponent in turn order (M3's left neighbour); outposts protect a whole team
    (C20 per team) either way. `mode` is a mode id of `modes.MODES` (docs/modes.md) and
    `outposts` its M9 option ("player" / "team", None: the mode's default). `seed` is the
    secret every shuffle comes from and `shuffler` how (play/engine/chance.py): "keyed" for every
    new game, "mt19937" for games saved before keyed shuffles (a saved setup without the field).
    """

    pack: Pack
    seats: list[SeatSetup] = field(default_factory=lambda: [SeatSetup(), SeatSetup()])
    trade_deck: list[Any] | None = None
    trade_deck_order: bool = False
    explorers: int | None = None
    starting_authority: int = 50
    hand_sizes: list[int] | None = None
    draw_size: int = 5
    trade_row_size: int = 5
    first: int | None = 0
    rules: list[dict] = field(default_factory=list)
    vp_cards: list[str] = field(default_factory=list)
    used_rows: list[str] = field(default_factory=list)
    seed: int | str = 0
    shuffler: str = KEYED
    targeting: str = "all"
    mode: str = "standard"
    outposts: str | None = None

    def to_dict(self) -> dict:
        """Return a JSON-safe dict (the pack is named by id)."""
        data = {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)
                if f.name not in ("pack", "seats")}
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["pack"] = self.pack.id
        if self.shuffler == MERSENNE:  # as saved before keyed shuffles, which `from_dict` reads so
            del data["shuffler"]
        return data

    @classmethod
    def from_dict(cls, data: dict, pack: Pack) -> GameSetup:
        """Rebuild a setup saved with `to_dict`, given the pack it names."""
        if data.get("pack") != pack.id:
            raise SetupError(f"this setup is for pack {data.get('pack')!r}, not {pack.id!r}")
        values = {k: v for k, v in data.items() if k != "pack"}
        values.setdefault("shuffler", MERSENNE)  # saved before keyed shuffles: replay as played
        try:
            values["seats"] = [SeatSetup(**s) for s in values.get("seats", [])]
            return cls(pack=pack, **values)
        except TypeError as error:
            raise SetupError(f"not a saved setup: {error}") from None


def setup_for(mode: str, pack: Pack, *, players: int, names: list[str] | None = None,
              seed: int | str = 0, first: int | None = None, side_decks: bool = False,
              outposts: str | None = None) -> GameSetup:
    """Return the setup of a game of `mode` for `players` seats (docs/modes.md).

    Seat order is clockwise and the turn order from `first` (None: drawn from the seed; the
    boss in raid; hydra and emperor go team by team, the first seat's team first: M5, M6).
    `side_decks` gives the legacy sides' personal decks (M8) to both players of a 2-player game,
    both emperors or the boss; `outposts` is the M9 option.

    >>> from play.engine import load_pack, tiny_pack
    >>> setup = setup_for("raid", load_pack(tiny_pack()), players=3)
    >>> [seat.role for seat in setup.seats]
    ['boss', 'raider', 'raider']
    """
    chosen = modes.get(mode)
    if not isinstance(players, int) or players not in chosen.players:
        counts = ", ".join(map(str, chosen.players))
        raise SetupError(f"{chosen.name['en']} ({chosen.rule}) is for {counts} players, "
                         f"not {players!r}")
    names = list(names or [])
    if len(names) > players:
        raise SetupError(f"{len(names)} names for {players} seats")
    names += [""] * (players - len(names))
    plan = modes.plan(mode, [None] * players, first if first is not None else 0, 50, 5, None)
    seats = [SeatSetup(name=name, role=role) for name, role in zip(names, plan.role, strict=True)]
    if chosen.id == "hydra":
        for seat, team in zip(seats, plan.team, strict=True):
            seat.team = team
    if side_decks:
        _side_decks(chosen, pack, seats)
    return GameSetup(pack=pack, seats=seats, seed=seed, first=first, mode=mode,
                     outposts=outposts)


def _side_decks(mode: modes.Mode, pack: Pack, seats: list[SeatSetup]) -> None:
    """M8: the sides' personal decks for 2-player games, the emperors and the boss."""
    sides = [side for side in SIDES if side in pack.sides]
    if len(sides) < 2:
        raise SetupError("side decks (M8) need a pack with both sides' personal decks (L7)")
    if mode.id == "standard":
        takers = [0, 1]
    else:
        takers = [k for k, seat in enumerate(seats) if seat.role in ("emperor", "boss")]
    if not takers:
        raise SetupError(f"{mode.name['en']} has no seat that may use a side deck (M8)")
    for k, seat_index in enumerate(takers):
        seats[seat_index].side = sides[k % 2]


class Game:
    """The constant part of one game: designs after scenario changes, seats, rules, copy ids."""

    def __init__(self, setup: GameSetup) -> None:
        _check_values(setup)
        pack = setup.pack
        self.setup = setup
        self.pack = pack
        self.fbits = pack.faction_bits
        self.n = len(setup.seats)
        if not 2 <= self.n <= 6:
            raise SetupError(f"a game has 2 to 6 seats, not {self.n}")
        plan = modes.plan(setup.mode, setup.seats, setup.first, setup.starting_authority,
                          setup.draw_size, setup.hand_sizes, setup.seed, setup.outposts)
        self._mode_plan(plan)
        if setup.targeting not in ("all", "next"):
            raise SetupError(f"targeting is 'all' or 'next', not {setup.targeting!r}")
        self.targets_next_only = setup.targeting == "next" and plan.mode.reach == "setup"
        self.rules = validate_rules(setup.rules, pack) if setup.rules else []
        self._rules_by_kind: dict[str, list[dict]] = {}
        for kind, arg in self.rules:
            self._rules_by_kind.setdefault(kind, []).append(arg)
        self.designs = self._designs_after_card_stats()
        self._seat_rules()
        self.sticker_options = [self._stickers_for(s) for s in setup.seats]
        # seats whose buys are priced only against their own trade (rules._buy_actions)
        self.plain_buys = [self.plain and not self.sticker_options[s] and not self.forbids[s]
                           for s in range(self.n)]
        self.scenario_sheet = [s.scenario_sheet for s in setup.seats]
        # the row of each sticker (L13: one sticker of a row, ever) and every row of each seat's
        # scenario sheet that a game could have used (L19), so that the bots' many questions
        # about them are lookups, not string splits
        self.sticker_row = {sid: StickerRef.parse(sid).row for sid in pack.stickers}
        self.sheet_rows = [self._sheet_rows(sheet) for sheet in self.scenario_sheet]
        self.vp_cards = _vp_cards(setup)
        self.by_id = pack.by_id if self.designs == pack.designs else {d.id: d for d in
                                                                         self.designs}
        self.foes = [[s for s in ((seat + k) % self.n for k in range(1, self.n))
                      if self.team[s] != self.team[seat]] for seat in range(self.n)]
        self.team_seats = {t: [s for s in range(self.n) if self.team[s] == t] for t in self.teams}
        # the seats whose outposts protect each seat (C20; M9: the whole team's)
        self.guards = [self.team_seats[self.team[s]] if self.outposts_by_team else [s]
                       for s in range(self.n)]
        # what `ops.after_action` looks at after every action (L21: first_to awards)
        self.first_to_cards = [(vid, cond) for vid, kind, cond in self.vp_cards
                               if kind == "first_to"]
        self.checks_after_action = bool(self.victories or self.first_to_cards)
        # C24 statics on ships (a card_stat rule changes no ability); bases are always looked at
        self.ship_statics = pack.ship_statics()
        self.copy_id: list[str | None] = []   # per card instance
        self.initial_design: list[Design] = []  # per card instance, upgrades from earlier games
        # designs made from this game's designs, one per recipe: a bot's sampled worlds buy the
        # same upgrades over and over, and the bots' per-design figures are kept per object
        self._upgraded: dict[tuple[Design, str, str], Design] = {}
        self._granted: dict[tuple[Design, int], tuple] = {}
        self._free: dict[tuple[Design, int], tuple] = {}

    def _mode_plan(self, plan: modes.Plan) -> None:
        """Take teams, roles, authority pools, turn order and mode switches from the plan."""
        n = self.n
        self.mode = plan.mode
        self.plan = plan
        self.order = modes.turn_order(plan, n)
        # each seat's next seats in turn order, itself last (rules._next_seat skips the dead)
        self.seats_after = [self.order[k + 1:] + self.order[:k + 1]
                            for k in map(self.order.index, range(n))]
        self.team = plan.team
        self.purse = plan.purse
        self.role = plan.role
        self.teams = sorted(set(self.team))
        if len(self.teams) < 2:
            raise SetupError("a game needs at least two teams")
        self.outposts_by_team = plan.outposts == "team"
        self.facing = plan.facing
        # M6: a neighbouring teammate may receive cards from your discard pile
        self.mates_beside = [sorted({o for o in ((s - 1) % n, (s + 1) % n)
                                     if o != s and self.team[o] == self.team[s]})
                             for s in range(n)] if plan.mode.card_passing else [[]] * n
        # the plain engine of today's 2-player games: every mode switch off (fast paths)
        self.plain = plan.mode.id == "standard"

    # -- who / rule lookups ---------------------------------------------------------------------

    def who(self, selector: str) -> set[int]:
        """Return the seats a RULE's `who` names."""
        if selector == "all":
            return set(range(self.n))
        if selector == "first":
            return {self.order[0]}
        if selector == "second":
            return {self.order[1]}
        return {i for i, s in enumerate(self.setup.seats) if s.side == selector}

    def rules_of(self, kind: str) -> list[dict]:
        """Return the arguments of every rule of one kind, in order."""
        found = self._rules_by_kind.get(kind)
        return list(found) if found else []

    def _seat_rules(self) -> None:
        setup = self.setup
        plan = self.plan
        self.authority = list(plan.authority)
        for arg in self.rules_of("starting_authority"):
            for seat in self.who(arg["who"]):
                self.authority[seat] = arg["n"]
        first_hands = list(plan.first_hand)
        for arg in self.rules_of("starting_hand"):
            for seat in self.who(arg["who"]):
                first_hands[seat] = arg["n"]
        self.first_hand = first_hands
        self.hand_size = list(plan.hand_size)
        for arg in self.rules_of("hand_size"):
            for seat in self.who(arg["who"]):
                self.hand_size[seat] = arg["n"]
        row = [arg["n"] for arg in self.rules_of("trade_row_size")]
        self.row_size = row[-1] if row else setup.trade_row_size
        explorers = [arg["n"] for arg in self.rules_of("explorers")]
        self.explorers = explorers[-1] if explorers else setup.explorers
        self.start_of_turn = [[(a.get("from_turn", 1), a["do"])
                               for a in self.rules_of("start_of_turn")
                               if seat in self.who(a["who"])] for seat in range(self.n)]
        # each grant gets its own ability index from the top, so "used this turn" keys differ (C11)
        grants = [(a, a["ability"]._replace(index=MAX_ABILITIES - 1 - g))
                  for g, a in enumerate(self.rules_of("grant"))]
        self.grants = [[(a["match"], ability) for a, ability in grants
                        if seat in self.who(a["who"])] for seat in range(self.n)]
        self.forbids = [[a for a in self.rules_of("forbid") if seat in self.who(a["who"])]
                        for seat in range(self.n)]
        self.triggers = [[a for a in self.rules_of("trigger") if seat in self.who(a["who"])]
                         for seat in range(self.n)]
        self.victories = [(seat, a["cond"]) for a in self.rules_of("victory")
                          for seat in sorted(self.who(a["who"]))]
        self.has_grants = any(self.grants)
        self.has_triggers = any(self.triggers)

    def _designs_after_card_stats(self) -> list[Design]:
        designs = list(self.pack.designs)
        for arg in self.rules_of("card_stat"):
            for i, design in enumerate(designs):
                if matches(design, arg["match"], self.fbits):
                    cost = design.cost
                    if cost is not None and "cost" in arg:
                        cost = max(0, cost + arg["cost"])
                    defense = design.defense + arg.get("defense", 0) if design.is_base else 0
                    designs[i] = design.derive(cost=cost, defense=max(1, defense) if design.is_base
                                               else 0)
        return designs

    def _stickers_for(self, seat: SeatSetup) -> dict[tuple[str, int], list[str]]:
        """Map (card type, printed cost) to the sticker ids this seat could use (L13)."""
        options: dict[tuple[str, int], list[str]] = {}
        for sheet in seat.sheets:
            if sheet not in self.pack.sheets:
                raise SetupError(f"unknown sticker sheet {sheet!r}")
            if seat.side is not None and self.pack.sheets[sheet]["side"] != seat.side:
                raise SetupError(f"sheet {sheet!r} belongs to the other side (L4: each player "
                                 f"uses their own side's sheets)")
            for sticker in self.pack.stickers.values():
                if sticker.sheet == sheet:
                    options.setdefault((sticker.type, sticker.cost), []).append(sticker.id)
        if seat.scenario_sheet and seat.scenario_sheet not in seat.sheets:
            raise SetupError(f"scenario sheet {seat.scenario_sheet!r} is not one of the seat's "
                             f"sheets")
        if seat.sheets and seat.side is None:
            raise SetupError("a seat with sticker sheets needs a side (L16 adds it as a faction)")
        return options

    def _sheet_rows(self, sheet: str | None) -> tuple[str, ...]:
        """Return the rows of a scenario sheet a game's `rows_used` may hold: its stickers'
        rows and the used rows the setup names (`ops.political_progress` counts them)."""
        if not sheet:
            return ()
        rows = set(self.sticker_row.values()) | set(self.setup.used_rows)
        return tuple(sorted(row for row in rows if row.rpartition(":")[0] == sheet))

    def abilities(self, design: Design, seat: int) -> tuple:
        """Return a design's abilities for one seat, including scenario grants."""
        if not self.has_grants or not self.grants[seat]:
            return design.abilities
        found = self._granted.get((design, seat))
        if found is None:
            extra = tuple(ability for match, ability in self.grants[seat]
                          if matches(design, match, self.fbits))
            own = design.abilities  # no grant matches: this very tuple (the rules' shortcuts hold)
            found = self._granted[design, seat] = own + extra if extra else own
        return found

    def free_slots(self, design: Design, seat: int) -> tuple[tuple[int, int | None], ...]:
        """Return `Design.free_slots` for one seat, grants included: (ability index, ally
        faction bit or None) of each ability that costs nothing to use, ally abilities (C14)
        and a base's primaries (C10)."""
        if not self.has_grants or not self.grants[seat]:
            return design.free_slots
        found = self._free.get((design, seat))
        if found is None:
            found = self._free[design, seat] = tuple(
                (a.index, a.fbit if a.when == "ally" else None)
                for a in self.abilities(design, seat)
                if a.when == "ally" or a.when == "primary" and design.is_base)
        return found


def _vp_cards(setup: GameSetup) -> list[tuple[str, str, Any]]:
    """Return (VP card id, award kind, condition) of each VP card the setup names (L21)."""
    result = []
    for vid in setup.vp_cards:
        vp = setup.pack.vp_cards.get(vid)
        if vp is None:
            raise SetupError(f"unknown VP card {vid!r}")
        kind, cond = vp["_award"]
        result.append((vid, kind, cond))
    return result


def _check_values(setup: GameSetup) -> None:
    """Refuse setup values of the wrong kind with a SetupError (never a crash later)."""
    if not isinstance(setup.pack, Pack):
        raise SetupError("the setup needs a loaded pack (load_pack)")
    numbers = {"starting_authority": 1, "draw_size": 0, "trade_row_size": 0}
    for name, low in numbers.items():
        value = getattr(setup, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise SetupError(f"{name} must be a whole number >= {low}, not {value!r}")
    explorers = setup.explorers
    if explorers is not None and (not isinstance(explorers, int) or explorers < 0):
        raise SetupError(f"explorers must be a whole number >= 0, not {setup.explorers!r}")
    if not isinstance(setup.seed, (int, str)):
        raise SetupError(f"seed must be an integer or a string, not {setup.seed!r}")
    if setup.shuffler not in SHUFFLERS:
        raise SetupError(f"shuffler must be one of {', '.join(SHUFFLERS)}, not {setup.shuffler!r}")
    if setup.hand_sizes is not None and not all(isinstance(h, int) and h >= 0
                                                for h in setup.hand_sizes):
        raise SetupError(f"hand_sizes must be whole numbers >= 0, not {setup.hand_sizes!r}")
    if not isinstance(setup.seats, list) or not all(isinstance(s, SeatSetup) for s in setup.seats):
        raise SetupError("seats must be a list of SeatSetup")
    for k, seat in enumerate(setup.seats):
        deck = seat.deck
        if deck is not None and not (isinstance(deck, dict) and all(
                isinstance(c, str) and isinstance(n, int) and n >= 0 for c, n in deck.items())):
            raise SetupError(f"seat {k}: deck maps card ids to counts >= 0, not {seat.deck!r}")
        if seat.deck_order is not None and not (isinstance(seat.deck_order, list) and all(
                isinstance(c, str) for c in seat.deck_order)):
            raise SetupError(f"seat {k}: deck_order is a list of card ids")
    for name in ("rules", "vp_cards", "used_rows"):
        if not isinstance(getattr(setup, name), list):
            raise SetupError(f"{name} must be a list")
    if setup.trade_deck is not None and not isinstance(setup.trade_deck, list):
        raise SetupError("trade_deck must be a list of copies")


def upgraded_design(game: Game, design: Design, sticker_id: str, side: str) -> Design:
    """Return the design of a card upgraded with a sticker (L12, L15, L16, L17); the same
    object each time for the same design, sticker and side (designs never change)."""
    found = game._upgraded.get((design, sticker_id, side))
    if found is None:
        found = game._upgraded[design, sticker_id, side] = _upgrade(game, design, sticker_id,
                                                                   side)
    return found


def _upgrade(game: Game, design: Design, sticker_id: str, side: str) -> Design:
    sticker = game.pack.stickers[sticker_id]
    abilities = [a for a in design.abilities if a.when != "onbuy"]
    if sticker.extends:
        added = tuple(e for ab in sticker.abilities for e in ab.effects)
        for k, ab in enumerate(abilities):
            if ab.when == "primary":
                abilities[k] = ab._replace(effects=ab.effects + added)
                break
        else:
            abilities.append(sticker.abilities[0]._replace(effects=added))
    else:
        abilities.extend(sticker.abilities)
    abilities = [a._replace(index=k) for k, a in enumerate(abilities)][:MAX_ABILITIES]
    factions = design.factions + ((side,) if side not in design.factions else ())
    return design.derive(abilities=tuple(abilities), factions=factions,
                         fmask=design.fmask | game.fbits[side], upgrade=(sticker_id, side))
