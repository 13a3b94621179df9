"""Settings read from the environment, and refuse unsafe production configurations."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import database_from_url, envbool, envint, envlist

PROJECT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "starledger.example",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run manage.py in a fresh interpreter with exactly these Starledger variables set."""
    ours = {"DEBUG", "SECRET_KEY", "HTTPS", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in ours}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        check=False,
        cwd=PROJECT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_debug_off_without_secret_key_refuses_to_start() -> None:
    result = run_manage("check", env={"DEBUG": "0"})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY must be set" in result.stderr


def test_production_settings_pass_the_deploy_check() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_envbool_accepts_common_spellings_and_rejects_typos(monkeypatch) -> None:
    monkeypatch.setenv("FLAG", "Yes")
    assert envbool("FLAG", False) is True
    monkeypatch.setenv("FLAG", "0")
    assert envbool("FLAG", True) is False
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG"):
        envbool("FLAG", True)
    monkeypatch.delenv("FLAG")
    assert envbool("FLAG", True) is True


def test_envint_and_envlist(monkeypatch) -> None:
    monkeypatch.setenv("PORT_NUMBER", "8080")
    assert envint("PORT_NUMBER", 1) == 8080
    monkeypatch.setenv("PORT_NUMBER", "eighty")
    with pytest.raises(ImproperlyConfigured, match="PORT_NUMBER"):
        envint("PORT_NUMBER", 1)
    monkeypatch.setenv("HOSTS", " a.example, ,b.example ")
    assert envlist("HOSTS", []) == ["a.example", "b.example"]


def test_postgres_url_is_parsed_including_a_socket_directory() -> None:
    db = database_from_url("postgres://sl:p%40ss@/starledger?host=/tmp/pg", Path("/srv"))
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"], db["HOST"]) == (
        "starledger",
        "sl",
        "p@ss",
        "/tmp/pg",
    )
    db = database_from_url("postgresql://u@db.internal:6543/x", Path("/srv"))
    assert (db["HOST"], db["PORT"]) == ("db.internal", "6543")


def test_sqlite_url_is_tuned_for_a_web_server() -> None:
    db = database_from_url("sqlite:///db/site.sqlite3", Path("/srv/app"))
    assert db["NAME"] == "/srv/app/db/site.sqlite3"
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in db["OPTIONS"]["init_command"]
    assert db["OPTIONS"]["timeout"] >= 5
    assert database_from_url("sqlite:////var/x.db", Path("/srv"))["NAME"] == "/var/x.db"


@pytest.mark.parametrize("url", ["mysql://u@h/x", "sqlite://", "postgres://u@h/"])
def test_unsupported_or_incomplete_database_url_is_a_clear_error(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url(url, Path("/srv"))
