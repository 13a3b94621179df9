"""A campaign's story as data: the timeline of its scenarios and the numbers behind its plots.

Everything here starts from the campaign's derived state (`Campaign.current_state`), which holds
only what was OPENED: scenarios whose envelope was opened, sheets opened, upgrades made with them,
VP cards earned. So nothing of a sealed envelope can reach the chronicle page, its plots or the
book, which all read this module (L4). The events give only who recorded a change and when.

The plot data are plain dicts of numbers, computed once here and drawn by story/plots.py for the
page (SVG) and the book (PNG), and listed as tables under each plot: one source, the same numbers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.urls import reverse
from django.utils.translation import gettext as _

from campaign import names, presenters
from campaign.content import PackContent
from campaign.state import (
    AFTER_CAMPAIGN_UPGRADE,
    GAME_RECORDED,
    SCENARIO_OPENED,
    UNDO,
    CampaignState,
)
from cards.language import active_language, pack_text
from cards.text import faction_names
from play.models import Match

if TYPE_CHECKING:
    from campaign.models import Campaign, CampaignEvent

AFTER = "after"  # the column of upgrades made after the campaign (L25), after scenario 12


@dataclass
class Upgrade:
    """One upgrade as the chronicle tells it: which copy, which sticker, by whom, when."""

    copy: str
    card_id: str
    label: str
    sticker: str
    sticker_text: str
    side: str
    side_name: str
    player: str
    scenario: int | None
    recorded_by: str = ""
    recorded_at: datetime | None = None

    @property
    def number(self) -> int:
        """Return the copy's number ("kingdom-lancer#2" is copy 2)."""
        return int(self.copy.rsplit("#", 1)[1])


@dataclass
class ScenarioStory:
    """One opened scenario: its result (once played), choices, upgrades and VP cards."""

    number: int
    title: str
    first_side_name: str
    card_side_name: str
    choices: list[dict]
    winner: str | None = None
    winner_name: str = ""
    how: str = ""
    how_label: str = ""
    turns: int | None = None
    replay_url: str = ""
    upgrades: list[Upgrade] = field(default_factory=list)
    vp_cards: list[dict] = field(default_factory=list)
    recorded_by: str = ""
    recorded_at: datetime | None = None

    @property
    def played(self) -> bool:
        """Return whether the scenario's game is recorded."""
        return self.winner is not None


# -- the event log: which change is still in force, who made it and when ------------------------


def effective_events(events: list[CampaignEvent]) -> list[CampaignEvent]:
    """Return the events still in force, in order: undo pops the last one (campaign/state.py)."""
    stack: list[CampaignEvent] = []
    for event in events:
        if event.kind == UNDO:
            if stack:
                stack.pop()
        else:
            stack.append(event)
    return stack


def recording_events(events: list[CampaignEvent]) -> dict[Any, CampaignEvent]:
    """Return the effective event that recorded each scenario's game (by number) and each
    after-campaign upgrade (by copy id)."""
    found: dict[Any, CampaignEvent] = {}
    number = 0
    for event in effective_events(events):
        if event.kind == SCENARIO_OPENED:
            number = event.payload.get("number", number)
        elif event.kind == GAME_RECORDED:
            found[number] = event
        elif event.kind == AFTER_CAMPAIGN_UPGRADE:
            found[event.payload.get("copy")] = event
    return found


# -- the timeline -------------------------------------------------------------------------------


def player_names(campaign: Campaign, state: CampaignState) -> dict[str, str]:
    """Return each side's player name ("" before sides are chosen)."""
    seats = {seat.index: seat.name for seat in campaign.seats.all()}
    return {side: seats.get(index, "") for side, index in state.sides.items()}


def upgrade_of(content: PackContent, copy_id: str, upgrade: dict, players: dict[str, str],
               event: CampaignEvent | None) -> Upgrade:
    """Return one upgrade with its names, the player of its side and its recording event."""
    return Upgrade(
        copy=copy_id, card_id=copy_id.rsplit("#", 1)[0],
        label=presenters.copy_label(content, copy_id), sticker=upgrade["sticker"],
        sticker_text=names.sticker_text(content, content.sticker(upgrade["sticker"])[2]),
        side=upgrade["side"], side_name=presenters.side_name(content, upgrade["side"]),
        player=players.get(upgrade["side"], ""), scenario=upgrade.get("scenario"),
        recorded_by=event.actor_name if event else "",
        recorded_at=event.created_at if event else None)


