"""Turn flow and legality: `new_game`, `legal_actions`, `apply`.

Legality lives in one place: each action kind has one check function that returns why the action
is illegal (or None). `apply` runs the check for the one action it is given; `legal_actions`
enumerates candidates and keeps those that pass the same per-card predicates (`ability_error`,
`purchase_error`, `attack_error`, `destroy_error`, `pick_sticker_error`). A property test holds
the two to each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import effects, ops
from .actions import (
    ATTACK,
    BUY,
    BUY_EXPLORER,
    CHOOSE,
    DESTROY,
    DONE,
    END,
    EXPLORER,
    GIVE,
    PICK,
    PLAY,
    Action,
    intern,
)
from .chance import shuffler_for
from .content import Ability, Design
from .errors import IllegalAction, SetupError
from .packformat.vocabulary import SIDES
from .setup import MAX_INSTANCES, Game, GameSetup, upgraded_design
from .state import (
    OWN_ALL,
    OWN_HISTORY,
    OWN_STATS,
    OWN_TURNS,
    GameState,
    clear_shared,
    replace_shared,
    seat_bases,
    seat_stats,
    writable,
)

SLOTS = ops.ABILITY_SLOTS


# -- creating a game -------------------------------------------------------------------------------

def new_game(setup: GameSetup, cls: type[GameState] = GameState) -> GameState:
    """Build the starting state: decks, trade row, first hands (C2-C5, L7), scenario rules.

    `cls` is the class to build: the facade passes its `PlayState`, which the rules cannot import.
    """
    game = Game(setup)
    s = cls.__new__(cls)
    s.own = OWN_ALL  # a new game shares nothing (state.SHARED)
    s.game = game
    s.rng = shuffler_for(setup.shuffler, setup.seed)
    s.design = []
    n = game.n
    s.deck = [_personal_deck(s, seat) for seat in range(n)]
    s.trade_deck = _trade_deck(s)
    explorers = _explorer_count(game)
    first = len(s.design)
    s.design.extend([_explorer_design(game)] * explorers)
    game.copy_id.extend([None] * explorers)
    s.explorers = list(range(first, first + explorers))
    s.bases = [[] for _ in range(n)]
    for arg in game.rules_of("start_in_play"):
        for seat in sorted(game.who(arg["who"])):
            s.bases[seat].append(_new_instance(s, _design(game, arg["card"]), None))
    if len(s.design) > MAX_INSTANCES:
        raise SetupError(f"at most {MAX_INSTANCES} cards in a game")
    game.initial_design = list(s.design)
    _empty_turn_state(s)
    s.row = [s.trade_deck.pop() if s.trade_deck else -1 for _ in range(game.row_size)]
    for seat in game.order:
        ops.draw(s, seat, game.first_hand[seat])
    s.log.clear()
    _begin_turn(s, game.order[0])
    effects.run(s)
    ops.after_action(s)
    return s


def _empty_turn_state(s: GameState) -> None:
    game = s.game
    n = game.n
    s.hand = [[] for _ in range(n)]
    s.discard = [[] for _ in range(n)]
    s.ships = [[] for _ in range(n)]
    s.heap = []
    s.authority = {}
    for seat in range(n):
        s.authority.setdefault(game.purse[seat], game.authority[seat])
    s.trade = [0] * n
    s.combat = [0] * n
    s.active = game.order[0]
    s.turn = 0
    s.turns = [0] * n
    s.used = set()
    s.played = []
    s.stack = []
    s.pending = None
    s.next_acquire = []
    s.discounts = []
    s.damage = {}
    s.log = []
    s.prev_log = []
    s.outcome = None
    s.stats = [{} for _ in range(n)]
    s.upgrades = []
    s.rows_used = set(game.setup.used_rows)
    s.vp_awarded = []
    s.copied = {}
    s.alive = [True] * n
    s.history = []
    s.acquiring = []
    s.listed = s.listed_uses = None


def _new_instance(s: GameState, design: Design, copy_id: str | None) -> int:
    s.design.append(design)
    s.game.copy_id.append(copy_id)
    return len(s.design) - 1


def _design(game: Game, card_id: str) -> Design:
    design = game.by_id.get(card_id)
    if design is None:
        raise SetupError(f"unknown card {card_id!r}")
    return design


def _personal_deck(s: GameState, seat: int) -> list[int]:
    """Return a seat's deck, top card LAST; shuffled unless `deck_order` stacks it."""
    game = s.game
    seat_setup = game.setup.seats[seat]
    extra = [card for arg in game.rules_of("add_to_deck") if seat in game.who(arg["who"])
             for card in _expand(game, arg["cards"])]
    if seat_setup.deck_order is not None:
        cards = list(seat_setup.deck_order) + extra
    else:
        cards = _expand(game, seat_setup.deck or _default_deck(game, seat_setup.side)) + extra
    first = len(s.design)
    designs = list(map(game.by_id.get, cards))
    if None in designs:
        _design(game, cards[designs.index(None)])  # names the unknown card
    s.design.extend(designs)
    game.copy_id.extend([None] * len(cards))
    deck = list(range(first, len(s.design)))
    if seat_setup.deck_order is None:
        s.rng.shuffle(deck)
    deck.reverse()
    return deck


def _expand(game: Game, counts: dict[str, int]) -> list[str]:
    """Return the cards of a count map, in the order the pack lists its cards.

    Never in the map's own key order: a map read back from PostgreSQL's jsonb has its keys
    re-sorted, and the shuffle that follows would then deal another game from the same seed.
    """
    position = game.pack.position
    ordered = sorted(counts.items(), key=lambda item: (position.get(item[0], len(position)),
                                                      item[0]))
    return [card for card, k in ordered for _ in range(k)]


