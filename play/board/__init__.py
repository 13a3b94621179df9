"""The board: one seat's engine view turned into what the match template shows, in the active
language.

Input is only `view(state, seat)` (C25: it never holds the other hand, deck orders or the seed)
plus the pack's public card texts; the templates never see the engine state. Card names come
from the pack's en/ru texts and abilities are rendered by cards/text.py. Every card shown gets
its face picture and the legal actions that name it, so the board is played by clicking the
card itself; the list of every action stays as a fallback.

The parts, one job each:
- `cards`: the cards' texts (`PackTexts`) and the cards as shown (`ShownCards`);
- `log`: the log and the last turn's strip (`LogLines`), phrased from `phrases`;
- `prompts`: the pending decision (`Prompts`); `actions`: the moves on cards and in the dock
  (`ActionMenu`); `table`: the players, teams, targets and the result (`PlayerTable`);
- `board`: `Board`, which puts them together; `scenario`: a campaign game's scenario panel.
"""

from play.board.board import Board
from play.board.cards import CARD_TEXTS
from play.board.scenario import scenario_panel

__all__ = ["CARD_TEXTS", "Board", "scenario_panel"]
