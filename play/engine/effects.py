"""The effect vocabulary of docs/content-format.md: one small function per effect kind.

Effects run from an explicit stack of frames (`state.stack`), never from Python recursion, so an
effect that needs a choice pushes a `Decision` and returns; the game can be saved there and the
answer (`pick` / `choose` / `done`) applied in another request, by whichever seat decides (C23).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import ops
from .content import MAX_REPEAT
from .state import Decision, Frame, GameState, copied_design, seat_stats, writable


def run(state: GameState) -> None:
    """Resolve effects from the top of the stack until a decision is needed or nothing is left."""
    stack = state.stack
    while stack and state.pending is None and state.outcome is None:
        frame = stack[-1]
        effects = frame[2]
        i = frame[3]
        if i >= len(effects):
            stack.pop()
            continue
        frame[3] = i + 1
        kind, arg = effects[i]
        EFFECTS[kind](state, frame, arg)


def push(state: GameState, seat: int, src: int, effects: tuple) -> None:
    """Schedule effects to run next (on top of the stack)."""
    if effects:
        state.stack.append([seat, src, effects, 0, 0])


def ask(state: GameState, frame: Frame, kind: str, seat: int, options: list, low: int, high: int,
        data: Any = None) -> None:
    """Make a decision pending, unless there is nothing to decide."""
    if not options or high <= 0:
        frame[4] = 0
        return
    fewest = low if low < len(options) else len(options)  # noqa: FURB136 (min() is slow on 3.11)
    state.pending = Decision(kind, seat, options, fewest, high, len(state.stack) - 1, data,
                             frame[1])


# -- simple gains ----------------------------------------------------------------------------------

def _trade(state: GameState, frame: Frame, arg: Any) -> None:
    n = arg if arg.__class__ is int else ops.amount(state, frame[0], arg, frame)
    state.trade[frame[0]] += n
    state.log.append(("trade", frame[0], n))


def _combat(state: GameState, frame: Frame, arg: Any) -> None:
    n = arg if arg.__class__ is int else ops.amount(state, frame[0], arg, frame)
    state.combat[frame[0]] += n
    state.log.append(("combat", frame[0], n))


def _authority(state: GameState, frame: Frame, arg: Any) -> None:
    seat = frame[0]
    n = arg if arg.__class__ is int else ops.amount(state, seat, arg, frame)
    state.log.append(("authority", seat, n))
    ops.change_authority(state, state.game.purse[seat], n, seat)


def _draw(state: GameState, frame: Frame, arg: Any) -> None:
    seat = frame[0]
    ops.draw(state, seat, arg if arg.__class__ is int else ops.amount(state, seat, arg, frame))


# -- effects that ask ------------------------------------------------------------------------------

def _discard(state: GameState, frame: Frame, arg: tuple) -> None:
    seat = frame[0]
    ask(state, frame, "discard", seat, list(state.hand[seat]), arg[0], arg[1])


def _opponent_discards(state: GameState, frame: Frame, arg: int) -> None:
    foes = ops.enemies(state, frame[0])
    if len(foes) > 1 and not state.game.plain:  # M2, M5, M6, M7: the player picks the target
        ask(state, frame, "target", frame[0], foes, 1, 1, arg)
    elif foes:
        _discard_at(state, frame, (foes[0], arg))


def _discard_at(state: GameState, frame: Frame, arg: tuple) -> None:
    target, n = arg
    ask(state, frame, "opp_discard", target, list(state.hand[target]), n, n)


# -- leaving the game and passing cards (M6, M7) ---------------------------------------------------

def _bequeath(state: GameState, frame: Frame, recipient: int) -> None:
    """An eliminated seat may give 1 card from hand, deck or discard pile (sorted by id, so the
    choice shows no deck order) to a teammate still playing."""
    seat = frame[0]
    if state.alive[recipient]:
        cards = sorted(state.hand[seat] + state.deck[seat] + state.discard[seat])
        ask(state, frame, "bequeath", seat, cards, 0, 1, recipient)


def _leave(state: GameState, frame: Frame, seat: int) -> None:
    ops.scrap_all(state, seat)


def _give(state: GameState, frame: Frame, recipient: int) -> None:
    seat = frame[0]
    ask(state, frame, "give", seat, list(state.discard[seat]), 0, 1, recipient)


def _scrap(state: GameState, frame: Frame, arg: tuple) -> None:
    zone, low, high = arg
    ask(state, frame, "scrap", frame[0], scrap_options(state, frame[0], zone), low, high, zone)


def scrap_options(state: GameState, seat: int, zone: str) -> list[int]:
    if zone == "hand":
        return list(state.hand[seat])
    if zone == "discard":
        return list(state.discard[seat])
    if zone == "hand_or_discard":
        return state.hand[seat] + state.discard[seat]
    return [c for c in state.row if c >= 0]


def _destroy_base(state: GameState, frame: Frame, arg: int) -> None:
    ask(state, frame, "destroy_base", frame[0], ops.targetable_bases(state, frame[0]), 0, arg)


def _acquire_free(state: GameState, frame: Frame, arg: tuple) -> None:
    ask(state, frame, "acquire_free", frame[0], acquire_options(state, arg), 0, 1, arg)


def acquire_options(state: GameState, arg: tuple) -> list[int]:
    ctype, max_cost, faction, _to = arg
    design = state.design
    bit = state.game.fbits[faction] if faction else 0
    return [c for c in state.row if c >= 0 and ops.type_ok(design[c], ctype)
            and (max_cost is None or design[c].list_price <= max_cost)
            and (not bit or design[c].fmask & bit)]


def _recycle(state: GameState, frame: Frame, arg: tuple) -> None:
    _zone, to, low, high, ctype = arg
    ask(state, frame, "recycle", frame[0], recycle_options(state, frame[0], ctype), low, high,
        (to, ctype))


def recycle_options(state: GameState, seat: int, ctype: str) -> list[int]:
    return [c for c in state.discard[seat] if ops.type_ok(state.design[c], ctype)]


def _copy_ship(state: GameState, frame: Frame, arg: bool) -> None:
    options = copy_options(state, frame[0], frame[1])
    ask(state, frame, "copy_ship", frame[0], options, 1, 1)


def copy_options(state: GameState, seat: int, src: int) -> list[int]:
    return [c for c in state.ships[seat] if c != src and c in state.played]


def _copy_base(state: GameState, frame: Frame, arg: bool) -> None:
    ask(state, frame, "copy_base", frame[0], copy_base_options(state, frame[1]), 1, 1)


def copy_base_options(state: GameState, src: int) -> list[int]:
    """Return every base in play, anyone's, except the copying card itself (Stealth Tower)."""
    return [c for bases in state.bases for c in bases if c != src]


