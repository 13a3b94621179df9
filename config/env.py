"""Read typed settings from the environment.

Kept apart from settings.py so the parsing can be unit-tested without loading Django.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

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

    A relative sqlite path is taken from the project directory. For PostgreSQL, a `host`
    query parameter (e.g. ?host=/tmp/pgsock) selects a unix socket directory.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        raw_path = unquote(parts.path.removeprefix("/")) if parts.netloc == "" else ""
        if not raw_path:
            raise ImproperlyConfigured(f"DATABASE_URL {url!r} names no SQLite file.")
        path = Path(raw_path) if raw_path.startswith("/") else base_dir / raw_path
        return sqlite_database(path)
    if scheme in {"postgres", "postgresql", "pgsql"}:
        return _postgres_database(parts)
    raise ImproperlyConfigured(
        f"DATABASE_URL scheme {scheme!r} is not supported (use sqlite:/// or postgres://)."
    )


def _postgres_database(parts) -> dict:
    """Return PostgreSQL settings from an already split URL."""
    name = unquote(parts.path.removeprefix("/"))
    if not name:
        raise ImproperlyConfigured("DATABASE_URL for PostgreSQL names no database.")
    query = dict(parse_qsl(parts.query))
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": query.pop("host", None) or parts.hostname or "",
        "PORT": str(parts.port or ""),
        # Django's docs advise against persistent connections under ASGI; keep the default 0.
        "OPTIONS": query,
    }
