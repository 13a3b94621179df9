"""Low-level state operations shared by effects and turn flow: drawing, moving, scrapping,
acquiring, upgrading, damage, counters, conditions, targeting and the end of the game.

Event-log entries are small tuples (``("buy", seat, design_id)``) rendered to text only in views.
"""

from __future__ import annotations

from typing import Any

from .content import Design, matches
from .setup import upgraded_design
from .state import (
    OWN_AUTHORITY,
    OWN_BIT,
    OWN_ROW,
    Frame,
    GameState,
    Outcome,
    seat_bases,
    seat_stats,
    writable,
)

OWN_TRADE_DECK = OWN_BIT["trade_deck"]
TURN_SCRAPS = "scrapped_this_turn"  # stats key: cards scrapped from hand/discard this turn
ABILITY_SLOTS = 16  # key of "ability used this turn" = card id * 16 + ability index (C11)
POLITICAL_STICKERS = 5  # L19: all five stickers of the scenario's sheet win at once


# -- moving cards ----------------------------------------------------------------------------------

def draw(state: GameState, seat: int, n: int) -> int:
    """Draw up to n cards; reshuffle the discard pile into the deck when it runs out (C22)."""
    deck = state.deck[seat]
    hand = state.hand[seat]
    if len(deck) >= n > 0:  # the common case: no reshuffle needed
        hand += deck[:-n - 1:-1]  # the top n cards, top first (one slice: no iterator)
        del deck[-n:]
        state.log.append(("draw", seat, n))
        return n
    # plain comparisons, not min/max: those cost ten times as much on Python 3.11 (hot path)
    drawn = n if n > 0 else 0  # noqa: FURB136
    if drawn > len(deck):  # noqa: PLR1730
        drawn = len(deck)
    if drawn:  # the whole deck, then maybe the rest from the reshuffled pile
        hand += deck[::-1]
        deck.clear()
    pile = state.discard[seat]
    if drawn >= n or not pile:
        if drawn:
            state.log.append(("draw", seat, drawn))
        return drawn
    if drawn:  # the log tells the real order: drew 3, shuffled, drew 2 (C22)
        state.log.append(("draw", seat, drawn))
    deck.extend(pile)
    pile.clear()
    writable(state, "rng").shuffle(deck)
    state.log.append(("reshuffle", seat))
    more = n - drawn if n - drawn < len(deck) else len(deck)  # noqa: FURB136 (as above)
    hand += deck[:-more - 1:-1]
    del deck[-more:]
    state.log.append(("draw", seat, more))
    return drawn + more


def refill(state: GameState, slot: int) -> None:
    """Refill an empty trade-row slot from the trade deck at once (C5); empty if it ran dry."""
    if slot >= 0 and state.row[slot] < 0:
        deck = state.trade_deck
        if not deck:
            return
        if not state.own & OWN_TRADE_DECK:
            deck = writable(state, "trade_deck")
        row_of(state)[slot] = deck.pop()


def row_of(state: GameState) -> list[int]:
    """Return the trade row ready to be changed in place (shared with clones: `state.SHARED`)."""
    return state.row if state.own & OWN_ROW else writable(state, "row")


def to_heap(state: GameState, seat: int, inst: int) -> None:
    """Put a card that left its zone on the scrap heap (C6); explorers go back to their pile."""
    writable(state, "explorers" if state.design[inst].role == "explorer" else "heap").append(inst)
    stats = seat_stats(state, seat)
    stats["cards_scrapped"] = stats.get("cards_scrapped", 0) + 1
    state.log.append(("scrap", seat, state.design[inst].id))


def remove_from_play(state: GameState, inst: int) -> int:
    """Take a card out of any play area; return its owner's seat (or -1)."""
    for seat in range(state.game.n):
        if inst in state.ships[seat]:
            state.ships[seat].remove(inst)
            return seat
        if inst in state.bases[seat]:
            seat_bases(state, seat).remove(inst)
            if inst in state.damage:
                del writable(state, "damage")[inst]
            return seat
    return -1