def _default_deck(game: Game, side: str | None) -> dict[str, int]:
    pack = game.pack
    if side is not None and side in pack.sides:
        return dict(pack.sides[side]["personal_deck"])
    scouts = pack.designs_with_role("scout")
    vipers = pack.designs_with_role("viper")
    if not scouts or not vipers:
        raise SetupError("the pack has no scout/viper for a standard personal deck (C2); "
                         "give each seat a deck or a side")
    return {scouts[0].id: 8, vipers[0].id: 2}


def _trade_columns(game: Game) -> tuple[Sequence[str], Sequence[Design]]:
    """Return the trade deck's copy ids and their designs, in the setup's (or the pack's) order."""
    setup = game.setup
    if setup.trade_deck is not None:  # a campaign's mutated deck: each entry a tracked copy
        seen: set[str] = set()
        cards = [_copy_card(game, entry, seen) for entry in setup.trade_deck]
    elif game.by_id is game.pack.by_id:  # every trade copy as printed, listed once per pack
        return game.pack.default_trade_columns()
    else:  # as printed, with this game's own designs (game.by_id)
        cards = [(copy_id, game.by_id[design.id])
                 for copy_id, design in game.pack.default_trade_deck]
    return tuple(zip(*cards)) if cards else ((), ())


def _trade_deck(s: GameState) -> list[int]:
    """Return the trade deck, top card LAST; each entry is a tracked copy (`card#n`)."""
    game = s.game
    setup = game.setup
    copy_ids, designs = _trade_columns(game)
    first = len(s.design)
    s.design.extend(designs)
    game.copy_id.extend(copy_ids)
    deck = list(range(first, len(s.design)))
    if not setup.trade_deck_order:
        s.rng.shuffle(deck)
    deck.reverse()
    return deck


def _copy_card(game: Game, entry: object, seen: set[str]) -> tuple[str, Design]:
    """Return (copy id, design) of one trade-deck entry, upgraded if it says so (L20)."""
    copy_id, sticker, side = _copy_entry(entry)
    if copy_id in seen:
        raise SetupError(f"copy {copy_id!r} is listed twice in the trade deck")
    seen.add(copy_id)
    printed = game.pack.copies.get(copy_id)
    if printed is None:
        raise SetupError(f"{copy_id!r} is not a trade-deck copy (use '<card>#<n>', "
                         f"n from 1 to the card's quantity)")
    design = game.by_id[printed.id]
    if sticker:
        if sticker not in game.pack.stickers:
            raise SetupError(f"unknown sticker {sticker!r} on {copy_id!r}")
        design = upgraded_design(game, design, sticker, side)
    return copy_id, design


def _copy_entry(entry: object) -> tuple[str, str, str]:
    if entry.__class__ is str:
        return entry, "", ""
    if isinstance(entry, dict) and isinstance(entry.get("copy"), str):
        sticker = entry.get("sticker") or ""
        side = entry.get("side") or ""
        if sticker and side not in SIDES:
            raise SetupError(f"upgraded copy {entry['copy']!r} needs the side that upgraded it")
        return entry["copy"], sticker, side
    raise SetupError(f"a trade-deck entry is 'card#n' or {{'copy', 'sticker', 'side'}}, "
                     f"not {entry!r}")


def _explorer_design(game: Game) -> Design | None:
    return next((d for d in game.designs if d.role == "explorer"), None)


def _explorer_count(game: Game) -> int:
    design = _explorer_design(game)
    if design is None:
        return 0
    return game.explorers if game.explorers is not None else design.quantity


# -- whose decision, and the check per action kind -------------------------------------------------

def decider(state: GameState) -> int | None:
    """Return the seat that must act now (the opponent for a forced discard), None if over."""
    if state.outcome is not None:
        return None
    return state.pending.seat if state.pending is not None else state.active


def ability_of(state: GameState, seat: int, inst: int, index: int) -> Ability | None:
    abilities = state.game.abilities(state.design[inst], seat)
    if 0 <= index < len(abilities) and abilities[index].index == index:
        return abilities[index]
    return next((a for a in abilities if a.index == index), None)


def ally_ok(state: GameState, seat: int, inst: int, bit: int) -> bool:
    """C14: another card of that faction in your play area (or one that allies with all, C24:
    its `ally_mask` has every bit)."""
    design = state.design
    for c in state.ships[seat]:
        if design[c].ally_mask & bit and c != inst:
            return True
    for c in state.bases[seat]:
        if design[c].ally_mask & bit and c != inst:
            return True
    return False


def use_error(state: GameState, seat: int, inst: int, index: int) -> str | None:
    """Return why ability `index` of card `inst` cannot be used now (C9-C15), or None."""
    if inst not in state.ships[seat] and inst not in state.bases[seat]:
        return "that card is not in your play area"
    ability = ability_of(state, seat, inst, index)
    if ability is None:
        return "that card has no such ability"
    return ability_error(state, seat, inst, ability)


def ability_error(state: GameState, seat: int, inst: int, ability: Ability) -> str | None:
    """Return why this ability of a card in play cannot be used now, or None (the one check
    `use` actions pass, whether listed or applied)."""
    if inst * SLOTS + ability.index in state.used:
        return "that ability was already used this turn (C11)"
    when = ability.when
    if when == "ally":
        if ally_ok(state, seat, inst, ability.fbit):
            return None
        return f"that ally ability needs another {ability.faction} card in play (C14)"
    if when == "scrap":
        return None
    if when == "primary":
        if state.design[inst].is_base:
            return None
        return "a ship's primary ability happens when played (C9)"
    return "that ability is not used this way"


