"""`manage.py parse_card_text`: one JSON line of abilities; exit 1 naming what was not read."""
from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from unittest import mock

import pytest
from django.core.management import CommandError, ManagementUtility, call_command

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run `manage.py parse_card_text ARGS` in a process of its own: the real exit code."""
    return subprocess.run([sys.executable, "manage.py", "parse_card_text", *args], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=120, check=False)


def run_here(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the same command line in this process, as manage.py does: exit code, stdout, stderr.

    One test starts the real process; the others run here (a process of its own imports
    Django again: seconds of every test run each)."""
    out, err = StringIO(), StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch.object(sys, "stdin", StringIO(stdin)):
        try:
            ManagementUtility(["manage.py", "parse_card_text", *args]).execute()
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


def test_understood_text_prints_one_json_line_and_exits_0():
    done = run_here("--lang", "en", "--factions", "blob",
               "+4 Combat. You may scrap a card in the trade row. Blob Ally: +2 Combat")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    assert json.loads(done.stdout) == [
        {"when": "primary", "do": [{"combat": 4},
                                   {"scrap": {"from": "trade_row", "min": 0, "max": 1}}]},
        {"when": "ally", "faction": "blob", "do": [{"combat": 2}]}]


def test_a_part_not_understood_goes_to_stderr_and_exits_1():
    done = run("--lang", "ru", "--factions", "Слизни",
               "+3 боя. Призовите дракона. Союз: возьмите карту")
    assert done.returncode == 1
    assert 'not understood: "Призовите дракона" (characters 9-25)' in done.stderr
    assert json.loads(done.stdout) == [{"when": "primary", "do": [{"combat": 3}]},
                                       {"when": "ally", "faction": "blob", "do": [{"draw": 1}]}]


def test_an_unknown_faction_name_is_a_usage_error():
    done = run_here("--lang", "en", "--factions", "Zorg", "+2 trade")
    assert done.returncode == 2
    assert "unknown faction 'Zorg'" in done.stderr


def test_text_from_standard_input():
    done = run_here("--lang", "en", "--factions", "machine", "-", stdin="+2 Trade\nAlly: draw a card\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[1] == {"when": "ally", "faction": "machine", "do": [{"draw": 1}]}


@pytest.mark.parametrize(("factions", "expected"), [
    ("empire", "empire"), ("Star Empire", "empire"), ("Звёздная империя", "empire"),
    ("machine", "machine"), ("Технокульт", "machine")])
def test_c14_factions_by_id_or_by_name(factions, expected):
    out = StringIO()
    call_command("parse_card_text", "Ally: +2 combat", lang="en", factions=factions, stdout=out)
    assert json.loads(out.getvalue())[0]["faction"] == expected


def test_c14_ally_without_a_faction_needs_the_cards_one_faction():
    err = StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("parse_card_text", "Ally: +2 combat", lang="en", factions="kingdom,empire",
                     stdout=StringIO(), stderr=err)
    assert refused.value.returncode == 1
    assert "faction is unclear" in err.getvalue()


def test_the_parser_needs_no_django_so_scripts_can_use_it_without_the_site():
    code = ("import sys; from cards.parser import parse_card_text; "
            "parse_card_text('+2 trade', 'en'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