def _this_to_hand(state: GameState, frame: Frame, arg: bool) -> None:
    """On buy: put the acquired card into its owner's hand from where it was placed."""
    seat, inst = frame[0], frame[1]
    for zone in (state.discard[seat], state.deck[seat]):
        if inst in zone:
            zone.remove(inst)
            state.hand[seat].append(inst)
            state.log.append(("to_hand", seat, state.design[inst].id))
            return


def _repeat(state: GameState, frame: Frame, arg: tuple) -> None:
    times, todo = arg
    n = times if times.__class__ is int else ops.amount(state, frame[0], times, frame)
    push(state, frame[0], frame[1], todo * max(0, min(n, MAX_REPEAT)))


def _choose(state: GameState, frame: Frame, arg: tuple) -> None:
    ask(state, frame, "choose", frame[0], list(range(len(arg))), 1, 1, arg)


def _may(state: GameState, frame: Frame, arg: tuple) -> None:
    ask(state, frame, "may", frame[0], [0, 1], 1, 1, arg)


def _if(state: GameState, frame: Frame, arg: tuple) -> None:
    cond, then, otherwise = arg
    push(state, frame[0], frame[1], then if ops.check(state, frame[0], cond, frame) else otherwise)


def _next_acquire(state: GameState, frame: Frame, arg: tuple) -> None:
    writable(state, "next_acquire").append(arg)


