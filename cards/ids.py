"""Readable ids for what an owner types: a Cyrillic name gets a transliterated id, not "card"."""
from __future__ import annotations

from collections.abc import Iterable

from django.utils.text import slugify

# Russian letters in Latin (the common passport style): "Копейщик" -> "kopeishchik".
CYRILLIC = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ",
    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r",
     "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "iu", "ia", "i", "i",
     "e", "g"], strict=True))
MAX_STEM = 90  # ids are at most 100 characters; room for "-NN"


def transliterate(text: str) -> str:
    """Return `text` with Cyrillic letters written in Latin ones."""
    out = []
    for char in text:
        latin = CYRILLIC.get(char.lower())
        if latin is None:
            out.append(char)
        else:
            out.append(latin.capitalize() if char.isupper() and latin else latin)
    return "".join(out)


def id_stem(*names: str, fallback: str) -> str:
    """Return a slug made from the first name that gives one (transliterated), else `fallback`."""
    for name in names:
        stem = slugify(transliterate(name or ""))
        if stem:
            return stem[:MAX_STEM].strip("-")
    return fallback


def free_id(taken: Iterable[str], *names: str, fallback: str) -> str:
    """Return an id made from `names` that is not in `taken` ("kopeishchik", "kopeishchik-2")."""
    taken = set(taken)
    stem = id_stem(*names, fallback=fallback)
    return next(s for s in (stem if n == 1 else f"{stem}-{n}" for n in range(1, len(taken) + 2))
                if s not in taken)
