"""Read typed settings from the environment.

Kept apart from settings.py so the parsing can be unit-tested without loading Django.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envbool(name: str, default: bool) -> bool:
    """Return the environment variable `name` as a bool; refuse values that are neither."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no).")


def envint(name: str, default: int) -> int:
    """Return the environment variable `name` as an int; a typo is an error, not a silent default."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def envlist(name: str, default: list[str]) -> list[str]:
    """Return a comma-separated environment variable as a list of non-empty items."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def sqlite_database(path: Path | str) -> dict:
    """Return a SQLite configuration fit for a web server with several workers.

    WAL lets readers proceed while one writer writes; IMMEDIATE transactions take the write
    lock up front so two writers queue on the busy timeout instead of failing with
    "database is locked" half-way through a transaction.
    """
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL;"
                "PRAGMA synchronous=NORMAL;"
                "PRAGMA busy_timeout=20000;"
                "PRAGMA foreign_keys=ON;"
            ),
        },
    }


def database_from_url(url: str, base_dir: Path) -> dict:
    """Turn a DATABASE_URL (sqlite:///path or postgres://user:pass@host:port/name) into settings.

    dj-database-url reads the URL; on top of it, a relative SQLite path is taken from the
    project directory and gets the web-server tuning of `sqlite_database`, and a PostgreSQL
    `host` query parameter (e.g. ?host=/tmp/pgsock) names a unix socket directory.
    """
    scheme = url.split(":", 1)[0].lower()
    if scheme not in SUPPORTED_SCHEMES:
        raise ImproperlyConfigured(f"DATABASE_URL scheme {scheme!r} is not supported "
                                   "(use sqlite:/// or postgres://).")
    try:
        parsed = dj_database_url.parse(url)
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL {url!r} cannot be read: {error}") from None
    if not parsed.get("NAME") or parsed["NAME"] == ":memory:":
        raise ImproperlyConfigured(f"DATABASE_URL {url!r} names no database.")
    if parsed["ENGINE"].endswith("sqlite3"):
        path = Path(parsed["NAME"])
        return sqlite_database(path if path.is_absolute() else base_dir / path)
    options = dict(parsed.get("OPTIONS") or {})
    return {
        "ENGINE": parsed["ENGINE"], "NAME": parsed["NAME"], "USER": parsed["USER"],
        "PASSWORD": parsed["PASSWORD"], "HOST": options.pop("host", None) or parsed["HOST"],
        "PORT": str(parsed["PORT"] or ""),
        # Django's docs advise against persistent connections under ASGI; keep the default 0.
        "OPTIONS": options,
    }


SUPPORTED_SCHEMES = ("sqlite", "postgres", "postgresql", "pgsql")
