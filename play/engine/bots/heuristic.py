"""The heuristic bot: a fixed, readable plan for every turn and an answer for every decision.

Main phase, in this order (each call returns ONE action, the next step of the plan):

1. win politically at once if a sticker buy finishes the scenario sheet (L19);
2. play every card in hand (bases first, copy/per-count ships last so they see the others); a
   base that pays for optional discards (Supply Depot) is used while starters are still in hand;
3. use every base primary and ally ability (free value, C10, C14);
4. combat: a lethal check (all combat plus combat-giving scrap abilities kills: go for it), else
   destroy blocking outposts, then bases worth it, then hit the opponent with the rest (C18-C20).
   With several opponents (docs/modes.md) the target is the weakest reachable one (an
   unprotected one first, then the lowest authority); a base the team has already damaged is
   finished first, and a raider short of a boss's base puts all its combat on it (M7);
5. buy: the most valuable set of cards the trade affords (cost, plus a bonus for factions it
   already owns so allies fire), upgraded when affordable, explorers when nothing better (C17,
   L11); stickers of the scenario sheet first (L19);
6. end the turn.

Decisions: discard / opponent-forced discard the weakest card, scrap starters (scouts, then
vipers), destroy the most valuable base, acquire / recycle / copy the most valuable card, and
pick the branch of a choice whose effects score best now.

Targets (issue 20): opponents that are equally good targets (the same protection and authority)
are ordered at random by the bot's own generator, seeded from the game, never by seat number.

Scenarios (goals.py): with a scenario's own victory rules or political victory in play, the bot
works at the route it is closest to finishing: all combat to the face when damage dealt wins,
every affordable base when destroyed bases win, authority first when holding authority wins,
the scenario sheet's stickers doubly when political victory is nearest (L19); VP cards that go
to the first to acquire cards of a faction add to that faction's bonus.

Everything is a function of the visible state and the bot's generator (the bot never looks at
hidden cards), and cheap enough to be the rollout policy of the search bot.
"""

from __future__ import annotations

import random

from .. import ops
from ..actions import ATTACK, CHOOSE, DESTROY, DONE, END, EXPLORER, PICK, PLAY, Action, intern
from ..content import Design, uses_effect
from ..effects import acquire_options
from ..rules import (
    attack_error,
    buy_actions,
    destroy_error,
    faction_masks,
    legal_actions,
    sheet_buy,
    use_error,
)
from ..state import GameState
from .assess import card_yield
from .goals import AUTHORITY, POLITICAL, closest_route, goals_of

# Value of a card to its owner, in "trade it is worth". Starters are worth little and are the
# first thing to scrap or discard; an explorer is worth less than its 2 cost (it dilutes later).
STARTER_VALUE = {"scout": 0.5, "viper": 0.6, "explorer": 1.5, "starter": 0.8, "token": 1.0}
FACTION_BONUS = 0.35     # per owned card of the same faction (allies fire more often) ...
FACTION_BONUS_CAP = 1.5  # ... but never more than this
UPGRADE_BONUS = 1.2      # an upgrade adds a sticker and a faction: a bit more than its price
POLITICAL_BONUS = 3.0    # a sticker of the scenario sheet brings political victory closer (L19)
THIS_TO_HAND_BONUS = 2.0  # a card bought into the hand is played this turn, not reshuffled first
LATE_AUTHORITY = 20      # opponent authority at which cheap cards are scrapped for combat
AUTHORITY_COUNTERS = ("authority", "stat:authority_gained")  # victory rules won by authority
AUTHORITY_ROUTE_BONUS = 0.6  # per point of authority a card gives, on such a route
VP_FACTION_BONUS = 0.8   # a card of a faction a VP card asks to acquire first (L21)