def _discount(state: GameState, frame: Frame, arg: tuple) -> None:
    writable(state, "discounts").append(arg)


def _purge_trade_row(state: GameState, frame: Frame, arg: tuple) -> None:
    how, slot = arg
    filled = [k for k, c in enumerate(state.row) if c >= 0]
    if not filled:
        return
    if how == "slot":
        if slot >= len(state.row) or state.row[slot] < 0:
            return
    else:
        cost = [(state.design[state.row[k]].list_price, k) for k in filled]
        pick = min(cost) if how == "cheapest" else max(cost, key=lambda ck: (ck[0], -ck[1]))
        slot = pick[1]
    inst = state.row[slot]
    ops.row_of(state)[slot] = -1
    ops.to_heap(state, frame[0], inst)
    ops.refill(state, slot)


# -- internal steps of acquiring (L17) -------------------------------------------------------------

def _place(state: GameState, frame: Frame, arg: tuple) -> None:
    """L17 step 5: put the card where it goes; a matching next_acquire asks where (Freighter)."""
    inst, to = arg
    design = state.design[inst]
    for k, (ctype, where) in enumerate(state.next_acquire):
        if ops.type_ok(design, ctype):
            del writable(state, "next_acquire")[k]
            if where != to:
                ask(state, frame, "destination", frame[0], [0, 1], 1, 1, (inst, to, where))
                return
            break
    ops.put(state, frame[0], inst, to)


def _refill(state: GameState, frame: Frame, slot: int) -> None:
    ops.refill(state, slot)


EFFECTS: dict[str, Callable[[GameState, Frame, Any], None]] = {
    "trade": _trade, "combat": _combat, "authority": _authority, "draw": _draw,
    "discard": _discard, "opponent_discards": _opponent_discards, "scrap": _scrap,
    "destroy_base": _destroy_base, "acquire_free": _acquire_free, "next_acquire": _next_acquire,
    "discount": _discount, "recycle": _recycle, "copy_ship": _copy_ship, "choose": _choose,
    "may": _may, "if": _if, "purge_trade_row": _purge_trade_row, "copy_base": _copy_base,
    "this_to_hand": _this_to_hand, "repeat": _repeat, "_place": _place, "_refill": _refill,
    "_discard_at": _discard_at, "_bequeath": _bequeath, "_leave": _leave, "_give": _give,
}


# -- answering decisions ---------------------------------------------------------------------------

def pick(state: GameState, inst: int, sticker: str) -> None:
    """Apply one picked card of the pending decision (already checked legal)."""
    d = state.pending
    seat = d.seat
    PICKS[d.kind](state, d, seat, inst, sticker)
    d.picked += 1
    if state.outcome is not None:
        return
    state.stack[d.depth][4] = d.picked
    d.options = refresh_options(state, d)
    if d.picked >= d.max or not d.options:
        state.pending = None


def done(state: GameState) -> None:
    """Finish the pending card decision with the picks made so far."""
    d = state.pending
    state.stack[d.depth][4] = d.picked
    state.pending = None


def choose(state: GameState, index: int) -> None:
    """Answer a pending choice decision (already checked legal)."""
    d = state.pending
    state.pending = None
    frame = state.stack[d.depth]
    if d.kind == "choose":
        push(state, frame[0], frame[1], d.data[index])
    elif d.kind == "may":
        if index == 1:
            push(state, frame[0], frame[1], d.data)
    elif d.kind == "target":
        push(state, frame[0], frame[1], (("_discard_at", (index, d.data)),))
    else:  # destination: 0 = where it would go, 1 = where next_acquire allows
        inst, to, where = d.data
        ops.put(state, frame[0], inst, where if index == 1 else to)


