"""Scenario balance by simulation: bot games of each legacy scenario against a plain baseline.

Used by `python manage.py balance` (see docs/balance.md for the method and the latest table)
through the facade (`play.engine.balance`). Engine code (standard library only), so worker
processes can run it. The games themselves are played by `simulate` (the one home for bulk
games); this module picks the setups and sums up.

How one scenario N is measured:

1. A TYPICAL campaign state before N: `campaigns` short bot campaigns play scenarios 1..N-1
   through the engine (choices picked at random, L5 first player = previous winner) and keep
   their upgrades, lasting rules and first players. Game g of scenario N starts from campaign
   g mod `campaigns`.
2. Scenario games: half with the Star Empire first, half with the Trade Federation first (so both
   sides of every scenario card are played, L6); the first player's choices at random.
3. Baseline games: the same snapshot, seed and first player, but `plain_setup` (earlier lasting
   rules and upgrades kept; no scenario card, choice, VP cards or political victory), so the
   differences are the scenario's own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from multiprocessing import Pool
from typing import Any

from .bots import Bot
from .bulk import GameResult, bot_of_spec, game_seed, play_bot_game, read_pack
from .campaign_figures import CampaignGame, campaign_table, rate, summarize_campaigns, wilson
from .content import Pack
from .legacy import (
    CampaignSnapshot,
    apply_outcome,
    next_snapshot,
    plain_setup,
    scenario_setup,
)
from .packformat.vocabulary import SIDES
from .setup import GameSetup

__all__ = [
    "DIFFERS_Z",
    "FIGURES",
    "ForecastTask",
    "ScenarioResult",
    "Task",
    "as_json_safe",
    "campaign_prefix",
    "campaign_table",
    "forecast_tasks",
    "group",
    "make_bot",
    "measure",
    "measure_scenario",
    "option_combinations",
    "options_table",
    "pick_choices",
    "play_campaign",
    "play_forecast_game",
    "played_table",
    "prefix_snapshots",
    "read_legacy_pack",
    "run",
    "run_forecast",
    "run_task",
    "snapshot_from_dict",
    "snapshot_to_dict",
    "summarize",
    "summarize_forecast",
    "table",
    "tasks",
    "wilson",
    "z_means",
    "z_rates",
]

DIFFERS_Z = 3.0          # a figure "differs from the plain game" when |z| >= this
FIGURES = ("turns", "bought", "bases_destroyed", "upgrades")
DEFAULT_WINNER_ORDER = ("vp", "scenario_wins", "winner_of_12")  # L22 when a pack names none


def make_bot(name: str, seed: int) -> Bot:
    """Return a bot by name; `ValueError` naming the known bots otherwise."""
    return bot_of_spec(name, seed=seed)


@dataclass
class ScenarioResult:
    """The measured figures of one balance game (both players together, except who won)."""

    scenario: int
    plain: bool
    first_side: str
    winner: str | None
    reason: str
    turns: int
    bought: int
    bases_destroyed: int
    upgrades: int
    options: dict[str, str] = field(default_factory=dict)

    @property
    def first_won(self) -> bool:
        return self.winner == self.first_side


def _measure(number: int, plain: bool, snapshot: CampaignSnapshot, setup: GameSetup,
             bot: str, seed: int, options: dict[str, str]) -> ScenarioResult:
    played: GameResult = play_bot_game(setup, bot, seed)
    outcome, stats = played.outcome, played.stats
    winner = snapshot.sides[outcome.winner] if outcome and outcome.winner is not None else None
    return ScenarioResult(
        scenario=number, plain=plain, first_side=snapshot.first_side, winner=winner,
        reason=outcome.reason if outcome else "cut", turns=played.turns,
        bought=sum(s.get("cards_acquired", 0) for s in stats),
        bases_destroyed=sum(s.get("bases_destroyed", 0) for s in stats),
        upgrades=sum(s.get("upgrades", 0) for s in stats), options=options)


def pick_choices(pack: Pack, number: int, side: str, rng: random.Random) -> dict[str, str]:
    """Pick one option at random for each choice on the scenario card side `side`."""
    card = pack.scenarios[number]["sides"][side]
    return {c["id"]: rng.choice(c["options"])["id"] for c in card.get("choices", [])}


# -- typical campaign states ---------------------------------------------------------------------


def campaign_prefix(pack: Pack, upto: int, bot: str, seed: int) -> list[CampaignSnapshot]:
    """Play scenarios 1..upto-1 once with bots; return the snapshot before each of 1..upto.

    Item k is the state before scenario k+1 (no choices of that scenario made yet).
    """
    return play_campaign(pack, upto - 1, bot, seed)[0]


def play_campaign(pack: Pack, last: int, bot: str,
                  seed: int) -> tuple[list[CampaignSnapshot], list[CampaignGame]]:
    """Play scenarios 1..last of one bot campaign; return the snapshots before each and its games.

    The snapshots are the state before scenarios 1..last+1; scenario N's game depends only on the
    seed and N, so campaign k's first scenarios are the same whatever `last` is.
    """
    rng = random.Random(game_seed(seed, "campaign"))
    snapshot = CampaignSnapshot(sides=SIDES, first_side="empire")
    before, games = [snapshot], []
    for number in range(1, last + 1):
        choices = pick_choices(pack, number, snapshot.first_side, rng)
        current = replace(snapshot, choices={**snapshot.choices, number: choices})
        setup = scenario_setup(pack, current, number, seed=game_seed(seed, "prefix", number))
        outcome = play_bot_game(setup, bot, game_seed(seed, "bots", number)).outcome
        tie_first = rng.choice(SIDES)  # who plays first next if the game had no winner
        if outcome is None:  # cut (bulk.CUT_TURNS): nothing to record
            snapshot = replace(current, first_side=tie_first,
                               first_sides={**current.first_sides, number: current.first_side})
            games.append(CampaignGame(number, current.first_side, None, "cut",
                                      dict.fromkeys(SIDES, 0)))
        else:
            record = apply_outcome(current, outcome, number)
            snapshot = next_snapshot(current, record, tie_first=tie_first)
            games.append(CampaignGame(number, current.first_side, record.winner, record.how, {
                side: sum(int(pack.vp_cards[v].get("points", 0)) for v in ids)
                for side, ids in record.vp_cards.items()}))
        before.append(snapshot)
    return before, games


# -- one balance game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One game to play: scenario `number` (or its baseline), from a prefix snapshot."""

    number: int
    index: int
    plain: bool
    first_side: str
    seed: int