class HeuristicBot:
    """Rule-of-thumb play. Ties between cards break by card id; ties between equally good
    target players at random from the bot's generator (`seed`: the site derives it from the
    game's secret seed)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        """Return a legal action for `seat`, the current decider."""
        if state.pending is not None:
            return answer_decision(state, seat, self.rng)
        return main_phase_step(state, seat, self.rng)


# -- card values -----------------------------------------------------------------------------------

_VALUE_CACHE: dict[Design, float] = {}  # designs hash by identity; upgraded copies are new designs


def card_value(design: Design) -> float:
    """Return what a card is worth to its owner (cost-based; starters low)."""
    value = _VALUE_CACHE.get(design)
    if value is None:
        if design.role in STARTER_VALUE:
            value = STARTER_VALUE[design.role]
        else:
            value = float(design.printed_cost or design.cost or 0)
            if design.upgrade is not None:
                value += 1.5
        if len(_VALUE_CACHE) > 50_000:  # derived designs (copies, upgrades) must not grow forever
            _VALUE_CACHE.clear()
        _VALUE_CACHE[design] = value
    return value


def is_starter(design: Design) -> bool:
    """Return whether the card is a scout or viper (or a legacy starter): scrap these first."""
    return design.role in ("scout", "viper", "starter")


def owned_cards(state: GameState, seat: int) -> list[int]:
    """Return every card instance the seat owns (deck, hand, discard, play area)."""
    return state.deck[seat] + state.hand[seat] + state.discard[seat] + state.ships[seat] + \
        state.bases[seat]


def faction_counts(state: GameState, seat: int) -> dict[str, int]:
    """Return how many owned cards the seat has of each faction."""
    counts: dict[str, int] = {}
    design = state.design
    for inst in owned_cards(state, seat):
        for faction in design[inst].factions:
            counts[faction] = counts.get(faction, 0) + 1
    return counts


def buy_value(design: Design, counts: dict[str, int]) -> float:
    """Return how much buying this card is worth: its value plus the faction bonus."""
    # loops and comparisons, not max()/min(): the rollouts ask this for every buy they see,
    # and those builtins cost ten times a comparison on Python 3.11
    best = 0  # the most owned cards of one of its factions
    for faction in design.factions:
        n = counts.get(faction, 0)
        if n > best:  # noqa: PLR1730 (see above)
            best = n
    bonus = FACTION_BONUS * best
    return card_value(design) + (bonus if bonus < FACTION_BONUS_CAP  # noqa: FURB136
                                 else FACTION_BONUS_CAP)


# -- the main phase --------------------------------------------------------------------------------

def opening_step(state: GameState, seat: int) -> Action | None:
    """Return the plan's first steps: a political win (L19), the next card to play, a free ability."""
    political = political_win(state, seat)
    if political is not None:
        return political
    hand = state.hand[seat]
    if hand:
        design = state.design
        card, rank = hand[0], 3  # the first card of the lowest `play_order` (as min() would)
        for c in hand:
            order = play_order(design[c])
            if order < rank:
                card, rank = c, order
                if not order:
                    break
        if rank and state.bases[seat]:
            early = discard_for_gain(state, seat)
            if early is not None:
                return early
        return PLAY[card]
    return free_ability(state, seat)


def discard_for_gain(state: GameState, seat: int) -> Action | None:
    """Return a base primary that optionally discards from the hand (Supply Depot, Orbital
    Platform), to use while the hand still holds a starter worth discarding, or None."""
    for inst in state.bases[seat]:
        for ability in _optional_discards(state.design[inst]):
            if inst * ops.ABILITY_SLOTS + ability.index not in state.used \
                    and any(is_starter(state.design[c]) for c in state.hand[seat]) \
                    and use_error(state, seat, inst, ability.index) is None:
                return intern("use", inst, ability.index)
    return None


_DISCARDS: dict[Design, tuple] = {}


def _optional_discards(design: Design) -> tuple:
    """Return the primaries of a design that let its owner discard cards if they like."""
    found = _DISCARDS.get(design)
    if found is None:
        found = tuple(a for a in design.primaries
                      if any(kind == "discard" and arg[0] == 0 for kind, arg in a.effects))
        if len(_DISCARDS) > 50_000:
            _DISCARDS.clear()
        _DISCARDS[design] = found
    return found


def main_phase_step(state: GameState, seat: int, rng: random.Random) -> Action:
    """Return the next action of the fixed turn plan (see the module docstring)."""
    opening = opening_step(state, seat)
    if opening is not None:
        return opening
    if (state.combat[seat] if state.game.plain else ops.combat_pool(state, seat)) > 0:
        action = combat_step(state, seat, rng)
        if action is not None:
            return action
    buy = buy_step(state, seat)
    return buy if buy is not None else END