def buy_error(state: GameState, seat: int, inst: int, sticker: str) -> str | None:
    """Return why this card (trade row or `EXPLORER`) cannot be bought now (C17, L11), or None."""
    if inst == EXPLORER:
        if not state.explorers:
            return "no explorers are left"
        if sticker:
            return "explorers cannot be upgraded"
        return purchase_error(state, seat, state.design[state.explorers[-1]], sticker)
    if inst < 0 or inst not in state.row:
        return "that card is not in the trade row"
    return purchase_error(state, seat, state.design[inst], sticker)


def purchase_error(state: GameState, seat: int, design: Design, sticker: str) -> str | None:
    """Return why a card on offer cannot be bought (with this sticker) now, or None."""
    cost = ops.price(state, seat, design)[0] if state.discounts else design.list_price
    if sticker:
        why = ops.sticker_ok(state, seat, design, sticker)
        if why:
            return why
        cost += ops.upgrade_cost(design)
    trade = state.trade[seat] if state.game.plain else ops.trade_pool(state, seat)
    if cost > trade:
        return f"you need {cost} trade and have {trade}"
    if state.game.forbids[seat] and ops.forbidden(state, seat, "buy", design):
        return "this scenario forbids buying that card now"
    return None


def attack_error(state: GameState, seat: int, target: int, amount: int = -1) -> str | None:
    """Return why `seat` cannot attack player `target` (with `amount` combat; -1: all) now
    (C18, C20, the mode's reach), or None."""
    combat = state.combat[seat]
    if combat <= 0:
        return "you have no combat"
    if amount != -1 and not 1 <= amount <= combat:
        return f"attack with 1 to {combat} combat (C18)"
    game = state.game
    if target not in game.foes[seat] or not state.alive[target]:  # foes: the other teams' seats
        return "you can only attack an opponent"
    if (game.targets_next_only or not game.plain) and target not in ops.enemies(state, seat):
        return _out_of_reach(game)
    if ops.protected(state, target):
        return "an outpost protects that player: destroy the outposts first (C20)"
    if game.forbids[seat] and ops.forbidden(state, seat, "attack_player"):
        return "this scenario forbids attacking players now"
    return None


def _out_of_reach(game: Game) -> str:
    reach = game.mode.reach
    if reach == "hunter":
        return "you may attack only your left neighbour, the next player still in (M3)"
    if reach == "emperor":
        return "an admiral may attack only the admiral opposite, then that emperor (M6)"
    return "you may only attack the next opponent in turn order"


def destroy_error(state: GameState, seat: int, inst: int, amount: int = -1) -> str | None:
    """Return why `seat` cannot spend combat on base `inst` now (C19, C20), or None; `amount`
    -1 is exactly what destroys it, less leaves damage."""
    if inst not in ops.targetable_bases(state, seat):
        if ops.owner_of_base(state, inst) in ops.base_owners(state, seat):
            return "an outpost protects that base: destroy the outposts first (C20)"
        return "that is not an opponent's base you may attack"
    need = ops.defense(state, inst, ops.owner_of_base(state, inst)) - state.damage.get(inst, 0)
    combat = state.combat[seat] if state.game.plain else ops.combat_pool(state, seat)
    if amount == -1:
        if combat < need:
            return f"you need {need} combat to destroy that base and have {combat}"
    elif not 1 <= amount <= min(need, combat):
        return f"spend 1 to {min(need, combat)} combat on that base"
    if state.game.forbids[seat] and ops.forbidden(state, seat, "attack_base"):
        return "this scenario forbids attacking bases now"
    return None


def give_error(state: GameState, seat: int, target: int) -> str | None:
    """Return why `seat` cannot pass a card to teammate `target` now (M6), or None."""
    game = state.game
    if not game.mode.card_passing:
        return "cards are passed only in the Emperor mode (M6)"
    if target not in game.mates_beside[seat] or not state.alive[target]:
        return "you may pass cards only to a neighbouring teammate still playing (M6)"
    if state.trade[seat] < 1:
        return "passing a card costs 1 trade (M6)"
    if not state.discard[seat]:
        return "your discard pile is empty"
    return None


def _check_play(state: GameState, seat: int, a: Action) -> str | None:
    return None if a.card in state.hand[seat] else "that card is not in your hand"


def _check_use(state: GameState, seat: int, a: Action) -> str | None:
    return use_error(state, seat, a.card, a.index)


def _check_buy(state: GameState, seat: int, a: Action) -> str | None:
    return buy_error(state, seat, a.card, a.sticker)


def _check_attack(state: GameState, seat: int, a: Action) -> str | None:
    return attack_error(state, seat, a.index, a.card)


def _check_destroy(state: GameState, seat: int, a: Action) -> str | None:
    return destroy_error(state, seat, a.card, a.index)


def _check_give(state: GameState, seat: int, a: Action) -> str | None:
    return give_error(state, seat, a.index)


def _check_end(state: GameState, seat: int, a: Action) -> str | None:
    return None


MAIN_CHECKS: dict[str, Callable[[GameState, int, Action], str | None]] = {
    "play": _check_play, "use": _check_use, "buy": _check_buy, "attack": _check_attack,
    "destroy": _check_destroy, "end": _check_end, "give": _check_give,
}
_SHAPES = {  # which fields each kind uses: (card, index, sticker); AMOUNT: optional amount
    "play": (True, False, False), "use": (True, True, False), "buy": (True, False, True),
    "attack": ("amount", True, False), "destroy": (True, "amount", False),
    "end": (False, False, False), "pick": (True, False, True), "choose": (False, True, False),
    "done": (False, False, False), "give": (False, True, False),
}