def run_task(pack: Pack, prefixes: list[list[CampaignSnapshot]], bot: str, task: Task) -> ScenarioResult:
    """Play one scenario (or baseline) game of the balance run."""
    base = prefixes[task.index % len(prefixes)][task.number - 1]
    rng = random.Random(game_seed(task.seed, "choices", task.number, task.index))
    snapshot = replace(base, first_side=task.first_side)
    seed = game_seed(task.seed, "game", task.number, task.index)
    if task.plain:
        setup = plain_setup(pack, snapshot, task.number, seed)
        return _measure(task.number, True, snapshot, setup, bot, seed, {})
    options = pick_choices(pack, task.number, task.first_side, rng)
    snapshot = replace(snapshot, choices={**snapshot.choices, task.number: options})
    setup = scenario_setup(pack, snapshot, task.number, seed=seed, check_first=False)
    return _measure(task.number, False, snapshot, setup, bot, seed, options)


def tasks(scenarios: Iterable[int], games: int, seed: int) -> list[Task]:
    """Every game of a run: per scenario, `games` scenario games and as many baseline games."""
    result = []
    for number in scenarios:
        for index in range(games):
            first = SIDES[index % 2]
            for plain in (False, True):
                result.append(Task(number, index, plain, first, seed))
    return result


# -- summary -------------------------------------------------------------------------------------


