"""Figures of whole bot campaigns as played: the snowball, the campaign's winner, the VP margin.

The balance run's bot campaigns (`balance.play_campaign`) play scenarios 1-12 the way a campaign
does (the previous winner plays first, L5). This module sums them up:

- the chance that the winner of scenario N also wins scenario N+1 (pooled over N = 1..11, and
  per N), i.e. how much a win snowballs;
- the campaign winner by the pack's ordered tie-breaks (L22) and which tie-break decided it;
- the final VP margin (the campaign winner's VP minus the loser's) and the Star Empire's VP
  minus the Federation's.

Every rate comes with Wilson's 95% interval, every mean with a normal 95% interval, and the
quantiles with a distribution-free (order-statistic) 95% interval. Standard library only.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MARGIN_BINS",
    "CampaignGame",
    "campaign_table",
    "campaign_winner",
    "summarize_campaigns",
    "wilson",
    "winner_by_tie_breaks",
]

Z95 = 1.96
# Bins of the final VP margin (campaign winner minus loser): (label, lowest, highest).
MARGIN_BINS = (("0", 0, 0), ("1-2", 1, 2), ("3-5", 3, 5), ("6-10", 6, 10), ("11-15", 11, 15),
               ("16+", 16, math.inf))


@dataclass(frozen=True)
class CampaignGame:
    """One scenario of a bot campaign: who played first, who won, how, the VP each side earned."""

    number: int
    first_side: str
    winner: str | None
    reason: str
    vp: dict[str, int]


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a rate (sound near 0% and 100% too)."""
    if not n:
        return float("nan"), float("nan")
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(hits: int, n: int) -> dict[str, Any]:
    """Return a rate with its count and 95% interval."""
    low, high = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": hits / n if n else float("nan"), "low": low,
            "high": high}


def campaign_winner(games: Sequence[CampaignGame], order: Sequence[str],
                    sides: Sequence[str]) -> tuple[str, str]:
    """Return (winner, the tie-break that decided it, or "tie") by the pack's order (L22).

    The VP, the scenarios won and the winner of scenario 12, compared as the tracker compares
    them (`winner_by_tie_breaks`).
    """
    last = next((g.winner for g in games if g.number == 12), None)
    values = {side: {"vp": sum(g.vp.get(side, 0) for g in games),
                     "scenario_wins": sum(g.winner == side for g in games),
                     "winner_of_12": int(last == side)} for side in sides}
    return winner_by_tie_breaks(values, order)


def winner_by_tie_breaks(values: dict[str, dict[str, int]],
                         order: Sequence[str]) -> tuple[str, str]:
    """Return (winner, the tie-break that decided it, or "tie") of a campaign (L22).

    `values` holds each side's figures by key ("vp", "scenario_wins", "winner_of_12"); the
    pack's `order` compares them one after another; a full tie goes to the first side in
    sorted order. The one home of the rule: the tracker (`campaign.state`) and the bot
    campaigns here both call it.
    """
    sides = sorted(values)
    keys = {side: tuple(values[side].get(k, 0) for k in order) for side in sides}
    winner = max(sides, key=lambda side: keys[side])
    decided_by = next((k for k in order if len({values[s].get(k, 0) for s in sides}) > 1), "tie")
    return winner, decided_by


def _mean_ci(values: list[float]) -> dict[str, float]:
    n = len(values)
    if not n:
        return {"mean": float("nan"), "low": float("nan"), "high": float("nan")}
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half}


def _quantile(values: list[float], q: float) -> dict[str, float]:
    """Return the q-quantile and its distribution-free 95% interval (ranks n·q ± 1.96·√(n·q·(1−q)))."""
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return {"value": float("nan"), "low": float("nan"), "high": float("nan")}
    spread = Z95 * math.sqrt(n * q * (1 - q))
    at = min(n - 1, max(0, math.ceil(n * q) - 1))
    lo = min(n - 1, max(0, math.floor(n * q - spread) - 1))
    hi = min(n - 1, max(0, math.ceil(n * q + spread) - 1))
    return {"value": ordered[at], "low": ordered[lo], "high": ordered[hi]}


