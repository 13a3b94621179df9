"""Old name of the scenario balance method, which lives in play/scenario_balance.py.

Kept so older imports (`from play.management import simulation as sim`) keep working; new code
imports `play.scenario_balance`. Games are played by `play.engine.simulate`.
"""

from __future__ import annotations

from play.scenario_balance import *
from play.scenario_balance import ScenarioResult as GameResult  # noqa: F401  the old class name
