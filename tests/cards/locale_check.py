"""Check an app's compiled Russian catalogue against the strings its code and templates use.

Used by the locale tests of the campaign and cards apps. The strings are extracted the way
`makemessages` does (it is run on a throw-away copy of the app, with its templates copied in,
because the project keeps them in templates/<app>/), then looked up in the app's
catalogue, compiled from its django.po: msgfmt leaves out untranslated and fuzzy entries, so a
string missing there is shown in English to a Russian visitor.
"""
from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]


def catalogue_path(app: str, suffix: str = "mo") -> Path:
    return PROJECT / app / "locale" / "ru" / "LC_MESSAGES" / f"django.{suffix}"


def extracted_msgids(app: str, tmp: Path) -> set[str]:
    """Return every msgid of ``app``'s Python files and of templates/<app>/ (and
    templates/jinja2/<app>/), as makemessages sees them."""
    copy = tmp / app
    shutil.copytree(PROJECT / app, copy, ignore=shutil.ignore_patterns("locale", "migrations",
                                                                        "__pycache__"))
    shutil.copytree(PROJECT / "templates" / app, copy / "_templates")
    jinja = PROJECT / "templates" / "jinja2" / app  # read as makemessages reads them (play/jinja.py)
    if jinja.exists():
        shutil.copytree(jinja, copy / "_jinja_templates")
    (copy / "locale").mkdir()
    subprocess.run([sys.executable, str(PROJECT / "manage.py"), "makemessages", "-l", "ru",
                    "--no-location", "--no-wrap"], cwd=copy, check=True, capture_output=True)
    po = (copy / "locale" / "ru" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    return {_unescape(m) for m in re.findall(r'^msgid "(.+)"$', po, re.MULTILINE)}


def _unescape(text: str) -> str:
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape") if "\\" in text \
        else text


def missing_in_compiled(app: str, msgids: set[str], tmp: Path) -> list[str]:
    """Return the msgids with no Russian translation once the app's django.po is compiled.

    The .po is compiled here (msgfmt, as compilemessages does) rather than trusting a django.mo
    left over from an earlier build: the .mo files are build products, not in git.
    """
    compiled = tmp / f"{app}.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(catalogue_path(app, "po"))],
                   check=True, capture_output=True)
    with compiled.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog  # the plain msgid -> msgstr mapping
    translated = {key[0] if isinstance(key, tuple) else key for key, value in catalog.items()
                  if value}
    return sorted(msgid for msgid in msgids if msgid not in translated)


def gettext_tools_missing() -> bool:
    """Return whether xgettext/msgfmt are absent (scripts/test installs them)."""
    return not (shutil.which("xgettext") and shutil.which("msgfmt"))


def fuzzy_entries(app: str) -> list[str]:
    """Return the msgids the app's django.po marks fuzzy (msgfmt would drop them)."""
    po = catalogue_path(app, "po").read_text(encoding="utf-8")
    return re.findall(r'^#, .*fuzzy.*\n(?:#.*\n)*msgid "(.*)"', po, re.MULTILINE)