def _distribution(values: list[float]) -> dict[str, Any]:
    return {**_mean_ci(values), "quartiles": {str(q): _quantile(values, q)
                                              for q in (0.25, 0.5, 0.75)},
            "p90": _quantile(values, 0.9)["value"], "max": max(values, default=float("nan"))}


def summarize_campaigns(campaigns: list[list[CampaignGame]], order: Sequence[str],
                        sides: Sequence[str]) -> dict[str, Any]:
    """Return the whole-campaign figures of `campaigns` (each a list of its scenario games)."""
    results = [campaign_winner(games, order, sides) for games in campaigns]
    winners = [w for w, _ in results]
    decided_by: dict[str, int] = {}
    for _, key in results:
        decided_by[key] = decided_by.get(key, 0) + 1
    repeat_hits = repeat_n = 0
    per_scenario = {}
    for number in range(1, 12):
        pairs = [(a.winner, b.winner) for games in campaigns
                 for a, b in itertools.pairwise(games)
                 if a.number == number and b.number == number + 1 and a.winner and b.winner]
        hits = sum(a == b for a, b in pairs)
        per_scenario[str(number + 1)] = rate(hits, len(pairs))
        repeat_hits, repeat_n = repeat_hits + hits, repeat_n + len(pairs)
    margins, empire_minus = [], []
    for games, winner in zip(campaigns, winners):
        vp = {side: sum(g.vp.get(side, 0) for g in games) for side in sides}
        loser = next(s for s in sides if s != winner)
        margins.append(vp[winner] - vp[loser])
        empire_minus.append(vp[sides[0]] - vp[sides[1]])
    n = len(campaigns)
    bins = {label: rate(sum(lo <= m <= hi for m in margins), n) for label, lo, hi in MARGIN_BINS}
    return {
        "campaigns": n,
        "cut_games": sum(g.winner is None for games in campaigns for g in games),
        "winner": {side: rate(winners.count(side), n) for side in sides},
        "decided_by": dict(sorted(decided_by.items())),
        "repeat_win": rate(repeat_hits, repeat_n),
        "repeat_win_by_scenario": per_scenario,
        "vp_margin": {**_distribution(margins), "bins": bins},
        "vp_empire_minus_federation": _mean_ci(empire_minus),
    }


def _pct(r: dict) -> str:
    if not r["n"]:
        return "–"
    return f"{100 * r['rate']:.1f} ({100 * r['low']:.1f}-{100 * r['high']:.1f})"


def campaign_table(figures: dict[str, Any]) -> str:
    """Return the whole-campaign figures as Markdown (what the command prints)."""
    margin, diff = figures["vp_margin"], figures["vp_empire_minus_federation"]
    median = margin["quartiles"]["0.5"]
    lines = [
        (f"{figures['campaigns']} bot campaigns of 12 scenarios "
        f"({figures['cut_games']} games cut without a winner):"),
        "",
        "| figure | value (95% interval) |",
        "|---|---|",
    ]
    for side, r in figures["winner"].items():
        lines.append(f"| campaign won by {side} % | {_pct(r)} |")
    lines.append("| decided by | " + ", ".join(f"{k} {v}" for k, v in
                                              figures["decided_by"].items()) + " |")
    lines.append(f"| winner of N wins N+1 % (N = 1-11 pooled) | {_pct(figures['repeat_win'])} |")
    for number, r in figures["repeat_win_by_scenario"].items():
        lines.append(f"| … wins scenario {number} after winning {int(number) - 1} % | {_pct(r)} |")
    lines.append(f"| final VP margin, mean | {margin['mean']:.2f} "
                 f"({margin['low']:.2f}-{margin['high']:.2f}) |")
    lines.append(f"| final VP margin, median | {median['value']:g} "
                 f"({median['low']:g}-{median['high']:g}) |")
    quart = margin["quartiles"]
    lines.append(f"| final VP margin, quartiles / 90th pct / max | {quart['0.25']['value']:g}, "
                 f"{quart['0.75']['value']:g} / {margin['p90']:g} / {margin['max']:g} |")
    for label, r in margin["bins"].items():
        lines.append(f"| margin {label} VP % | {_pct(r)} |")
    lines.append(f"| Star Empire VP − Federation VP, mean | {diff['mean']:+.2f} "
                 f"({diff['low']:+.2f} to {diff['high']:+.2f}) |")
    return "\n".join(lines)
