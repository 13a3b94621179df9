"""Template helpers for campaign pages."""
from __future__ import annotations

from typing import Any

from django import template

from campaign.content import text
from campaign.presenters import lang

register = template.Library()


@register.filter
def tr(value: Any) -> str:
    """Return a pack text object ({"en": ..., "ru": ...}) in the active language."""
    return text(value, lang())
