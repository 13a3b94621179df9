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