def action_error(state: GameState, a: Action) -> str | None:
    """Return why action `a` is illegal now, in words a player understands, or None."""
    if a.__class__ is not Action or a not in _WELL_FORMED:
        why = _shape_error(a)
        if why is not None:
            return why
        if len(_WELL_FORMED) > 100_000:  # hostile input must not grow memory forever
            _WELL_FORMED.clear()
        _WELL_FORMED.add(a)
    if state.outcome is not None:
        return "the game is over"
    d = state.pending
    if d is not None:
        return _decision_error(state, a)
    check = MAIN_CHECKS.get(a.kind)
    if check is None:
        return f"'{a.notation}' answers a decision, and none is pending"
    return check(state, state.active, a)


_WELL_FORMED: set[Action] = set()  # actions `_shape_error` passed (checked once, not each time)


def _shape_error(a: Action) -> str | None:
    """Return why `a` is not an action at all (unknown kind, fields its kind does not use)."""
    if not isinstance(a, Action) or a.kind not in _SHAPES:
        return f"unknown action {a!r}"
    card, index, sticker = _SHAPES[a.kind]
    if (not card and a.card != -1) or (not index and a.index != -1) or (not sticker and a.sticker) \
            or (card is True and a.card < 0 and not (a.kind == "buy" and a.card == EXPLORER)) \
            or (index is True and a.index < 0):
        return f"malformed action {a.notation!r}"
    return None


def _decision_error(state: GameState, a: Action) -> str | None:
    d = state.pending
    if a.kind not in DECISION_ACTIONS[d.kind]:
        return f"first finish the pending decision ({d.kind.replace('_', ' ')})"
    if a.kind == "done":
        return None if d.picked >= d.min else f"pick at least {d.min} first"
    if a.kind == "choose":
        return None if a.index in d.options else "no such option"
    if a.card not in d.options:
        return "that card is not one of the options"
    return pick_sticker_error(state, d.kind, d.seat, a.card, a.sticker) if a.sticker else None


def pick_sticker_error(state: GameState, kind: str, seat: int, inst: int, sticker: str
                       ) -> str | None:
    """Return why a picked card cannot take this sticker, or None (L11: acquisitions only)."""
    if kind != "acquire_free":
        return "only a card you acquire can be upgraded (L11)"
    design = state.design[inst]
    why = ops.sticker_ok(state, seat, design, sticker)
    if why:
        return why
    if ops.trade_pool(state, seat) < ops.upgrade_cost(design):
        return f"an upgrade costs {ops.upgrade_cost(design)} trade (L11)"
    return None


DECISION_ACTIONS = {
    "discard": ("pick", "done"), "opp_discard": ("pick", "done"), "scrap": ("pick", "done"),
    "destroy_base": ("pick", "done"), "acquire_free": ("pick", "done"),
    "recycle": ("pick", "done"), "copy_ship": ("pick", "done"), "copy_base": ("pick", "done"),
    "choose": ("choose",),
    "may": ("choose",), "destination": ("choose",), "target": ("choose",),
    "bequeath": ("pick", "done"), "give": ("pick", "done"),
}


# -- listing legal actions -------------------------------------------------------------------------

def legal_actions(state: GameState) -> list[Action]:
    """Return every action the decider may take now (empty only when the game is over).

    Order: plays (hand order), uses, buys (row order, a card's upgrades after it, the explorer
    last), attacks, bases to destroy, passes (M6), `end`. The per-kind helpers apply the same
    predicates as the `*_error` checks, with shortcuts for the plain two-player game (the bulk of
    the search bots' work) that a property test holds to the full checks.
    """
    if state.outcome is not None:
        return []
    if state.pending is not None:
        result = _decision_actions(state)
        state.listed = tuple(result)
        return result
    seat = state.active
    hand = state.hand[seat]
    result = [PLAY[c] for c in hand] if hand else []  # (faster than map over a method-wrapper)
    if state.ships[seat] or state.bases[seat]:
        uses = state.listed_uses  # maybe kept from the state before (`_carry_uses`)
        if uses is None:
            uses = state.listed_uses = []
            _use_actions(state, seat, uses)
        result += uses
    _buy_actions(state, seat, result)
    game = state.game
    if game.plain:
        if state.combat[seat] > 0:
            _plain_combat_actions(state, seat, result)
    else:
        _mode_combat_actions(state, seat, result)
        if game.mode.card_passing and state.trade[seat] >= 1 and state.discard[seat]:
            result.extend(GIVE[mate] for mate in game.mates_beside[seat] if state.alive[mate])
    result.append(END)
    state.listed = tuple(result)  # `apply` trusts these (a copy: the caller may change its list)
    return result


def _plain_combat_actions(state: GameState, seat: int, result: list[Action]) -> None:
    """Attacks and bases to destroy in a standard game (`attack_error`, `destroy_error`)."""
    game = state.game
    if game.forbids[seat]:
        _mode_combat_actions(state, seat, result)
        return
    combat = state.combat[seat]
    foes = ops.enemies(state, seat)
    by_team = game.outposts_by_team  # M9: a teammate's outpost protects the seat too
    for target in foes:
        if not (by_team or state.bases[target]) or not ops.protected(state, target):
            result.append(ATTACK[target])
    design = state.design
    damage = state.damage
    for enemy in foes:  # a standard game's base owners are the seats it may attack
        bases = state.bases[enemy]
        if not bases:
            continue
        outposts_only = ops.protected(state, enemy)
        bonus = 0
        for c in state.bases[enemy]:
            bonus += design[c].static_defense
        for c in state.ships[enemy]:
            bonus += design[c].static_defense
        for base in bases:
            d = design[base]
            if outposts_only and not d.outpost:
                continue
            if d.defense + bonus - damage.get(base, 0) <= combat:
                result.append(DESTROY[base])


