"""Template helpers for campaign pages."""
from __future__ import annotations

from typing import Any

from django import template

from cards.language import pack_text

register = template.Library()


@register.filter
def tr(value: Any) -> str:
    """Return a pack text object ({"en": ..., "ru": ...}) in the active language."""
    return pack_text(value)