def owner_of_base(state: GameState, inst: int) -> int:
    """Return the seat whose bases hold this card, or -1."""
    for seat in range(state.game.n):
        if inst in state.bases[seat]:
            return seat
    return -1


def destroy_base(state: GameState, seat: int, inst: int) -> None:
    """Destroy an opponent's base: it goes to its owner's discard pile (C19)."""
    owner = remove_from_play(state, inst)
    state.discard[owner].append(inst)
    stats = seat_stats(state, seat)
    stats["bases_destroyed"] = stats.get("bases_destroyed", 0) + 1
    state.log.append(("destroy", seat, state.design[inst].id, owner))
    fire_trigger(state, seat, "destroy_base", inst)


# -- acquiring and upgrading (C17, L9, L11-L19) ----------------------------------------------------

def price(state: GameState, seat: int, design: Design) -> tuple[int, int]:
    """Return (what this card costs now, index of the discount used or -1)."""
    cost = design.list_price
    if not state.discounts:  # nearly always: no enumerate to set up
        return cost, -1
    for k, (n, ctype, faction) in enumerate(state.discounts):
        if type_ok(design, ctype) and (faction is None
                                       or design.fmask & state.game.fbits[faction]):
            return max(0, cost - n), k
    return cost, -1


def type_ok(design: Design, ctype: str) -> bool:
    return ctype == "any" or design.type == ctype


def upgrade_cost(design: Design) -> int:
    """Extra trade for an upgrade: 2 for a ship, 3 for a base (L11)."""
    return 3 if design.is_base else 2


def sticker_ok(state: GameState, seat: int, design: Design, sticker: str) -> str | None:
    """Return why this sticker cannot go on this card now, or None (L12-L14)."""
    if design.upgrade is not None:
        return "this card is already upgraded (L12: once only)"
    if design.role not in ("trade", "post_campaign"):
        return "only trade-deck cards can be upgraded"
    options = state.game.sticker_options[seat].get((design.type, design.printed_cost), ())
    if sticker not in options:
        return (f"sticker {sticker} is not one of your stickers for a {design.type} of printed "
                f"cost {design.printed_cost} (L13)")
    row = state.game.sticker_row[sticker]
    if row in state.rows_used:
        return f"a sticker of row {row} was already used (L14)"
    return None


def stickers_for(state: GameState, seat: int, design: Design) -> list[str]:
    """Return the stickers that could go on this card now (L13, L14)."""
    if design.upgrade is not None or design.role not in ("trade", "post_campaign"):
        return []
    options = state.game.sticker_options[seat].get((design.type, design.printed_cost))
    if not options:
        return []
    row_of_sticker = state.game.sticker_row
    rows_used = state.rows_used
    return [s for s in options if row_of_sticker[s] not in rows_used]


def acquire(state: GameState, seat: int, inst: int, slot: int, sticker: str, to: str) -> None:
    """Acquire a card in the exact L17 order; the price was paid by the caller.

    1 take it (done: slot emptied here), 2 pay the upgrade, 3 note on-buy, 4 stickers,
    5 place it (maybe asking, next_acquire), 6 refill the row, 7 resolve on-buy (L9).
    """
    if slot >= 0:
        row_of(state)[slot] = -1
    design = state.design[inst]
    game = state.game
    onbuy = tuple(e for ab in game.abilities(design, seat) if ab.when == "onbuy"
                  for e in ab.effects) if game.has_grants else design.onbuy_effects
    if sticker:
        upgrade(state, seat, inst, sticker)
        design = state.design[inst]
    stats = seat_stats(state, seat)
    stats["cards_acquired"] = stats.get("cards_acquired", 0) + 1
    for key in design.acquired_keys:
        stats[key] = stats.get(key, 0) + 1
    state.log.append(("acquire", seat, design.id, to))
    tail = trigger_effects(state, seat, "acquire", design) if state.game.has_triggers else ()
    if not onbuy and not tail and not state.next_acquire:
        put(state, seat, inst, to)
        refill(state, slot)
        return
    writable(state, "acquiring").append(inst)  # between the row and its place (L17 steps 1-5)
    state.stack.append([seat, inst, (("_place", (inst, to)), ("_refill", slot)) + onbuy + tail,
                        0, 0])


