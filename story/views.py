"""The chronicle pages: a campaign's timeline and plots, one copy's life (members only).

Forecasts are in story/forecast_views.py, the book in story/book_views.py, a set's balance in
story/balance_views.py.
"""
from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string

from campaign.models import Campaign
from cards.language import active_language
from common.caching import BoundedCache
from story import chronicle

PLOTS = ("vp", "upgrades", "deck", "most")
BODIES: BoundedCache[tuple, str] = BoundedCache(256)  # rendered chronicle bodies, by version


def member_campaign(request: HttpRequest, pk: int) -> Campaign:
    """Return a campaign the visitor sits in or created (not deleted); 404 for anyone else."""
    queryset = Campaign.objects.visible_to(request.user).active().select_related("pack")
    return get_object_or_404(queryset, pk=pk)


def plot_views(campaign: Campaign, data: dict[str, Any], point: str | None) -> list[dict]:
    """Return each plot for a page: id, title, inline SVG and its data table."""
    from story import plots  # on first use (matplotlib: 0.7 s a process start): story/plots.py

    words = chronicle.plot_words(campaign.content, data)
    titles = chronicle.plot_titles()
    key = chronicle.plot_key(campaign)
    shown = []
    for name in PLOTS:
        if name == "deck":
            if not data["deck"]:
                continue
            figure_data = data["deck"][point]
            svg = plots.svg((*key, point), name, figure_data, words)
            title = f"{titles[name]} · {chronicle.point_name(point)}"
        elif name == "most" and not data["most"]["cards"]:
            continue
        else:
            svg = plots.svg(key, name, data[name], words)
            title = titles[name]
        shown.append({"id": name, "title": title, "svg": svg,
                      "table": chronicle.plot_table(name, data, words, point)})
    return shown


@login_required
def chronicle_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the campaign's story: its scenarios one by one, then its plots.

    The page's body is the same for every member at one version of the campaign: it is kept,
    rendered, by (campaign, version, pack, language, deck point), so a warm page renders only
    the site's frame around it.
    """
    campaign = member_campaign(request, pk)
    if request.htmx and request.GET.get("after"):
        context = chronicle_context(campaign, request.GET.get("after", ""))
        deck = next((p for p in context["plots"] if p["id"] == "deck"), None)
        if deck is None:
            raise Http404("no deck plot yet")
        return render(request, "story/_plot.html", {**context, "plot": deck})
    asked = request.GET.get("after", "")
    seats = tuple(campaign.seats.order_by("index").values_list("name", flat=True))
    key = (*chronicle.plot_key(campaign), seats, asked)  # a seat's name changes on a join
    body = BODIES.get_or_make(key, lambda: render_to_string(
        "story/_chronicle_body.html", chronicle_context(campaign, asked)))
    return render(request, "story/chronicle.html", {"campaign": campaign, "body": body})


def chronicle_context(campaign: Campaign, asked: str) -> dict[str, Any]:
    """Return everything the chronicle's body shows (the deck plot at point `asked`)."""
    content, state = campaign.content, campaign.current_state
    data = chronicle.plot_data(content, state)
    points = list(data["deck"])
    point = asked if asked in points else (points[-1] if points else None)
    players = chronicle.player_names(campaign, state)
    sides = [{"id": side, "name": chronicle.column_names(content)[side],
              "player": players.get(side, ""), "vp": state.vp_points(content, side),
              "wins": state.scenario_wins(side), "upgrades": len(state.upgrades_of(side))}
             for side in sorted(state.sides)]
    context = {
        "campaign": campaign, "state": state, "sides": sides,
        "stories": chronicle.timeline(campaign), "plots": plot_views(campaign, data, point),
        "points": [(p, chronicle.point_name(p)) for p in data["deck"]], "point": point,
        "winner": chronicle.column_names(content).get(state.campaign_winner or "", ""),
        "lang": active_language(),
    }
    return context


@login_required
def copy_page(request: HttpRequest, pk: int, card: str, number: int) -> HttpResponse:
    """Show the life of one copy of the campaign's trade deck: its sticker, by whom, when."""
    campaign = member_campaign(request, pk)
    life = chronicle.copy_life(campaign, f"{card}#{number}")
    if life is None:
        raise Http404("no such copy in this campaign's trade deck")
    return render(request, "story/copy.html", {"campaign": campaign, "life": life})