def _mode_combat_actions(state: GameState, seat: int, result: list[Action]) -> None:
    """Attacks and bases to destroy, by the full checks (modes, scenario forbids)."""
    game = state.game
    combat = state.combat[seat] if game.plain else ops.combat_pool(state, seat)
    if combat <= 0:
        return
    for target in ops.enemies(state, seat):
        if attack_error(state, seat, target) is None:
            result.append(ATTACK[target])
    for base in ops.targetable_bases(state, seat):
        if destroy_error(state, seat, base) is None:
            result.append(DESTROY[base])
        elif game.mode.boss_base_damage and _damage_stays(state, base) \
                and destroy_error(state, seat, base, combat) is None:
            result.append(intern("destroy", base, combat))  # M7: all combat on it


def buy_actions(state: GameState) -> list[Action]:
    """Return the `buy` actions among `legal_actions(state)`, in the same order."""
    if state.outcome is not None or state.pending is not None:
        return []
    result: list[Action] = []
    _buy_actions(state, state.active, result)
    return result


def _damage_stays(state: GameState, base: int) -> bool:
    """Tell whether damage on this base outlasts the turn (M7: the boss's bases)."""
    owner = ops.owner_of_base(state, base)
    return owner >= 0 and state.game.role[owner] == "boss"


def _use_actions(state: GameState, seat: int, result: list[Action]) -> None:
    """`use` actions: the checks of `ability_error`, inline (they run for every card in play).

    `ally_ok` (C14: another card of the faction in play) is read from two masks, made when the
    first unused ally ability asks: the factions of at least one card in play and of two.
    """
    if state.game.has_grants:
        _granted_use_actions(state, seat, result)
        return
    design = state.design
    used = state.used
    once = twice = None  # made when needed
    for zone in (state.ships[seat], state.bases[seat]):
        for inst in zone:
            slots = design[inst].use_slots
            if slots:
                first_key = inst * SLOTS
                for index, ally_bit in slots:
                    key = first_key + index
                    if key in used:
                        continue
                    if ally_bit is not None:
                        if once is None:
                            once, twice = faction_masks(state, seat)
                        # a faction of another card: on two cards, or on one that is not this one
                        if not ally_bit & (twice | once & ~design[inst].ally_mask):
                            continue
                    action = _USE.get(key)
                    if action is None:
                        action = _USE[key] = intern("use", inst, index)
                    result.append(action)


def faction_masks(state: GameState, seat: int) -> tuple[int, int]:
    """Return the ally factions of at least one of the seat's cards in play and of two: an
    ally ability of card `inst` with faction bit `bit` may be used (C14, `ally_ok`) exactly
    when `bit & (twice | once & ~design[inst].ally_mask)`."""
    design = state.design
    once = twice = 0
    for zone in (state.ships[seat], state.bases[seat]):
        for inst in zone:
            mask = design[inst].ally_mask
            twice |= once & mask
            once |= mask
    return once, twice


def _granted_use_actions(state: GameState, seat: int, result: list[Action]) -> None:
    """`use` actions where a scenario grants abilities (every ability through the full check)."""
    design = state.design
    game = state.game
    used = state.used
    for zone in (state.ships[seat], state.bases[seat]):
        for inst in zone:
            for ability in game.abilities(design[inst], seat):
                key = inst * SLOTS + ability.index
                if key not in used and ability_error(state, seat, inst, ability) is None:
                    action = _USE.get(key)
                    if action is None:
                        action = _USE[key] = intern("use", inst, ability.index)
                    result.append(action)


_USE: dict[int, Action] = {}  # `use` actions by card * SLOTS + ability index


def sheet_buy(state: GameState, prefix: str) -> Action | None:
    """Return the first `buy` of `legal_actions(state)` with a sticker whose id starts with
    `prefix` (a sheet's stickers: "empire-1:"), or None; without listing the rest.

    A buy with a sticker passes every check of the same buy without one (the price is higher
    and the sticker is checked too), so only the sticker buys are checked here, in the
    listing's order (row order, a card's stickers in `stickers_for` order)."""
    if state.outcome is not None or state.pending is not None:
        return None
    seat = state.active
    if not state.game.sticker_options[seat]:
        return None
    design = state.design
    # shortcut, implied by purchase_error: without a discount, what the pool cannot pay is out
    pool = 1 << 30 if state.discounts else ops.trade_pool(state, seat)
    for inst in state.row:
        if inst < 0:
            continue
        d = design[inst]
        if d.list_price + ops.upgrade_cost(d) > pool:
            continue
        for sticker in ops.stickers_for(state, seat, d):
            if sticker.startswith(prefix) and purchase_error(state, seat, d, sticker) is None:
                return intern("buy", inst, -1, sticker)
    return None