def _pick_discard(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    state.hand[seat].remove(inst)
    state.discard[seat].append(inst)
    state.log.append(("discard", seat, state.design[inst].id))


def _pick_scrap(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    if d.data == "trade_row":
        slot = state.row.index(inst)
        ops.row_of(state)[slot] = -1
        ops.to_heap(state, seat, inst)
        ops.refill(state, slot)
    else:
        zone = state.hand[seat] if inst in state.hand[seat] else state.discard[seat]
        zone.remove(inst)
        ops.to_heap(state, seat, inst)
        stats = seat_stats(state, seat)
        stats[ops.TURN_SCRAPS] = stats.get(ops.TURN_SCRAPS, 0) + 1
    ops.fire_trigger(state, seat, "scrap", inst)


def _pick_gift(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    """M6, M7: the eliminated seat's card goes to a teammate's discard pile."""
    for zone in (state.hand[seat], state.deck[seat], state.discard[seat]):
        if inst in zone:
            zone.remove(inst)
            break
    state.discard[d.data].append(inst)
    state.log.append(("gift", seat, state.design[inst].id, d.data))


def _pick_give(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    """M6: pay 1 trade to move a card to a neighbouring teammate's discard pile."""
    state.discard[seat].remove(inst)
    state.discard[d.data].append(inst)
    state.trade[seat] -= 1
    state.log.append(("give", seat, state.design[inst].id, d.data))


def _pick_destroy(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    ops.destroy_base(state, seat, inst)


def _pick_acquire(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    ops.acquire(state, seat, inst, state.row.index(inst), sticker, d.data[3])


def _pick_recycle(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    state.discard[seat].remove(inst)
    to = d.data[0]
    (state.hand if to == "hand" else state.deck)[seat].append(inst)
    state.log.append(("recycle", seat, state.design[inst].id if to == "hand" else "", to))


def _pick_copy(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    src = d.src
    needle = state.design[src]
    writable(state, "copied")[src] = inst
    writable(state, "design")[src] = copied = copied_design(needle, state.design[inst])
    state.log.append(("copy", seat, needle.id, state.design[inst].id))
    offset = len(needle.abilities)
    primaries = [a for a in copied.abilities[offset:] if a.when == "primary"]
    for ability in reversed(primaries):
        state.used.add(src * ops.ABILITY_SLOTS + ability.index)
        push(state, seat, src, ability.effects)


def _pick_copy_base(state: GameState, d: Decision, seat: int, inst: int, sticker: str) -> None:
    """Stealth Tower: until the turn ends it has the base's abilities and factions too; the
    copied primaries are used like any base primary (C10), its own defense stays."""
    src = d.src
    tower = state.design[src]
    writable(state, "copied")[src] = inst
    writable(state, "design")[src] = copied_design(tower, state.design[inst])
    state.log.append(("copy", seat, tower.id, state.design[inst].id))


PICKS = {
    "discard": _pick_discard, "opp_discard": _pick_discard, "scrap": _pick_scrap,
    "destroy_base": _pick_destroy, "acquire_free": _pick_acquire, "recycle": _pick_recycle,
    "copy_ship": _pick_copy, "copy_base": _pick_copy_base, "bequeath": _pick_gift,
    "give": _pick_give,
}


def refresh_options(state: GameState, d: Decision) -> list:
    """Recompute the options after a pick (the zones changed; a refilled row slot counts)."""
    seat = d.seat
    kind = d.kind
    if kind in ("discard", "opp_discard"):
        return list(state.hand[seat])
    if kind == "scrap":
        return scrap_options(state, seat, d.data)
    if kind == "destroy_base":
        return ops.targetable_bases(state, seat)
    if kind == "recycle":
        return recycle_options(state, seat, d.data[1])
    return []
