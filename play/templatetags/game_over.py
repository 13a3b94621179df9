"""The match board's links around the game: replay, spectators, rematch, the next scenario."""

from __future__ import annotations

from typing import Any

from django import template

from play.rematch import game_over_panel

register = template.Library()


@register.simple_tag
def game_over_actions(match: Any, user: Any) -> dict[str, Any]:
    """Return `play.rematch.game_over_panel` for the board's partial (htmx swaps included)."""
    return game_over_panel(match, user)


@register.simple_tag
def campaign_watch(campaign: Any, user: Any) -> Any:
    """Return the campaign's running match `user` may watch (a member without a seat), or None."""
    from play.replays import may_spectate
    from play.services import active_campaign_match

    match = active_campaign_match(campaign)
    return match if match is not None and may_spectate(match, user) else None