def _buy_actions(state: GameState, seat: int, result: list[Action]) -> None:
    """The `buy` actions (`purchase_error`'s checks, with shortcuts)."""
    design = state.design
    game = state.game
    if game.plain_buys[seat] and not state.discounts:
        # `purchase_error` comes down to the price against the trade pool here
        trade = state.trade[seat]
        for inst in state.row:
            if inst >= 0 and design[inst].list_price <= trade:
                result.append(BUY[inst])
        explorers = state.explorers
        if explorers and design[explorers[-1]].list_price <= trade:
            result.append(BUY_EXPLORER)
        return
    has_stickers = bool(game.sticker_options[seat])
    # shortcut, implied by purchase_error: without a discount, a card dearer than the pool is out
    limit = 1 << 30 if state.discounts or not game.plain else state.trade[seat]
    for inst in state.row:
        if inst < 0:
            continue
        d = design[inst]
        if d.list_price > limit or purchase_error(state, seat, d, "") is not None:
            continue
        result.append(BUY[inst])
        if has_stickers:
            for sticker in ops.stickers_for(state, seat, d):
                if purchase_error(state, seat, d, sticker) is None:
                    result.append(intern("buy", inst, -1, sticker))
    explorers = state.explorers
    if explorers and purchase_error(state, seat, design[explorers[-1]], "") is None:
        result.append(BUY_EXPLORER)


def _decision_actions(state: GameState) -> list[Action]:
    d = state.pending
    kinds = DECISION_ACTIONS[d.kind]
    if kinds[0] == "choose":
        return [CHOOSE[i] for i in d.options]
    result = [PICK[c] for c in d.options]
    if d.kind == "acquire_free" and state.game.sticker_options[d.seat]:
        for c in d.options:
            result.extend(intern("pick", c, -1, s) for s in ops.stickers_for(state, d.seat,
                                                                            state.design[c])
                          if pick_sticker_error(state, d.kind, d.seat, c, s) is None)
    if d.picked >= d.min:
        result.append(DONE)
    return result


# -- applying --------------------------------------------------------------------------------------

def apply(state: GameState, action: Action | str) -> None:
    """Apply one legal action; raise `IllegalAction` (state unchanged) for anything else."""
    if action.__class__ is not Action:
        action = _as_action(action)
    listed = state.listed
    state.listed = None  # the state is about to change
    # fast paths: an action `legal_actions` listed for this very state (its helpers apply the
    # checks' predicates: tests/engine hold the two to each other), then the two most common
    # actions (the same predicates as _check_play and _check_end); every other action goes
    # through the full check
    # (a hand holds only card ids >= 0 and below the instance limit, so once `card in hand`
    # holds, PLAY[card] exists; being that very object is being a plain play of it)
    if listed is not None and action in listed:
        APPLY[action.kind](state, action)
        if state.listed_uses is not None:
            _carry_uses(state, action)
    elif state.pending is None and state.outcome is None \
            and action.card in state.hand[state.active] and action is PLAY[action.card]:
        state.listed_uses = None
        _apply_play(state, action)
    elif action is END and state.pending is None and state.outcome is None:
        state.listed_uses = None
        _apply_end(state, action)
    else:
        why = action_error(state, action)
        if why is not None:
            raise IllegalAction(f"cannot {getattr(action, 'notation', action)}: {why}")
        APPLY[action.kind](state, action)
        if state.listed_uses is not None:
            _carry_uses(state, action)
    if state.own & OWN_HISTORY:
        state.history.append(action)
    else:
        writable(state, "history").append(action)
    if state.stack:
        effects.run(state)
    if state.game.checks_after_action:
        ops.after_action(state)


def _carry_uses(state: GameState, action: Action) -> None:
    """Keep the `use` actions listed for the state before `action` (the list in
    `state.listed_uses`) where they can be told without listing them again; else forget them.

    The uses depend only on the active seat's cards in play, their designs and `used` (C11,
    C14: `ability_error`). An action that put nothing on the stack touches none of them if it
    is a buy (L17: the card goes to a pile; an upgrade changes that card only), an attack or
    a destroyed base (the other seat's cards, C18-C20) or a use whose card stays in play,
    besides marking its ability used; `after_action` only awards VP cards or ends the game.
    A play or a scrap (C15) changes the cards in play and maybe another card's ally; anything
    on the stack may do anything: listed anew.
    """
    kind = action.kind
    if state.stack or state.pending is not None:
        state.listed_uses = None
    elif kind == "use":
        seat = state.active
        inst = action.card
        if inst in state.ships[seat] or inst in state.bases[seat]:
            uses = state.listed_uses = state.listed_uses[:]
            uses.remove(action)  # a legal use is among the listed ones (test_properties.py)
        else:
            state.listed_uses = None
    elif kind != "buy" and kind != "attack" and kind != "destroy":
        state.listed_uses = None


def _as_action(value: object) -> Action:
    if isinstance(value, str):
        return Action.parse(value)
    if isinstance(value, Action):
        return value
    raise IllegalAction(f"not an action: {value!r}")