def timeline(campaign: Campaign, events: list[CampaignEvent] | None = None) -> list[ScenarioStory]:
    """Return every OPENED scenario, in order, with what happened in it."""
    content, state = campaign.content, campaign.current_state
    events = list(campaign.events.order_by("seq")) if events is None else events
    recorded = recording_events(events)
    players = player_names(campaign, state)
    games = online_games(campaign, recorded)
    stories = []
    for number in sorted(int(n) for n in state.scenarios):
        stories.append(_scenario_story(content, state, number, players, recorded.get(number),
                                       games.get(number)))
    return stories


def _scenario_story(content: PackContent, state: CampaignState, number: int,
                    players: dict[str, str], event: CampaignEvent | None,
                    match: Match | None) -> ScenarioStory:
    shown = presenters.envelope(content, state, number)
    result = shown["result"] or {}
    story = ScenarioStory(number=number, title=shown["title"],
                          first_side_name=shown["first_player"],
                          card_side_name=shown["card_side"], choices=shown["choices"])
    if result:
        story.winner = result["winner"]
        story.winner_name = presenters.side_name(content, result["winner"])
        story.how, story.how_label = result["how"], presenters.how_label(result["how"])
        story.vp_cards = [_vp_card(content, item) for item in result.get("vp_cards", [])]
        story.recorded_by = event.actor_name if event else ""
        story.recorded_at = event.created_at if event else None
    story.upgrades = [upgrade_of(content, copy_id, u, players, event)
                      for copy_id, u in state.upgrades.items() if u.get("scenario") == number]
    if match is not None:
        story.turns = (match.result or {}).get("turns")
        story.replay_url = reverse("play:replay", args=[match.pk])
    return story


def _vp_card(content: PackContent, item: dict) -> dict:
    card = content.vp_cards.get(item["card"], {})
    return {"name": names.vp_card_name(content, item["card"]), "points": card.get("points", 0),
            "side": item["side"], "side_name": presenters.side_name(content, item["side"])}


def online_games(campaign: Campaign, recorded: dict[Any, CampaignEvent]) -> dict[int, Match]:
    """Return the online game whose result each scenario holds (its replay and turn count).

    A match records itself at the campaign version it was set up at, so the recording event is
    the one right after it; a result recorded later with "record it now" is matched by scenario,
    winner and time instead.
    """
    matches = (Match.objects.filter(campaign=campaign, recorded=True, scenario__isnull=False)
               .only("pk", "scenario", "campaign_version", "result", "finished")
               .order_by("-finished"))
    found: dict[int, Match] = {}
    by_scenario: dict[int, list[Match]] = {}
    for match in matches:
        by_scenario.setdefault(match.scenario, []).append(match)
    for number, candidates in by_scenario.items():
        event = recorded.get(number)
        if event is None:
            continue
        exact = [m for m in candidates if m.campaign_version is not None
                 and m.campaign_version + 1 == event.seq]
        later = [m for m in candidates if m.finished and m.finished <= event.created_at]
        if exact or later:
            found[number] = (exact or later)[0]
    return found


def plot_key(campaign: Campaign) -> tuple:
    """Return what a drawn figure depends on: the campaign's version, its pack, the language.

    The creation time is there because SQLite may give a new campaign the id of a deleted one.
    """
    return (campaign.pk, campaign.created, campaign.version, campaign.pack.checksum,
            active_language())


# -- the plots' numbers -------------------------------------------------------------------------


def steps(state: CampaignState) -> list[int]:
    """Return the numbers of the scenarios played so far, in order."""
    return sorted(int(n) for n in state.scenarios if state.scenario_finished(int(n)))