def route_of(state: GameState, seat: int) -> tuple[str, str | None]:
    """Return the route the seat works at (goals.closest_route) and, for a scenario victory
    rule counting one thing, that counter ("stat:damage_dealt", "authority", ...)."""
    if not goals_of(state, seat).scenario:
        return AUTHORITY, None
    route, cond = closest_route(state, seat)
    counter = cond[1] if cond is not None and cond[0] == "count" else None
    return route, counter


def play_order(design: Design) -> int:
    """Bases first (conditions count them), copy / per-count ships last (they count the others)."""
    if design.is_base:
        return 0
    if design.simple_primary is not None:
        return 1
    return 2


def free_ability(state: GameState, seat: int) -> Action | None:
    """Return a base primary or ally ability to use now (they cost nothing), or None."""
    design = state.design
    used = state.used
    game = state.game
    grants = game.has_grants
    once = twice = None  # the faction masks of the cards in play, made when an ally asks
    for zone in (state.bases[seat], state.ships[seat]):
        for inst in zone:
            d = design[inst]
            # the checks of `use_error` for these abilities of a card in play: not used yet
            # (C11) and, for an ally ability, another card of its faction in play (C14)
            for index, ally_bit in game.free_slots(d, seat) if grants else d.free_slots:
                if inst * ops.ABILITY_SLOTS + index in used:
                    continue
                if ally_bit is not None:
                    if once is None:
                        once, twice = faction_masks(state, seat)
                    if not ally_bit & (twice | once & ~d.ally_mask):
                        continue
                return intern("use", inst, index)
    return None


def political_win(state: GameState, seat: int) -> Action | None:
    """Return a sticker buy that finishes the scenario sheet (L19: wins at once), or None."""
    sheet = state.game.scenario_sheet[seat]
    if not sheet or state.pending is not None:
        return None
    if ops.political_progress(state, seat) < ops.POLITICAL_STICKERS - 1:
        return None
    return sheet_buy(state, sheet + ":")


# -- combat (C18-C20) ------------------------------------------------------------------------------

def combat_step(state: GameState, seat: int, rng: random.Random) -> Action | None:
    """Return the next combat action: lethal, outposts, bases worth it, then face; or None."""
    foes = ops.enemies(state, seat)
    if not foes:
        return None
    if len(foes) > 1:
        foes = weakest_first(state, foes, rng)
        for foe in foes:
            lethal = lethal_step(state, seat, foe)
            if lethal is not None:
                return lethal
    target = foes[0]
    lethal = lethal_step(state, seat, target) if len(foes) == 1 else None
    if lethal is not None:
        return lethal
    base = base_to_destroy(state, seat, target)
    if base is not None:
        return DESTROY[base]
    if attack_error(state, seat, target) is None:
        return ATTACK[target]
    if state.game.mode.boss_base_damage:
        return chip_boss_base(state, seat)
    return None


def target_rank(state: GameState, seat: int) -> tuple[bool, int]:
    """Order opponents weakest first: unprotected before protected (C20), then authority."""
    return ops.protected(state, seat), state.authority[state.game.purse[seat]]


def weakest_first(state: GameState, foes: list[int], rng: random.Random) -> list[int]:
    """Return the opponents weakest first (`target_rank`); equally weak ones in an order drawn
    from `rng`, so no seat is first by its number (issue 20)."""
    order = list(foes)
    rng.shuffle(order)
    return sorted(order, key=lambda s: target_rank(state, s))  # sorted() keeps ties' order


def chip_boss_base(state: GameState, seat: int) -> Action | None:
    """M7: put all combat on the boss's base that needs least (the damage stays for the next
    raider), or None."""
    combat = state.combat[seat]
    bases = [b for b in ops.targetable_bases(state, seat)
             if state.game.role[ops.owner_of_base(state, b)] == "boss"]
    if combat <= 0 or not bases:
        return None
    base = min(bases, key=lambda b: (remaining(state, b), b))
    n = min(combat, remaining(state, base))
    if destroy_error(state, seat, base, n) is not None:
        return None
    return intern("destroy", base, n)


