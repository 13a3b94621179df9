"""Replays and spectators: a match shown move by move, and live, as the PUBLIC view only.

The parts:
- `model`: the replay itself (`Replay`, `replay_of`), rebuilt from the setup and action log;
- `presenting`: the public view of a step or of a running match (`PublicBoard`);
- `access`: who may replay or watch a match (everyone else gets 404);
- `views`: the replay page and the spectator page with its board endpoint.
"""

from play.replays.access import may_spectate, spectator_match_for
from play.replays.model import CHECKPOINT, REPLAYS, Replay, replay_of
from play.replays.views import replay_page, spectate_board, spectate_page

__all__ = ["CHECKPOINT", "REPLAYS", "Replay", "may_spectate", "replay_of", "replay_page",
           "spectate_board", "spectate_page", "spectator_match_for"]