def _rate(hits: int, n: int) -> float:
    return hits / n if n else float("nan")


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def _var(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = _mean(values)
    return sum((v - m) ** 2 for v in values) / (len(values) - 1)


def z_means(a: list[float], b: list[float]) -> float:
    """Welch's z for two means (0 when both are constant and equal)."""
    se = math.sqrt(_var(a) / max(len(a), 1) + _var(b) / max(len(b), 1))
    diff = _mean(a) - _mean(b)
    return diff / se if se else (0.0 if diff == 0 else math.copysign(math.inf, diff))


def z_rates(hits_a: int, n_a: int, hits_b: int, n_b: int) -> float:
    """Two-proportion z (pooled)."""
    if not n_a or not n_b:
        return 0.0
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    diff = hits_a / n_a - hits_b / n_b
    return diff / se if se else 0.0


def _side_stats(results: list[ScenarioResult]) -> dict[str, Any]:
    decided = [r for r in results if r.winner]
    empire = sum(r.winner == "empire" for r in decided)
    first = sum(r.first_won for r in decided)
    out: dict[str, Any] = {
        "games": len(results), "decided": len(decided), "cut": len(results) - len(decided),
        "empire_wins": empire, "first_wins": first,
        "empire_win_rate": _rate(empire, len(decided)),
        "first_win_rate": _rate(first, len(decided)),
        "reasons": {},
        "empire_wins_by_reason": {},
        "games_by_first": {side: sum(r.first_side == side for r in results) for side in SIDES},
        "empire_win_rate_by_first": {
            side: _rate(sum(r.winner == "empire" for r in decided if r.first_side == side),
                        sum(r.first_side == side for r in decided)) for side in SIDES},
    }
    for r in results:
        out["reasons"][r.reason] = out["reasons"].get(r.reason, 0) + 1
        by_reason = out["empire_wins_by_reason"]
        by_reason[r.reason] = by_reason.get(r.reason, 0) + (r.winner == "empire")
    # The campaign as played (L5: the previous winner plays first): each first player's half
    # on its own, the first player's edge and each route's share, all with 95% intervals.
    out["empire_by_first"] = {side: rate(
        sum(r.winner == "empire" for r in decided if r.first_side == side),
        sum(r.first_side == side for r in decided)) for side in SIDES}
    out["first_wins_ci"] = rate(first, len(decided))
    out["routes"] = {reason: rate(count, len(results))
                     for reason, count in sorted(out["reasons"].items())}
    for name in FIGURES:
        out[f"mean_{name}"] = _mean([getattr(r, name) for r in results])
    return out


def summarize(number: int, results: list[ScenarioResult]) -> dict[str, Any]:
    """Return one scenario's entry: its figures, the baseline's, deltas and what differs."""
    scen = [r for r in results if not r.plain]
    plain = [r for r in results if r.plain]
    entry = {"scenario": number, **_side_stats(scen), "baseline": _side_stats(plain)}
    p, n = entry["empire_win_rate"], entry["decided"]
    entry["empire_ci95"] = 1.96 * math.sqrt(p * (1 - p) / n) if n else float("nan")
    deltas, z = {}, {}
    for name in FIGURES:
        a = [getattr(r, name) for r in scen]
        b = [getattr(r, name) for r in plain]
        deltas[name] = _mean(a) - _mean(b)
        z[name] = z_means(a, b)
    base = entry["baseline"]
    for key, hits in (("empire_win_rate", "empire_wins"), ("first_win_rate", "first_wins")):
        deltas[key] = entry[key] - base[key]
        z[key] = z_rates(entry[hits], entry["decided"], base[hits], base["decided"])
    entry["delta"] = deltas
    entry["z"] = z
    entry["differs"] = [k for k, v in z.items() if abs(v) >= DIFFERS_Z]
    entry["options"] = _options(scen)
    return entry


def _options(results: list[ScenarioResult]) -> dict[str, dict]:
    """Per chosen option: games, and how often the first player (the chooser) won."""
    table: dict[str, dict] = {}
    for r in results:
        for choice, option in r.options.items():
            key = f"{r.first_side}:{choice}={option}"
            row = table.setdefault(key, {"games": 0, "first_wins": 0, "decided": 0})
            row["games"] += 1
            row["decided"] += r.winner is not None
            row["first_wins"] += r.first_won
    for row in table.values():
        row["first_win_rate"] = _rate(row["first_wins"], row["decided"])
    return dict(sorted(table.items()))


def table(entries: list[dict], low: float = 0.45, high: float = 0.55) -> str:
    """Return the balance table as Markdown (what the command prints and docs/balance.md holds)."""
    head = ("| # | games | SE win % (±95%) | SE win % SE 1st / TF 1st | 1st win % | turns "
            "| Δturns | ΔSE win | Δ1st win | Δbought | Δbases destroyed | Δupgrades "
            "| won by | differs (z beyond ±3) |")
    lines = [head, "|" + "---|" * 14]
    for e in entries:
        d = e["delta"]
        by_first = e["empire_win_rate_by_first"]
        flag = "" if low <= e["empire_win_rate"] <= high else " **!**"
        lines.append(
            f"| {e['scenario']} | {e['games']} | {100 * e['empire_win_rate']:.1f} "
            f"(±{100 * e['empire_ci95']:.1f}){flag} | {_pct(by_first['empire'])} / "
            f"{_pct(by_first['federation'])} | {100 * e['first_win_rate']:.1f} "
            f"| {e['mean_turns']:.1f} | {d['turns']:+.1f} | {100 * d['empire_win_rate']:+.1f} "
            f"| {100 * d['first_win_rate']:+.1f} | {d['bought']:+.1f} "
            f"| {d['bases_destroyed']:+.2f} | {d['upgrades']:+.2f} | {_reasons(e)} "
            f"| {', '.join(e['differs']) or '—'} |")
    return "\n".join(lines)


def options_table(entries: list[dict]) -> str:
    """Return, per scenario and card side, how often the first player won with each option."""
    lines = ["| # | card side: choice=option | games | first player win % |", "|---|---|---|---|"]
    for e in entries:
        for key, row in e["options"].items():
            lines.append(f"| {e['scenario']} | {key} | {row['games']} "
                         f"| {_pct(row['first_win_rate'])} |")
    return "\n".join(lines)


def played_table(entries: list[dict], low: float = 0.45, high: float = 0.55,
                 route_max: float = 0.60) -> str:
    """Return, per scenario, the figures a campaign meets (L5), with 95% intervals.

    A figure outside `low`-`high` (a route above `route_max`) is marked **!**.
    """
    lines = [("| # | games | SE win % when SE 1st | SE win % when TF 1st | 1st player win % "
             "| routes: % of games |"), "|---|---|---|---|---|---|"]

    def cell(r: dict, lo: float = low, hi: float = high) -> str:
        if not r["n"]:
            return "–"
        flag = "" if lo <= r["rate"] <= hi else " **!**"
        return f"{100 * r['rate']:.1f} ({100 * r['low']:.1f}-{100 * r['high']:.1f}){flag}"

    for e in entries:
        by_first = e["empire_by_first"]
        routes = ", ".join(f"{k} {cell(r, 0.0, route_max)}" for k, r in e["routes"].items())
        lines.append(f"| {e['scenario']} | {e['games']} | {cell(by_first['empire'])} "
                     f"| {cell(by_first['federation'])} | {cell(e['first_wins_ci'])} | {routes} |")
    return "\n".join(lines)


def _pct(rate: float) -> str:
    return f"{100 * rate:.0f}" if math.isfinite(rate) else "–"


def _reasons(entry: dict) -> str:
    """E.g. "authority 30 (SE 45), political 70 (SE 60)": % of the games that ended so, and
    the Star Empire's share of those wins."""
    n, empire = entry["games"], entry["empire_wins_by_reason"]
    return ", ".join(f"cut: {v} games" if k == "cut" else
                     f"{k} {100 * v / n:.0f} (SE {100 * empire[k] / v:.0f})"
                     for k, v in sorted(entry["reasons"].items()))


def group(results: Iterable[ScenarioResult]) -> dict[int, list[ScenarioResult]]:
    """Group results by scenario number."""
    by: dict[int, list[ScenarioResult]] = {}
    for r in results:
        by.setdefault(r.scenario, []).append(r)
    return by


def as_json_safe(entry: dict) -> dict:
    """Replace NaN/inf (not JSON) with None, recursively."""
    def fix(v: Any) -> Any:
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v
    return fix(entry)



# -- running the method (the command and forecasts call `run`) -------------------------------------

Progress = Callable[[str, int, int], None]  # (what: "campaigns" or "games", done, total)

# Worker-process globals, set once per process by `_init`: a Pack and the campaign prefixes are
# large to pickle with every task.
_PACK: Pack | None = None
_PREFIXES: list = []
_BOT = "random"


def read_legacy_pack(path: str) -> Pack:
    """Load a legacy pack file with its 12 scenarios; `ValueError` with a readable message."""
    pack = read_pack(path)
    if pack.kind != "legacy" or len(pack.scenarios) != 12:
        raise ValueError(f"{path}: the balance method needs a legacy pack with 12 scenarios")
    return pack


def run(path: str, scenarios: list[int], games: int, *, seed: int = 0, bot: str = "heuristic",
        campaigns: int = 64, workers: int = 1, progress: Progress | None = None) -> list[dict]:
    """Measure `scenarios` of the pack file at `path`: one summary entry per scenario.

    `campaigns` bot campaigns give the typical states before each scenario; then `games`
    scenario games and as many baseline games per scenario are played, in `workers` processes.
    """
    return measure(path, scenarios, games, seed=seed, bot=bot, campaigns=campaigns,
                   workers=workers, progress=progress)["scenarios"]


def measure(path: str, scenarios: list[int], games: int, *, seed: int = 0,
            bot: str = "heuristic", campaigns: int = 64, workers: int = 1,
            progress: Progress | None = None) -> dict[str, Any]:
    """Return `run`'s scenario entries and the whole-campaign figures of its bot campaigns.

    The `campaigns` bot campaigns are played to the end (all 12 scenarios) for the campaign
    figures (`campaign_figures.summarize_campaigns`); their states before each scenario are the
    typical states of `run`.
    """
    jobs = [(path, bot, game_seed(seed, "campaign", k)) for k in range(campaigns)]
    played = _map(_campaign, jobs, workers, None, "campaigns", progress)
    prefixes = [before for before, _ in played]
    todo = tasks(scenarios, games, seed)
    results = _map(_run_one, todo, workers, (path, prefixes, bot), "games", progress)
    by = group(results)
    pack = _pack_of(path)
    order = (pack.raw.get("campaign_winner") or {}).get("order") or DEFAULT_WINNER_ORDER
    return {"scenarios": [summarize(n, by[n]) for n in scenarios],
            "campaigns": summarize_campaigns([g for _, g in played], order, SIDES)}


def _init(path: str, prefixes: list, bot: str) -> None:
    global _PACK, _PREFIXES, _BOT
    _PACK, _PREFIXES, _BOT = read_legacy_pack(path), prefixes, bot


def _run_one(task: Task) -> ScenarioResult:
    return run_task(_PACK, _PREFIXES, _BOT, task)


def _campaign(job: tuple[str, str, int]) -> tuple[list[CampaignSnapshot], list[CampaignGame]]:
    path, bot, seed = job
    return play_campaign(_pack_of(path), 12, bot, seed)


_LAST_PACK: dict[str, Pack] = {}  # one per process: every campaign job of a run reads one file


def _pack_of(path: str) -> Pack:
    if path not in _LAST_PACK:
        _LAST_PACK.clear()
        _LAST_PACK[path] = read_legacy_pack(path)
    return _LAST_PACK[path]


def _map(func: Callable, items: list, workers: int, init: tuple | None, label: str,
         progress: Progress | None, initializer: Callable | None = None) -> list:
    """Run `func` over `items`, in a pool when `workers` > 1, telling `progress` as they come.

    `initializer(*init)` prepares each process (the balance run's `_init` by default). A
    `progress` that raises (a cancelled run) stops the pool and the run.
    """
    initializer = initializer or _init
    done: list = []

    def tick(result: Any) -> None:
        done.append(result)
        if progress is not None:
            progress(label, len(done), len(items))

    if workers == 1:
        if init:
            initializer(*init)
        for item in items:
            tick(func(item))
        return done
    with Pool(workers, initializer=initializer if init else None, initargs=init or ()) as pool:
        # One game at a time: results come back in order (sums in game order), and a page
        # showing the progress should see it move at least once a second on a busy machine.
        for result in pool.imap(func, items, chunksize=1):
            tick(result)
    return done


# -- the same method on a pack held in memory, one step at a time (the site's balance page) --------

_PACK_OBJ: Pack | None = None  # the pack of a step run in worker processes (set by _init_pack)


def prefix_snapshots(pack: Pack, campaigns: Iterable[int], *, seed: int = 0,
                     bot: str = "heuristic", workers: int = 1,
                     progress: Progress | None = None) -> list[list[CampaignSnapshot]]:
    """Return the typical campaign states of bot campaigns number `campaigns` (`run` step 1).

    Campaign k is the same as in `run` with the same seed (each is seeded on its own), so a run
    split into steps (the site's balance page, one task each) gives `run`'s figures.
    """
    jobs = [(12, bot, game_seed(seed, "campaign", k)) for k in campaigns]
    return _map(_prefix_of_pack, jobs, workers, (pack,), "campaigns", progress, _init_pack)


def measure_scenario(pack: Pack, prefixes: list[list[CampaignSnapshot]], number: int, games: int,
                     *, seed: int = 0, bot: str = "heuristic", workers: int = 1,
                     progress: Progress | None = None) -> dict:
    """Return scenario `number`'s summary entry as `run` gives it (`run` steps 2-4)."""
    todo = tasks([number], games, seed)
    results = _map(_run_one_of_pack, todo, workers, (pack, prefixes, bot), "games", progress,
                   _init_pack)
    return summarize(number, results)


def _init_pack(pack: Pack, prefixes: list | None = None, bot: str = "random") -> None:
    global _PACK_OBJ, _PREFIXES, _BOT
    _PACK_OBJ, _PREFIXES, _BOT = pack, prefixes or [], bot


def _prefix_of_pack(job: tuple[int, str, int]) -> list[CampaignSnapshot]:
    upto, bot, seed = job
    return campaign_prefix(_PACK_OBJ, upto, bot, seed)


def _run_one_of_pack(task: Task) -> ScenarioResult:
    return run_task(_PACK_OBJ, _PREFIXES, _BOT, task)


def snapshot_to_dict(snapshot: CampaignSnapshot) -> dict:
    """Return a snapshot as JSON-safe data (scenario numbers as strings)."""
    return {"sides": list(snapshot.sides), "first_side": snapshot.first_side,
            "upgrades": [dict(u) for u in snapshot.upgrades],
            "choices": {str(n): dict(c) for n, c in snapshot.choices.items()},
            "first_sides": {str(n): s for n, s in snapshot.first_sides.items()}}


def snapshot_from_dict(data: dict) -> CampaignSnapshot:
    """Return the snapshot `snapshot_to_dict` wrote (`ValueError` for anything else)."""
    try:
        return CampaignSnapshot(
            sides=tuple(data["sides"]), first_side=data["first_side"],
            upgrades=[dict(u) for u in data.get("upgrades", [])],
            choices={int(n): dict(c) for n, c in data.get("choices", {}).items()},
            first_sides={int(n): s for n, s in data.get("first_sides", {}).items()})
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(f"not a campaign snapshot: {error!r}") from None


# -- forecasts: one campaign's state, its next scenario ("Who is favoured?") -----------------------
#
# The same games as a balance run's scenario games (`_measure`, `play_bot_game`, `game_seed`), but
# from ONE real campaign state instead of typical ones: the campaign's own upgrades, lasting rules,
# first player and the scenario card of that first player's side. Choices the first player has
# made are played as made; for choices still open every combination of options is played equally
# often (game i takes combination i mod k), so each option gets its own odds ("what if").


@dataclass(frozen=True)
class ForecastTask:
    """One forecast game: its index, the options it plays and its seed."""

    index: int
    options: tuple[tuple[str, str], ...]
    seed: int


def option_combinations(pack: Pack, number: int, side: str,
                        made: dict[str, str]) -> list[dict[str, str]]:
    """Return every combination of the open choices' options on card side `side` (made: kept)."""
    combos: list[dict[str, str]] = [dict(made)]
    for choice in pack.scenarios[number]["sides"][side].get("choices", []):
        if choice["id"] in made:
            continue
        combos = [{**combo, choice["id"]: option["id"]} for combo in combos
                  for option in choice.get("options", [])]
    return combos


def forecast_tasks(pack: Pack, snapshot: CampaignSnapshot, number: int, games: int,
                   seed: int) -> list[ForecastTask]:
    """Return the games of a forecast: the option combinations in turn, each game seeded alone."""
    made = snapshot.choices.get(number, {})
    combos = option_combinations(pack, number, snapshot.first_side, made)
    return [ForecastTask(i, tuple(sorted(combos[i % len(combos)].items())),
                         game_seed(seed, "forecast", number, i)) for i in range(games)]


def play_forecast_game(pack: Pack, snapshot: CampaignSnapshot, number: int, bot: str,
                       task: ForecastTask) -> ScenarioResult:
    """Play one forecast game from the campaign's snapshot with the task's options."""
    options = dict(task.options)
    current = replace(snapshot, choices={**snapshot.choices, number: options})
    setup = scenario_setup(pack, current, number, seed=task.seed)
    return _measure(number, False, current, setup, bot, task.seed, options)


def _side_odds(results: list[ScenarioResult], sides: Iterable[str]) -> dict[str, dict]:
    decided = sum(r.winner is not None for r in results)
    odds = {}
    for side in sides:
        wins = sum(r.winner == side for r in results)
        low, high = wilson(wins, decided)
        odds[side] = {"wins": wins, "rate": _rate(wins, decided), "low": low, "high": high}
    return odds


def summarize_forecast(snapshot: CampaignSnapshot, number: int, results: list[ScenarioResult],
                       open_choices: Iterable[str] = ()) -> dict[str, Any]:
    """Return a forecast's figures: each side's odds, how games ended, the odds per option."""
    sides = list(snapshot.sides)
    ends: dict[str, dict] = {}
    for r in results:
        end = ends.setdefault(r.reason, {"games": 0, "by_side": dict.fromkeys(sides, 0)})
        end["games"] += 1
        if r.winner is not None:
            end["by_side"][r.winner] += 1
    open_set = set(open_choices)
    options: dict[str, list[ScenarioResult]] = {}
    for r in results:
        key = "&".join(f"{c}={o}" for c, o in sorted(r.options.items()) if c in open_set)
        if key:
            options.setdefault(key, []).append(r)
    return {
        "scenario": number, "first_side": snapshot.first_side, "games": len(results),
        "decided": sum(r.winner is not None for r in results),
        "cut": sum(r.winner is None for r in results),
        "odds": _side_odds(results, sides),
        "ends": dict(sorted(ends.items())),
        "mean_turns": _mean([r.turns for r in results]),
        "options": [{"options": dict(sorted(
                        (c, o) for c, o in group_[0].options.items() if c in open_set)),
                     "games": len(group_), "decided": sum(r.winner is not None for r in group_),
                     "odds": _side_odds(group_, sides),
                     "mean_turns": _mean([r.turns for r in group_])}
                    for _key, group_ in sorted(options.items())],
    }


_FORECAST: tuple = ()  # (pack, snapshot, number, bot) in a forecast's worker processes


def _init_forecast(pack: Pack, snapshot: CampaignSnapshot, number: int, bot: str) -> None:
    global _FORECAST
    _FORECAST = (pack, snapshot, number, bot)


def _forecast_one(task: ForecastTask) -> ScenarioResult:
    pack, snapshot, number, bot = _FORECAST
    return play_forecast_game(pack, snapshot, number, bot, task)


def run_forecast(pack: Pack, snapshot: CampaignSnapshot, number: int, games: int, *,
                 seed: int = 0, bot: str = "heuristic", workers: int = 1,
                 progress: Progress | None = None) -> dict[str, Any]:
    """Play scenario `number` `games` times from the campaign's `snapshot`; return the figures.

    The same `snapshot`, `seed` and `bot` give the same figures whatever `workers` is (each game
    has its own seed, results are summed in game order). JSON-safe (NaN and inf are None).
    """
    if number not in pack.scenarios or snapshot.first_side not in pack.scenarios[number]["sides"]:
        scenario_setup(pack, snapshot, number, seed=seed)  # raises SetupError saying why
    made = snapshot.choices.get(number, {})
    open_choices = [c["id"] for c in pack.scenarios[number]["sides"][snapshot.first_side]
                    .get("choices", []) if c["id"] not in made]
    todo = forecast_tasks(pack, snapshot, number, games, seed)
    if todo:  # a snapshot the campaign could not play is refused here, not in a worker
        play_setup = replace(snapshot, choices={**snapshot.choices, number: dict(todo[0].options)})
        scenario_setup(pack, play_setup, number, seed=todo[0].seed)
    results = _map(_forecast_one, todo, workers, (pack, snapshot, number, bot), "games",
                   progress, _init_forecast)
    entry = summarize_forecast(snapshot, number, results, open_choices)
    entry.update(seed=seed, bot=bot)
    return as_json_safe(entry)