def remaining(state: GameState, base: int) -> int:
    """Return the combat a base still needs to be destroyed (its defense less its damage)."""
    return ops.defense(state, base, ops.owner_of_base(state, base)) - state.damage.get(base, 0)


def lethal_step(state: GameState, seat: int, target: int) -> Action | None:
    """Return the next step of a lethal attack if all combat available this turn kills."""
    outposts = [b for b in state.bases[target] if state.design[b].outpost]
    wall = sum(ops.defense(state, b, target) - state.damage.get(b, 0) for b in outposts)
    need = wall + state.authority[state.game.purse[target]]
    combat = state.combat[seat]
    if combat >= need:
        if outposts:
            return DESTROY[max(outposts, key=lambda b: card_value(state.design[b]))]
        return ATTACK[target] if attack_error(state, seat, target) is None else None
    extra = combat_scraps(state, seat)
    if extra and combat + sum(n for n, _ in extra) >= need:
        return extra[0][1]
    return None


def combat_scraps(state: GameState, seat: int) -> list[tuple[int, Action]]:
    """Return (combat, action) for every usable scrap ability that gives plain combat."""
    result = []
    design = state.design
    for inst in state.ships[seat] + state.bases[seat]:
        for ability in design[inst].scraps:
            n = sum(arg for kind, arg in ability.effects
                    if kind == "combat" and arg.__class__ is int)
            if n and use_error(state, seat, inst, ability.index) is None:
                result.append((n, intern("use", inst, ability.index)))
    return result


def base_to_destroy(state: GameState, seat: int, target: int) -> int | None:
    """Return the most valuable affordable base to destroy (outposts first, C20), or None.

    A non-outpost base is worth destroying unless the opponent is low enough that the same
    combat to the face matters more; on a scenario route (the counter of the victory rule
    worked at, `route_of`) every base is worth it when destroyed bases win, none but blocking
    outposts when damage dealt wins.
    """
    combat = state.combat[seat] if state.game.plain else ops.combat_pool(state, seat)
    candidates = []
    for base in ops.targetable_bases(state, seat):
        need = ops.defense(state, base, ops.owner_of_base(state, base)) - state.damage.get(base, 0)
        if need <= combat:
            candidates.append(base)
    if not candidates:
        return None
    design = state.design
    started = [b for b in candidates if state.damage.get(b, 0) > 0]
    if started:  # finish what the team began (M5 pools, M7 damage that stays)
        return max(started, key=lambda b: (state.damage[b], -b))
    outposts = [b for b in candidates if design[b].outpost]
    if outposts:
        return max(outposts, key=lambda b: card_value(design[b]))
    counter = route_of(state, seat)[1]  # only now: it weighs the seat's whole deck
    if counter == "stat:bases_destroyed":
        return max(candidates, key=lambda b: card_value(design[b]))
    if counter == "stat:damage_dealt":
        return None  # every point of combat to the face counts toward the victory rule
    if state.authority[state.game.purse[target]] <= combat * 2:
        return None  # racing: the face matters more than their base
    return max(candidates, key=lambda b: card_value(design[b]))


# -- buying (C17, L11) -----------------------------------------------------------------------------

def buy_step(state: GameState, seat: int) -> Action | None:
    """Return the first buy of the best affordable set, a late scrap for combat, or None."""
    trade = state.trade[seat] if state.game.plain else ops.trade_pool(state, seat)
    if trade <= 0:
        return late_scrap(state, seat)
    options = buy_options(state, seat)
    if not options:
        return late_scrap(state, seat)
    best = best_purchase(options, trade)
    return best if best is not None else late_scrap(state, seat)