def _apply_play(state: GameState, a: Action) -> None:
    seat = state.active
    inst = a.card
    state.hand[seat].remove(inst)
    design_of = state.design
    design = design_of[inst]
    state.played.append(inst)
    log = state.log
    log.append(("play", seat, design.id))
    ships = state.ships[seat]
    if design.is_base:
        bases = seat_bases(state, seat)
        bases.append(inst)
    else:
        bases = state.bases[seat]
        ships.append(inst)
        stats = state.stats[seat] if state.own & OWN_STATS else seat_stats(state, seat)
        stats["ships_played_total"] = stats.get("ships_played_total", 0) + 1
    game = state.game
    for c in bases:  # C24 statics of the other cards in play: most cards have none
        if design_of[c].on_play:
            _on_play_statics(state, seat, inst, design)
            break
    else:
        if game.ship_statics:
            for c in ships:
                if design_of[c].on_play:
                    _on_play_statics(state, seat, inst, design)
                    break
    if game.has_triggers:
        ops.fire_trigger(state, seat, "play", inst)
    if not design.is_ship:
        return
    simple = design.simple_primary
    if simple is not None and (not game.has_grants
                               or game.abilities(design, seat) is design.abilities):
        # only fixed numbers and no scenario grant on the card: resolved at once (the same
        # result as through the effect stack)
        used = state.used
        first_key = inst * SLOTS
        for index in design.primary_indices:
            used.add(first_key + index)
        _gain(state, seat, simple)
    else:
        abilities = game.abilities(design, seat) if game.has_grants else design.primaries
        for ability in reversed(abilities):
            if ability.when == "primary":
                state.used.add(inst * SLOTS + ability.index)
                state.stack.append([seat, inst, ability.effects, 0, 0])


def _gain(state: GameState, seat: int, simple: tuple) -> None:
    """Resolve effects that only add fixed numbers (`Design.simple_primary`, `simple_uses`)
    at once, as the effect stack would (effects.py: _trade, _combat, _draw, _authority)."""
    log = state.log
    for kind, n in simple:
        if kind == "trade":
            state.trade[seat] += n
        elif kind == "combat":
            state.combat[seat] += n
        elif kind == "draw":
            ops.draw(state, seat, n)
            continue
        else:
            log.append(("authority", seat, n))
            ops.change_authority(state, state.game.purse[seat], n, seat)
            if state.outcome is not None:  # the stack stops at the end of the game too
                return
            continue
        log.append((kind, seat, n))


def _on_play_statics(state: GameState, seat: int, inst: int, design: Design) -> None:
    """C24: static "whenever you play a matching card" abilities of your other cards in play."""
    design_of = state.design
    for zone in (state.bases[seat], state.ships[seat]):
        for c in zone:
            on_play = design_of[c].on_play
            if on_play and c != inst:
                fbits = state.game.fbits
                for match, todo in on_play:
                    if ops.matches(design, match, fbits):
                        state.stack.append([seat, c, todo, 0, 0])


def _apply_use(state: GameState, a: Action) -> None:
    seat = state.active
    inst = a.card
    ability = ability_of(state, seat, inst, a.index)
    state.used.add(inst * SLOTS + a.index)
    design = state.design[inst]
    state.log.append(("use", seat, design.id, ability.when))
    if ability.when == "scrap":  # C15: scrap this very card to use it
        ops.remove_from_play(state, inst)
        ops.to_heap(state, seat, inst)
        ops.fire_trigger(state, seat, "scrap", inst)
    if not state.stack and a.index in design.simple_uses:
        # nothing waits on the stack: as a play's primary (with scenario grants too:
        # `ability_of` finds the design's own ability at its index before any granted one)
        _gain(state, seat, ability.effects)
    else:
        state.stack.append([seat, inst, ability.effects, 0, 0])


def _apply_buy(state: GameState, a: Action) -> None:
    seat = state.active
    if a.card == EXPLORER:
        inst = writable(state, "explorers").pop()
        slot = -1
    else:
        inst = a.card
        slot = state.row.index(inst)
    cost, discount = ops.price(state, seat, state.design[inst])
    if discount >= 0:
        del writable(state, "discounts")[discount]
    if state.game.plain:
        state.trade[seat] -= cost
    else:
        ops.spend_trade(state, seat, cost)
    ops.acquire(state, seat, inst, slot, a.sticker, "discard")


def _apply_attack(state: GameState, a: Action) -> None:
    seat = state.active
    n = state.combat[seat] if a.card < 0 else a.card  # C18: all, or the amount chosen
    state.combat[seat] -= n
    stats = seat_stats(state, seat)
    stats["damage_dealt"] = stats.get("damage_dealt", 0) + n
    state.log.append(("attack", seat, a.index, n))
    ops.change_authority(state, state.game.purse[a.index], -n, a.index)


def _apply_destroy(state: GameState, a: Action) -> None:
    seat = state.active
    inst = a.card
    owner = ops.owner_of_base(state, inst)
    need = ops.defense(state, inst, owner) - state.damage.get(inst, 0)
    n = need if a.index < 0 else a.index
    if state.game.plain:
        state.combat[seat] -= n
    else:
        ops.spend_combat(state, seat, n)
    if n < need:  # C19: damage that does not destroy the base stays on it this turn
        writable(state, "damage")[inst] = state.damage.get(inst, 0) + n
        state.log.append(("damage", seat, state.design[inst].id, owner, n))
    else:
        ops.destroy_base(state, seat, inst)


def _apply_give(state: GameState, a: Action) -> None:
    """M6: ask which discard-pile card goes to the teammate; 1 trade is paid on the pick."""
    state.stack.append([state.active, -1, (("_give", a.index),), 0, 0])