def vp_race(content: PackContent, state: CampaignState) -> dict[str, Any]:
    """Return each side's VP after each scenario played (0 before the first)."""
    played = steps(state)
    points = {side: [0] for side in sorted(state.sides)}
    for number in played:
        earned = state.scenarios[str(number)]["result"].get("vp_cards", [])
        for side, line in points.items():
            gained = sum(int(content.vp_cards.get(v["card"], {}).get("points", 0))
                         for v in earned if v["side"] == side)
            line.append(line[-1] + gained)
    return {"labels": ["0", *map(str, played)], "sides": points}


def upgrade_race(state: CampaignState) -> dict[str, Any]:
    """Return each side's number of upgrades after each scenario (and after the campaign)."""
    played = steps(state)
    columns: list[Any] = [*played]
    if any(u.get("scenario") is None for u in state.upgrades.values()):
        columns.append(None)
    lines = {side: [0] for side in sorted(state.sides)}
    for column in columns:
        for side, line in lines.items():
            made = sum(1 for u in state.upgrades.values()
                       if u["side"] == side and u.get("scenario") == column)
            line.append(line[-1] + made)
    return {"labels": ["0", *[str(c) if c is not None else AFTER for c in columns]], "sides": lines}


def deck_points(state: CampaignState) -> list[str]:
    """Return the points a deck plot may show: after each scenario played, then "after"."""
    points = [str(n) for n in steps(state)]
    if state.phase in ("after_campaign", "finished") and (
            state.post_campaign_added or any(u.get("scenario") is None
                                             for u in state.upgrades.values())):
        points.append(AFTER)
    return points


def deck_after(content: PackContent, state: CampaignState, point: str) -> dict[str, Any]:
    """Return the trade deck after scenario `point` (or AFTER the campaign) by cost and faction.

    Each cost and each printed faction counts its copies as not upgraded, or upgraded by each
    side (L16: an upgraded copy belongs to its upgrader's side too).
    """
    after = point == AFTER
    limit = 10 ** 6 if after else int(point)
    sides = sorted(state.sides)
    copies = content.trade_copies + (content.post_campaign_copies
                                     if after and state.post_campaign_added else [])
    costs: dict[int, Counter] = {}
    factions: dict[str, Counter] = {}
    for copy_id in copies:
        card = content.card_of_copy(copy_id)
        upgrade = state.upgrades.get(copy_id)
        counted = upgrade and (after or (upgrade.get("scenario") or limit + 1) <= limit)
        column = upgrade["side"] if counted else "plain"
        costs.setdefault(int(card.get("cost") or 0), Counter())[column] += 1
        for faction in card.get("factions", []) or ["unaligned"]:
            factions.setdefault(faction, Counter())[column] += 1
    columns = ["plain", *sides]
    return {
        "point": point, "columns": columns,
        "costs": {str(c): [costs[c][k] for k in columns] for c in sorted(costs)},
        "factions": {f: [factions[f][k] for k in columns] for f in sorted(factions)},
    }


def most_upgraded(content: PackContent, state: CampaignState, limit: int = 10) -> dict[str, Any]:
    """Return the cards with the most upgraded copies, with how many each side upgraded."""
    sides = sorted(state.sides)
    counts: dict[str, Counter] = {}
    for copy_id, upgrade in state.upgrades.items():
        counts.setdefault(copy_id.rsplit("#", 1)[0], Counter())[upgrade["side"]] += 1
    ranked = sorted(counts.items(), key=lambda item: (-sum(item[1].values()),
                                                      names.card_name(content, item[0])))[:limit]
    return {"columns": sides,
            "cards": [[card_id, [count[s] for s in sides]] for card_id, count in ranked]}


def plot_data(content: PackContent, state: CampaignState) -> dict[str, Any]:
    """Return the numbers of every plot of the chronicle and the book (ids, no words)."""
    points = deck_points(state)
    return {
        "vp": vp_race(content, state),
        "upgrades": upgrade_race(state),
        "deck": {p: deck_after(content, state, p) for p in points},
        "most": most_upgraded(content, state),
    }


# -- words for the plots (the active language) ---------------------------------------------------