def buy_options(state: GameState, seat: int) -> list[tuple[int, float, Action]]:
    """Return (cost, value, action) for every legal buy (upgraded variants included)."""
    counts = faction_counts(state, seat)
    sheet = state.game.scenario_sheet[seat]
    prefix = f"{sheet}:" if sheet else None
    actions = buy_actions(state)
    # the route weighs the seat's whole deck: read only where a value below depends on it
    # (a victory rule's counter, a sticker of the scenario sheet on offer)
    route, counter = AUTHORITY, None
    if goals_of(state, seat).victories or prefix and any(a.sticker.startswith(prefix)
                                                         for a in actions):
        route, counter = route_of(state, seat)
    political = POLITICAL_BONUS * (2.0 if route == POLITICAL else 1.0)
    wanted = vp_factions(state, seat)
    result = []
    for action in actions:
        design = state.design[state.explorers[-1] if action.card == EXPLORER else action.card]
        cost = ops.price(state, seat, design)[0]
        value = buy_value(design, counts) + into_hand_worth(state, seat, design)
        if counter in AUTHORITY_COUNTERS:
            value += AUTHORITY_ROUTE_BONUS * card_yield(design).authority
        if wanted and any(f in wanted for f in design.factions):
            value += VP_FACTION_BONUS
        if action.sticker:
            cost += ops.upgrade_cost(design)
            value += ops.upgrade_cost(design) * UPGRADE_BONUS
            if prefix and action.sticker.startswith(prefix):
                value += political
        result.append((cost, value, action))
    return result


def vp_factions(state: GameState, seat: int) -> set[str]:
    """Return the factions a VP card still on offer asks to acquire first (L21, "the first
    player to acquire 4 Consortium cards")."""
    goals = goals_of(state, seat)
    if not goals.vp_cards:
        return set()
    awarded = {vid for vid, _s in state.vp_awarded}
    wanted: set[str] = set()
    for vid, kind, cond, _points in goals.vp_cards:
        if kind == "first_to" and vid not in awarded:
            wanted.update(_acquired_factions(cond))
    return wanted


def _acquired_factions(cond: tuple) -> list[str]:
    if cond[0] == "count":
        return [cond[1].split(":", 2)[2]] if cond[1].startswith("stat:acquired:") else []
    if cond[0] in ("all", "any"):
        return [f for c in cond[1] for f in _acquired_factions(c)]
    return []


def into_hand_worth(state: GameState, seat: int, design: Design) -> float:
    """Return the worth of an on-buy "put this card into your hand" that would happen now (its
    conditions, e.g. a card of the faction played this turn, checked as they stand)."""
    total = 0.0
    for ability in design.onbuys:
        if uses_effect(ability.effects, "this_to_hand"):
            total += _settled_score(state, seat, ability.effects)
    return total


def _settled_score(state: GameState, seat: int, effects: tuple) -> float:
    """Score effects with their `if` conditions decided now instead of the better branch."""
    total = 0.0
    for kind, arg in effects:
        if kind == "if":
            branch = arg[1] if ops.check(state, seat, arg[0], None) else arg[2]
            total += _settled_score(state, seat, branch)
        elif kind == "may":
            total += max(0.0, _settled_score(state, seat, arg))
        else:
            total += effect_score(state, seat, kind, arg)
    return total


def best_purchase(options: list[tuple[int, float, Action]], trade: int) -> Action | None:
    """Return the most valuable first buy of the best set the trade affords (a small knapsack).

    Each row card appears at most once (plain or upgraded); explorers may repeat.
    """
    explorer = None  # the first explorer option; the row's options, most valuable first
    row = []
    for option in options:
        if option[2].card != EXPLORER:
            row.append(option)
        elif explorer is None:
            explorer = option
    row.sort(key=_minus_value)  # stable: equal values keep their order
    value, first = _best_set(row, trade, explorer, 0, set(), 0, 0.0, None)
    return first if value > 0.0 else None


def _minus_value(option: tuple[int, float, Action]) -> float:
    return -option[1]


def _best_set(row: list, trade: int, explorer: tuple | None, start: int, used: set, spent: int,
              value: float, first: Action | None) -> tuple[float, Action | None]:
    """Return the best (value, first buy) among the set bought so far (`spent`, `value`, its
    `first` buy), with explorers for the rest of the trade, and every set that adds distinct
    row cards from `start` on; the first of equal ones in that order. (A recursion that
    backtracks on one set of used cards: generators and a frozenset per set took a large
    share of a rollout.)"""
    best, best_first = value, first
    if explorer is not None and explorer[0] > 0:
        n = (trade - spent) // explorer[0]
        best += n * explorer[1]
        if first is None and n:
            best_first = explorer[2]
    for k in range(start, len(row)):
        cost, v, action = row[k]
        card = action.card
        if card in used or spent + cost > trade:
            continue
        used.add(card)
        found, found_first = _best_set(row, trade, explorer, k + 1, used, spent + cost,
                                       value + v, first if first is not None else action)
        used.remove(card)
        if found > best:
            best, best_first = found, found_first
    return best, best_first


