"""Texts in a language: the one home for "this pack text in English or Russian" (issue 21).

A pack writes every text a person reads as ``{"en": "...", "ru": "..."}``; model rows keep them as
``<field>_en`` / ``<field>_ru`` pairs. Pages show the active language and fall back to the other
one when a text is missing in it (an owner may type only Russian); the catalogue's rows store each
language as written (`fallback=False`).

>>> pack_text({"en": "Scout", "ru": "Разведчик"}, "ru")
'Разведчик'
>>> pack_text({"en": "Scout"}, "ru"), pack_text({"en": "Scout"}, "ru", fallback=False)
('Scout', '')
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "ru")


def active_language() -> str:
    """Return "ru" when Russian is active, else "en"."""
    # Imported here: reading a text in a given language needs no Django (campaign.content and
    # the printed-text parser import this module and stay free of it).
    from django.utils.translation import get_language

    return "ru" if (get_language() or "en").lower().startswith("ru") else "en"


def pack_text(value: Any, lang: str | None = None, *, fallback: bool = True) -> str:
    """Return one language of a pack text object ("" when absent); `lang` None: the active one.

    With `fallback`, a text missing in that language is given in the other one.
    """
    if not isinstance(value, dict):
        return "" if value is None or not fallback else str(value)
    lang = lang or active_language()
    text = value.get(lang)
    if isinstance(text, str) and text:
        return text
    if not fallback:
        return ""
    other = next((value.get(o) for o in LANGUAGES if o != lang and value.get(o)), "")
    return other if isinstance(other, str) else ""


def either(en: str, ru: str) -> str:
    """Return the Russian text when Russian is active (falling back to English), else English."""
    return pack_text({"en": en, "ru": ru})


class InActiveLanguage:
    """A read-only attribute giving `<field>_ru` when Russian is active, else `<field>_en`.

    Every bilingual model field pair needs the same property; one descriptor says it once.
    """

    def __init__(self, field: str) -> None:
        self.field = field

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self  # looked up on the class (the admin's checks do this)
        return either(getattr(obj, f"{self.field}_en"), getattr(obj, f"{self.field}_ru"))
