"""Errors the engine raises: each says what went wrong in words a player or content author reads."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError, ValueError):
    """An action that is not legal now; the state is left unchanged."""


class PackError(EngineError, ValueError):
    """A content pack that does not follow docs/content-format.md.

    The message names the card, sticker or scenario and the JSON path of the bad field, e.g.
    ``cards[12] "kingdom-lancer": abilities[1].do[0]: unknown effect "tarde"``.
    """


class SetupError(EngineError, ValueError):
    """A game setup that cannot start (unknown card, bad seat count, ...)."""