def put(state: GameState, seat: int, inst: int, to: str) -> None:
    """Put an acquired card where it goes: discard pile, hand or top of deck."""
    if state.acquiring and inst in state.acquiring:
        writable(state, "acquiring").remove(inst)
    if to == "discard":
        state.discard[seat].append(inst)
    elif to == "hand":
        state.hand[seat].append(inst)
    else:
        state.deck[seat].append(inst)


def upgrade(state: GameState, seat: int, inst: int, sticker: str) -> None:
    """Apply a sticker and the side's faction (L12, L15, L16); maybe win politically (L19)."""
    game = state.game
    design = state.design[inst]
    spend_trade(state, seat, upgrade_cost(design))
    side = game.setup.seats[seat].side or ""
    writable(state, "design")[inst] = upgraded_design(game, design, sticker, side)
    writable(state, "upgrades").append((seat, inst, sticker, side))
    writable(state, "rows_used").add(game.sticker_row[sticker])
    stats = seat_stats(state, seat)
    stats["upgrades"] = stats.get("upgrades", 0) + 1
    state.log.append(("upgrade", seat, design.id, sticker))
    if political_progress(state, seat) >= POLITICAL_STICKERS:
        finish(state, game.team[seat], "political")


def political_progress(state: GameState, seat: int) -> int:
    """Return how many stickers of the seat's scenario sheet are used, earlier games too (L19)."""
    return sum(map(state.rows_used.__contains__, state.game.sheet_rows[seat]))


# -- authority, victory, VP cards (C1, C26, L19, L21) ---------------------------------------------

def change_authority(state: GameState, purse: int, n: int, seat: int) -> None:
    """Add n (maybe negative) to an authority pool (a seat's, or its team's where shared); a
    pool at 0 or below is out (C26)."""
    pools = state.authority if state.own & OWN_AUTHORITY else writable(state, "authority")
    pools[purse] += n
    if n > 0:
        stats = seat_stats(state, seat)
        stats["authority_gained"] = stats.get("authority_gained", 0) + n
    if state.authority[purse] <= 0:
        eliminate(state, purse)


def eliminate(state: GameState, purse: int, gifts: bool = True, reason: str = "authority"
              ) -> None:
    """Take the seats of an authority pool out; end the game or scrap their cards (M2-M7)."""
    game = state.game
    out = [s for s in range(game.n) if game.purse[s] == purse and state.alive[s]]
    if game.mode.leader_takes_team and any(game.role[s] == "emperor" for s in out):
        out = [s for s in game.team_seats[game.team[out[0]]] if state.alive[s]]  # M6
    for seat in out:
        writable(state, "alive")[seat] = False
        state.log.append(("out", seat))
    if game.mode.first_blood and out:  # M4: the player to the right of the fallen one wins
        finish(state, game.team[right_of(state, out[0])], reason)
        return
    teams = {game.team[s] for s in range(game.n) if state.alive[s]}
    if len(teams) == 1:
        finish(state, teams.pop(), reason)
    elif not teams:
        finish(state, None, reason)
    elif game.mode.scrap_eliminated:
        for seat in out:
            recipients = heirs(state, seat) if gifts else []
            todo = tuple(("_bequeath", r) for r in recipients) + (("_leave", seat),)
            state.stack.append([seat, -1, todo, 0, 0])


def right_of(state: GameState, seat: int) -> int:
    """Return the nearest living seat to the right (the previous one in turn order)."""
    n = state.game.n
    for k in range(1, n):
        other = (seat - k) % n
        if state.alive[other]:
            return other
    return seat