def late_scrap(state: GameState, seat: int) -> Action | None:
    """Scrap cheap cards for combat when the opponent is low (their trade is spent anyway)."""
    foes = ops.enemies(state, seat)
    if not foes or min(state.authority[state.game.purse[f]] for f in foes) > LATE_AUTHORITY:
        return None
    for _combat, action in combat_scraps(state, seat):
        if card_value(state.design[action.card]) <= 2:
            return action
    return None


# -- decisions -------------------------------------------------------------------------------------

def answer_decision(state: GameState, seat: int, rng: random.Random) -> Action:
    """Return a sensible answer to the pending decision (any kind)."""
    d = state.pending
    handler = _DECISIONS.get(d.kind)
    if handler is None:  # a kind added later: any legal answer beats a crash
        return legal_actions(state)[0]
    return handler(state, seat, rng)


def _weakest(state: GameState, options: list[int]) -> int:
    return min(options, key=lambda c: (card_value(state.design[c]), c))


def _strongest(state: GameState, options: list[int]) -> int:
    return max(options, key=lambda c: (card_value(state.design[c]), -c))


def _discard(state: GameState, seat: int, rng: random.Random) -> Action:
    """Discard the weakest card; beyond the minimum only starters (drawing beats them)."""
    d = state.pending
    weakest = _weakest(state, d.options)
    if d.picked < d.min or is_starter(state.design[weakest]):
        return PICK[weakest]
    return DONE


def _scrap(state: GameState, seat: int, rng: random.Random) -> Action:
    """Scrap starters (scouts before vipers); from the trade row only when forced."""
    d = state.pending
    if d.data == "trade_row":
        if d.picked < d.min:
            return PICK[_strongest(state, d.options)]
        return DONE
    starters = [c for c in d.options if is_starter(state.design[c])]
    if starters:  # a copy in the discard pile first: the one in hand can still be played
        hand = state.hand[seat]
        return PICK[min(starters, key=lambda c: (card_value(state.design[c]), c in hand, c))]
    if d.picked < d.min:
        return PICK[_weakest(state, d.options)]
    return DONE


def _pick_best(state: GameState, seat: int, rng: random.Random) -> Action:
    """Destroy / copy / recycle the most valuable option (these only help us)."""
    return PICK[_strongest(state, state.pending.options)]


def _acquire_free(state: GameState, seat: int, rng: random.Random) -> Action:
    """Take the most valuable card, upgraded when a sticker is affordable (scenario sheet first)."""
    d = state.pending
    best = _strongest(state, d.options)
    stickers = [a for a in legal_actions(state)
                if a.kind == "pick" and a.card == best and a.sticker]
    if stickers:
        return _preferred_sticker(state, seat, stickers)
    return PICK[best]


def _preferred_sticker(state: GameState, seat: int, actions: list[Action]) -> Action:
    sheet = state.game.scenario_sheet[seat]
    for action in actions:
        if sheet and action.sticker.startswith(sheet + ":"):
            return action
    return actions[0]


def _choose(state: GameState, seat: int, rng: random.Random) -> Action:
    """Pick the branch whose effects score best now."""
    d = state.pending
    return CHOOSE[max(d.options, key=lambda i: (effects_score(state, seat, d.data[i]), -i))]


def _may(state: GameState, seat: int, rng: random.Random) -> Action:
    """Say yes when the optional effects are worth something."""
    return CHOOSE[1 if effects_score(state, seat, state.pending.data) > 0 else 0]


def _copy_base(state: GameState, seat: int, rng: random.Random) -> Action:
    """Copy the base whose abilities are worth most to us now (Stealth Tower)."""
    d = state.pending
    return PICK[max(d.options, key=lambda c: (copy_worth(state, seat, state.design[c]),
                                              card_value(state.design[c]), -c))]