def _apply_end(state: GameState, a: Action) -> None:
    """C21 discard phase, C22 draw phase, then the next living seat's turn begins (M5: a team's
    members end their main phases one by one, then all discard, then all draw)."""
    seat = state.active
    game = state.game
    state.log.append(("end", seat))
    members = [seat]
    if game.mode.team_turns:
        mate = _next_teammate(state, seat)
        if mate is not None:  # only this member's main phase ends: pools and ships stay
            state.played.clear()
            clear_shared(state, "next_acquire")
            clear_shared(state, "discounts")
            _begin_turn(state, mate)
            return
        members = [s for s in game.order if game.team[s] == game.team[seat] and state.alive[s]]
    if state.copied:
        for inst in list(state.copied):
            restore_design(state, inst)
        state.copied = {}
    for member in members:
        _discard_phase(state, member)
    for member in members:
        ops.draw(state, member, game.hand_size[member])
    state.used.clear()
    state.played.clear()
    if game.mode.boss_base_damage:  # M7: damage on the boss's bases waits for the boss's turn
        replace_shared(state, "damage", {b: n for b, n in state.damage.items()
                                         if _damage_stays(state, b)})
    elif state.damage:
        clear_shared(state, "damage")
    if state.next_acquire:  # empty nearly always: no call then
        clear_shared(state, "next_acquire")
    if state.discounts:
        clear_shared(state, "discounts")
    state.prev_log = state.log
    state.log = []
    _begin_turn(state, _next_seat(state, members[-1]))


def _discard_phase(state: GameState, seat: int) -> None:
    """C21: both pools to 0; played ships and the rest of the hand to the discard pile."""
    state.trade[seat] = 0
    state.combat[seat] = 0
    if ops.TURN_SCRAPS in state.stats[seat]:  # only then: a clone sharing the counters copies them
        del seat_stats(state, seat)[ops.TURN_SCRAPS]
    discard = state.discard[seat]
    discard.extend(state.ships[seat])
    discard.extend(state.hand[seat])
    state.ships[seat].clear()
    state.hand[seat].clear()


def _next_teammate(state: GameState, seat: int) -> int | None:
    """Return the teammate whose main phase comes next in this team turn (M5), or None."""
    order = state.game.order
    team = state.game.team
    for other in order[order.index(seat) + 1:]:
        if team[other] != team[seat]:
            return None
        if state.alive[other]:
            return other
    return None


def _next_seat(state: GameState, seat: int) -> int:
    alive = state.alive
    for nxt in state.game.seats_after[seat]:
        if alive[nxt]:
            return nxt
    return seat


def _begin_turn(state: GameState, seat: int) -> None:
    state.active = seat
    if state.damage and state.game.role[seat] == "boss":  # M7: the raiders' damage is gone
        clear_shared(state, "damage")
    turns = state.turns if state.own & OWN_TURNS else writable(state, "turns")
    turns[seat] += 1
    state.turn += 1
    design = state.design
    for b in state.bases[seat]:
        if design[b].outpost:
            stats = seat_stats(state, seat)
            stats["outpost_turn_starts"] = stats.get("outpost_turn_starts", 0) + 1
            break
    start_of_turn = state.game.start_of_turn[seat]
    for from_turn, todo in reversed(start_of_turn) if start_of_turn else ():
        if state.turns[seat] >= from_turn:
            state.stack.append([seat, -1, todo, 0, 0])


def restore_design(state: GameState, inst: int) -> None:
    """Undo a turn-long change of a card (copy_ship): back to its printed or upgraded design."""
    game = state.game
    design = game.initial_design[inst]
    for _seat, i, sticker, side in state.upgrades:
        if i == inst:
            design = upgraded_design(game, design, sticker, side)
    writable(state, "design")[inst] = design


def _apply_pick(state: GameState, a: Action) -> None:
    effects.pick(state, a.card, a.sticker)


def _apply_choose(state: GameState, a: Action) -> None:
    effects.choose(state, a.index)


def _apply_done(state: GameState, a: Action) -> None:
    effects.done(state)


APPLY: dict[str, Callable[[GameState, Action], None]] = {
    "play": _apply_play, "use": _apply_use, "buy": _apply_buy, "attack": _apply_attack,
    "destroy": _apply_destroy, "end": _apply_end, "pick": _apply_pick, "choose": _apply_choose,
    "done": _apply_done, "give": _apply_give,
}


def resign(state: GameState, seat: int) -> None:
    """End the game for `seat`: it gives up (not a legal action, so bots never pick it). With
    one opposing team left, that team wins; otherwise it is out (no gifts) and play goes on."""
    if state.outcome is not None:
        raise IllegalAction("the game is over")
    game = state.game
    if not isinstance(seat, int) or not 0 <= seat < game.n or not state.alive[seat]:
        raise IllegalAction(f"seat {seat} is not playing")
    state.listed = state.listed_uses = None
    state.log.append(("resign", seat))
    others = {game.team[s] for s in range(game.n) if state.alive[s]} - {game.team[seat]}
    if game.plain and len(others) == 1:
        ops.finish(state, others.pop(), "resign")
        return
    ops.eliminate(state, game.purse[seat], gifts=False, reason="resign")
    if state.outcome is None:
        _after_leaving(state, seat)


def _after_leaving(state: GameState, seat: int) -> None:
    """Go on after a seat left out of turn: drop its decision, pass its turn, scrap its cards."""
    if state.pending is not None and not state.alive[state.pending.seat]:
        state.pending = None
    if state.alive[state.active]:
        effects.run(state)
        return
    state.stack.clear()
    state.pending = None
    if not state.alive[seat] and (state.hand[seat] or state.deck[seat] or state.discard[seat]
                                  or state.ships[seat] or state.bases[seat]):
        ops.scrap_all(state, seat)
    left = state.active
    state.trade[left] = state.combat[left] = 0
    state.used.clear()
    state.played.clear()
    clear_shared(state, "next_acquire")
    clear_shared(state, "discounts")
    if not state.game.mode.boss_base_damage:
        clear_shared(state, "damage")
    state.prev_log = state.log
    state.log = []
    _begin_turn(state, _next_seat(state, left))
    effects.run(state)