def heirs(state: GameState, seat: int) -> list[int]:
    """Return who may receive a card from an eliminated seat (M6: the emperor; M7: raiders)."""
    game = state.game
    gifts = game.mode.gifts
    if gifts == "emperor" and game.role[seat] == "admiral":
        return [s for s in game.team_seats[game.team[seat]]
                if game.role[s] == "emperor" and state.alive[s]]
    if gifts == "raiders" and game.role[seat] == "raider":
        return [s for s in game.order if game.role[s] == "raider" and state.alive[s]]
    return []


def scrap_all(state: GameState, seat: int) -> None:
    """Scrap every card an eliminated seat still has (M2, M3, M6, M7), in card-id order so the
    public scrap heap does not show the order its deck was in."""
    cards = sorted(state.hand[seat] + state.deck[seat] + state.discard[seat] + state.ships[seat]
                   + state.bases[seat])
    for zone in (state.hand, state.deck, state.discard, state.ships):
        zone[seat] = []
    seat_bases(state, seat).clear()
    for inst in cards:
        if inst in state.damage:
            del writable(state, "damage")[inst]
        writable(state, "explorers" if state.design[inst].role == "explorer" else "heap"
                 ).append(inst)
    state.log.append(("scrapped_all", seat, len(cards)))


def finish(state: GameState, team: int | None, reason: str) -> None:
    """End the game: winner, VP cards (L21), upgrades made (for the campaign)."""
    if state.outcome is not None:
        return
    game = state.game
    winner = next((s for s in game.order if game.team[s] == team), None)
    if winner is not None:
        _award_end_vp(state, winner)
    upgrades = [{"seat": seat, "copy": game.copy_id[inst], "sticker": sticker, "side": side}
                for seat, inst, sticker, side in state.upgrades]
    vps = [{"vp": vp, "seat": seat} for vp, seat in state.vp_awarded]
    state.outcome = Outcome(winner, team, reason, upgrades, vps, state.turn)
    state.stack.clear()
    state.pending = None
    state.log.append(("over", winner if winner is not None else -1, reason))


def _award_end_vp(state: GameState, winner: int) -> None:
    game = state.game
    for vid, kind, cond in game.vp_cards:
        if any(v == vid for v, _ in state.vp_awarded):
            continue
        if kind == "winner":
            writable(state, "vp_awarded").append((vid, winner))
        elif kind == "at_end":
            holders = [s for s in game.order if check(state, s, cond, None)]
            if len(holders) == 1 or (holders and winner in holders):
                writable(state, "vp_awarded").append((vid, holders[0] if len(holders) == 1 else winner))


def after_action(state: GameState) -> None:
    """Checks made after every action: scenario victories and first_to VP cards."""
    game = state.game
    if state.outcome is not None or not game.checks_after_action:
        return
    for vid, cond in game.first_to_cards:
        for awarded, _seat in state.vp_awarded:
            if awarded == vid:
                break
        else:  # not awarded yet: the first seat to meet it takes it
            for seat in game.order:
                if state.alive[seat] and check(state, seat, cond, None):
                    writable(state, "vp_awarded").append((vid, seat))
                    break
    for seat, cond in game.victories:
        if state.alive[seat] and check(state, seat, cond, None):
            finish(state, game.team[seat], "scenario")
            return


# -- targeting (C20 per team) ----------------------------------------------------------------------

def enemies(state: GameState, seat: int) -> list[int]:
    """Return the living opponents a seat may attack and target, in turn order after it (the
    default target first): every one, or as its mode says (M3 the left neighbour, M6)."""
    game = state.game
    alive = state.alive
    foes = game.foes[seat]
    foes = [s for s in foes if alive[s]] if False in alive else foes[:]  # a copy: callers own it
    if game.plain:
        return foes[:1] if game.targets_next_only else foes
    reach = game.mode.reach
    if reach == "hunter":
        return foes[:1]
    if reach == "emperor" and game.role[seat] == "admiral":
        facing = game.facing[seat]
        if alive[facing]:
            return [facing]
        return [s for s in foes if game.role[s] == "emperor"]
    return foes