def copy_worth(state: GameState, seat: int, design: Design) -> float:
    """Return what copying a base gives this turn: its primary and ally effects (a copy that
    copies again counts nothing, so two Stealth Towers never recurse)."""
    total = 0.0
    for ability in design.abilities:
        if ability.when in ("primary", "ally") and not uses_effect(ability.effects, "copy_base"):
            total += effects_score(state, seat, ability.effects)
    return total


def _target(state: GameState, seat: int, rng: random.Random) -> Action:
    """Make the weakest opponent discard (the lowest authority; equals at random, issue 20)."""
    options = list(state.pending.options)
    rng.shuffle(options)
    return CHOOSE[min(options, key=lambda s: target_rank(state, s)[1])]


def _gift(state: GameState, seat: int, rng: random.Random) -> Action:
    """An eliminated seat gives its best card to the teammate (M6, M7)."""
    d = state.pending
    return PICK[_strongest(state, d.options)] if d.options else DONE


def _destination(state: GameState, seat: int, rng: random.Random) -> Action:
    """Put the acquired card where next_acquire allows (the top of the deck: drawn sooner)."""
    return CHOOSE[1]


_DECISIONS = {
    "discard": _discard, "opp_discard": _discard, "scrap": _scrap, "destroy_base": _pick_best,
    "acquire_free": _acquire_free, "recycle": _pick_best, "copy_ship": _pick_best,
    "copy_base": _copy_base,
    "choose": _choose, "may": _may, "destination": _destination, "target": _target,
    "bequeath": _gift, "give": _gift,
}


# -- scoring effects (for choices) -----------------------------------------------------------------

def _authority_route(state: GameState, seat: int) -> bool:
    """Tell whether the seat works at a victory rule won by holding or gaining authority."""
    return bool(goals_of(state, seat).victories) and route_of(state, seat)[1] in AUTHORITY_COUNTERS


def effects_score(state: GameState, seat: int, effects: tuple) -> float:
    """Return a rough worth of effects for `seat` now, in trade-equivalents."""
    return sum(effect_score(state, seat, kind, arg) for kind, arg in effects)


def effect_score(state: GameState, seat: int, kind: str, arg: object) -> float:
    """Return the worth of one effect (unknown kinds count as a small plus)."""
    if kind in ("trade", "combat", "draw", "authority"):
        n = arg if arg.__class__ is int else ops.amount(state, seat, arg, None)
        if kind == "authority":
            low = state.authority[state.game.purse[seat]] < 15
            return n * (1.0 if low or _authority_route(state, seat) else 0.4)
        return n * (1.8 if kind == "draw" else 1.0)
    if kind == "scrap":
        zone = arg[0]
        if zone == "trade_row":
            return 0.0
        cards = state.hand[seat] + state.discard[seat] if zone != "hand" else state.hand[seat]
        return 1.0 if any(is_starter(state.design[c]) for c in cards) else -0.5
    if kind == "choose":
        return max(effects_score(state, seat, branch) for branch in arg)
    if kind == "may":
        return max(0.0, effects_score(state, seat, arg))
    if kind == "if":
        return max(effects_score(state, seat, arg[1]), effects_score(state, seat, arg[2]))
    if kind == "discard":
        return -0.5 * arg[0]
    if kind == "destroy_base":
        bases = ops.targetable_bases(state, seat)
        return max((card_value(state.design[b]) for b in bases), default=0.0) * 0.7
    if kind == "acquire_free":
        options = acquire_options(state, arg)
        return max((card_value(state.design[c]) for c in options), default=0.0)
    if kind == "opponent_discards":
        return 1.5 * arg
    if kind == "discount":
        return float(arg[0])
    if kind == "repeat":
        n = arg[0] if arg[0].__class__ is int else ops.amount(state, seat, arg[0], None)
        return n * effects_score(state, seat, arg[1])
    if kind == "this_to_hand":
        return THIS_TO_HAND_BONUS
    if kind == "copy_base":
        bases = [b for zone in state.bases for b in zone]
        return max((copy_worth(state, seat, state.design[b]) for b in bases), default=0.0)
    return 0.5