def column_names(content: PackContent) -> dict[str, str]:
    """Return the words of the deck plots' columns and factions: "not upgraded", side names."""
    words = {"plain": _("not upgraded"), "unaligned": _("no faction")}
    words.update(faction_names(content.data, active_language()))
    for side in content.side_ids:
        words[side] = presenters.side_name(content, side)
    return words


def point_name(point: str) -> str:
    """Return "after scenario 3" / "after the campaign" for a deck plot's point."""
    if point == AFTER:
        return _("after the campaign")
    return _("after scenario %(n)s") % {"n": point}


def step_name(label: str) -> str:
    """Return a VP or upgrade line's x label: "start", "3", "after"."""
    return {"0": _("start"), AFTER: _("after")}.get(label, label)


# -- the life of one card copy ---------------------------------------------------------------------


def copy_life(campaign: Campaign, copy_id: str) -> dict[str, Any] | None:
    """Return one copy's story: its card, its sticker, who applied it and when; None if unknown."""
    content, state = campaign.content, campaign.current_state
    if copy_id not in state.trade_deck(content):
        return None
    card = content.card_of_copy(copy_id)
    upgrade = state.upgrades.get(copy_id)
    life: dict[str, Any] = {"copy": copy_id, "card_id": card["id"],
                            "label": presenters.copy_label(content, copy_id),
                            "name": pack_text(card.get("name")), "cost": card.get("cost"),
                            "type": card.get("type"), "upgrade": None}
    if upgrade:
        events = list(campaign.events.order_by("seq"))
        recorded = recording_events(events)
        key = upgrade.get("scenario") if upgrade.get("scenario") is not None else copy_id
        life["upgrade"] = upgrade_of(content, copy_id, upgrade,
                                     player_names(campaign, state), recorded.get(key))
        life["sheet"] = names.sheet_name(content, upgrade["sticker"].split(":", 1)[0])
    return life


# -- the plots as the pages and the book show them: a title, the figure, its data as a table -------


@dataclass
class PlotTable:
    """A plot's text alternative: every number it draws, as a table."""

    head: list[str]
    rows: list[list[Any]]


def plot_words(content: PackContent, data: dict[str, Any]) -> dict[str, str]:
    """Return every word the figures draw, in the active language."""
    words = column_names(content)
    words.update({f"card:{card_id}": names.card_name(content, card_id)
                  for card_id, _counts in data["most"]["cards"]})
    words.update({f"step:{label}": step_name(label)
                  for label in {*data["vp"]["labels"], *data["upgrades"]["labels"]}})
    words.update(vp_axis=_("VP"), upgrades_axis=_("Upgrades so far"),
                 scenario_axis=_("After scenario"), cost_axis=_("Printed cost"),
                 copies_axis=_("Copies"))
    return words


def plot_titles() -> dict[str, str]:
    """Return each plot's title."""
    return {"vp": _("The VP race"), "upgrades": _("Upgrades by each side"),
            "deck": _("The trade deck: cost curve and faction mix"),
            "most": _("The most upgraded cards")}


def plot_table(name: str, data: dict[str, Any], words: dict[str, str],
               point: str | None = None) -> PlotTable:
    """Return the numbers of plot `name` as a table (the deck plot: at `point`)."""
    if name in ("vp", "upgrades"):
        race = data[name]
        head = [words["scenario_axis"], *[words.get(s, s) for s in race["sides"]]]
        rows = [[words.get(f"step:{label}", label), *[line[k] for line in race["sides"].values()]]
                for k, label in enumerate(race["labels"])]
        return PlotTable(head, rows)
    if name == "most":
        most = data["most"]
        return PlotTable([_("Card"), *[words.get(c, c) for c in most["columns"]], _("Total")],
                         [[words[f"card:{card_id}"], *counts, sum(counts)]
                          for card_id, counts in most["cards"]])
    deck = data["deck"][point]
    head = [_("Cost or faction"), *[words.get(c, c) for c in deck["columns"]]]
    rows = [[_("cost %(n)s") % {"n": cost}, *values] for cost, values in deck["costs"].items()]
    rows += [[words.get(f, f), *values] for f, values in deck["factions"].items()]
    return PlotTable(head, rows)