def base_owners(state: GameState, seat: int) -> list[int]:
    """Return the living opponents whose bases a seat may attack and target (M3: both
    neighbours; otherwise the players it may attack)."""
    game = state.game
    if game.plain or game.mode.reach != "hunter":
        return enemies(state, seat)
    foes = [s for s in game.foes[seat] if state.alive[s]]
    return foes[:1] + foes[-1:] if len(foes) > 1 else foes


def protected(state: GameState, seat: int) -> bool:
    """Tell whether an outpost protects this seat (C20: its own, or its team's, M9)."""
    design = state.design
    bases = state.bases
    for s in state.game.guards[seat]:
        for inst in bases[s]:
            if design[inst].outpost:
                return True
    return False


def targetable_bases(state: GameState, seat: int) -> list[int]:
    """Return the enemy bases a seat may attack or target now: outposts first (C20)."""
    result: list[int] = []
    design = state.design
    for enemy in base_owners(state, seat):
        bases = state.bases[enemy]
        if not bases:
            continue
        if protected(state, enemy):
            result.extend(b for b in bases if design[b].outpost)
        else:
            result.extend(bases)
    return result


# -- pools (M5: a hydra team's members add trade and combat together) -----------------------------

def trade_pool(state: GameState, seat: int) -> int:
    """Return the trade a seat may spend on a purchase (its team's pool in hydra)."""
    game = state.game
    if not game.mode.team_turns:
        return state.trade[seat]
    return sum(state.trade[s] for s in game.team_seats[game.team[seat]])


def combat_pool(state: GameState, seat: int) -> int:
    """Return the combat a seat may spend on a base (its team's pool in hydra)."""
    game = state.game
    if not game.mode.team_turns:
        return state.combat[seat]
    return sum(state.combat[s] for s in game.team_seats[game.team[seat]])


def spend_trade(state: GameState, seat: int, n: int) -> None:
    """Pay n trade: from the seat's own pool first, then its teammates' (M5)."""
    _spend(state, state.trade, seat, n)


def spend_combat(state: GameState, seat: int, n: int) -> None:
    """Spend n combat on a base: the seat's own first, then its teammates' (M5)."""
    _spend(state, state.combat, seat, n)


def _spend(state: GameState, pool: list[int], seat: int, n: int) -> None:
    own = n if n < pool[seat] else pool[seat]  # noqa: FURB136 (min() is slow on 3.11)
    pool[seat] -= own
    n -= own
    if n > 0:
        game = state.game
        for s in game.team_seats[game.team[seat]]:
            part = min(n, pool[s])
            pool[s] -= part
            n -= part


def defense(state: GameState, inst: int, owner: int) -> int:
    """Return a base's defense including static bonuses of its owner's cards."""
    design = state.design
    bonus = 0
    for c in state.bases[owner]:
        bonus += design[c].static_defense
    for c in state.ships[owner]:
        bonus += design[c].static_defense
    return design[inst].defense + bonus


def forbidden(state: GameState, seat: int, action: str, design: Design | None = None) -> bool:
    """Return whether a scenario `forbid` rule stops this action now.

    A forbid holds before the seat's turn `until_turn` (if given) and while `unless` is false
    (if given); for `buy` only for cards its `match` selects.
    """
    for rule in state.game.forbids[seat]:
        if rule["action"] != action:
            continue
        if "until_turn" in rule and state.turns[seat] >= rule["until_turn"]:
            continue
        if "unless" in rule and check(state, seat, rule["unless"], None):
            continue
        if design is not None and not matches(design, rule["match"], state.game.fbits):
            continue
        return True
    return False


# -- triggers --------------------------------------------------------------------------------------

