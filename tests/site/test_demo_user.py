"""scripts/ensure_demo_user.py: the demo login printed by scripts/serve always works."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ensure_demo_user.py"

pytestmark = pytest.mark.django_db


def _load_script():
    spec = importlib.util.spec_from_file_location("ensure_demo_user", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_running_twice_keeps_one_demo_user_whose_printed_password_works(capsys) -> None:
    script = _load_script()
    script.main()
    user = get_user_model().objects.get(username="demo")
    user.set_password("changed-by-someone-42")
    user.save()
    script.main()
    printed = capsys.readouterr().out.split()
    assert printed == [script.DEMO_PASSWORD, script.DEMO_PASSWORD]
    assert get_user_model().objects.filter(username="demo").count() == 1
    assert authenticate(username="demo", password=printed[-1]) is not None