def trigger_effects(state: GameState, seat: int, event: str, design: Design) -> tuple:
    """Return the effects of scenario triggers for this event and card, in rule order."""
    fbits = state.game.fbits
    return tuple(e for rule in state.game.triggers[seat] if rule["on"] == event
                 and matches(design, rule["match"], fbits) for e in rule["do"])


def fire_trigger(state: GameState, seat: int, event: str, inst: int) -> None:
    if state.game.has_triggers:
        effects = trigger_effects(state, seat, event, state.design[inst])
        if effects:
            state.stack.append([seat, inst, effects, 0, 0])


# -- counters and conditions -----------------------------------------------------------------------

def count(state: GameState, seat: int, name: str, frame: Frame | None) -> int:
    """Return the value of a COUNTER for the player using the ability."""
    fn = _COUNTERS.get(name)
    if fn is not None:
        return fn(state, seat, frame)
    prefix, _, arg = name.partition(":")
    if prefix == "stat":
        return state.stats[seat].get(arg, 0)
    bit = state.game.fbits[arg]
    design = state.design
    if prefix == "faction_played":
        return sum(1 for c in state.played if design[c].fmask & bit)
    if prefix == "faction_in_play":
        return sum(1 for c in state.ships[seat] + state.bases[seat] if design[c].fmask & bit)
    return sum(1 for c in state.row if c >= 0 and design[c].fmask & bit)  # trade_row_faction


def _ships_played(state: GameState, seat: int, frame: Frame | None) -> int:
    return sum(1 for c in state.played if state.design[c].is_ship)


def _other_ships_played(state: GameState, seat: int, frame: Frame | None) -> int:
    src = frame[1] if frame is not None else -1
    return sum(1 for c in state.played if c != src and state.design[c].is_ship)


def _opponent_authority(state: GameState, seat: int, frame: Frame | None) -> int:
    foes = enemies(state, seat)
    return state.authority[state.game.purse[foes[0]]] if foes else 0


def _opponent_bases(state: GameState, seat: int, frame: Frame | None) -> int:
    return sum(len(state.bases[foe]) for foe in enemies(state, seat))


_COUNTERS = {
    "ships_played": _ships_played,
    "other_ships_played": _other_ships_played,
    "cards_played": lambda s, seat, f: len(s.played),
    "bases_in_play": lambda s, seat, f: len(s.bases[seat]),
    "outposts_in_play": lambda s, seat, f: sum(1 for b in s.bases[seat] if s.design[b].outpost),
    "hand": lambda s, seat, f: len(s.hand[seat]),
    "deck": lambda s, seat, f: len(s.deck[seat]),
    "discard": lambda s, seat, f: len(s.discard[seat]),
    "authority": lambda s, seat, f: s.authority[s.game.purse[seat]],
    "opponent_authority": _opponent_authority,
    "last_count": lambda s, seat, f: f[4] if f is not None else 0,
    "turn": lambda s, seat, f: s.turns[seat],
    "opponent_bases_in_play": _opponent_bases,
    "scrapped_this_turn": lambda s, seat, f: s.stats[seat].get(TURN_SCRAPS, 0),
}


def amount(state: GameState, seat: int, value: Any, frame: Frame | None) -> int:
    """Return the number an AMOUNT stands for: an int, or per-counter (capped by max)."""
    if value.__class__ is int:
        return value
    _, counter, times, cap = value
    n = count(state, seat, counter, frame) * times
    return n if cap is None else min(n, cap)


def check(state: GameState, seat: int, cond: tuple, frame: Frame | None) -> bool:
    """Evaluate a COND for a seat."""
    kind = cond[0]
    if kind == "count":
        value = count(state, seat, cond[1], frame)
        return value >= cond[3] if cond[2] == "at_least" else value <= cond[3]
    if kind == "all":
        return all(check(state, seat, c, frame) for c in cond[1])
    if kind == "any":
        return any(check(state, seat, c, frame) for c in cond[1])
    return not check(state, seat, cond[1], frame)
