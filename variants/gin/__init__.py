"""Gin Römi (Oklahoma gin): rules.py holds the variant; scoring.py the card arithmetic and the
end of a hand; ai.py and hard.py the computer players; sim.py and policy_read.py research helpers.
The package installs the computer player on the variant: the rules never import their AI."""

from rummy_tui.engine.variant import ComputerPlayer

from .ai import choose_ai_action
from .hard import hard_move, review_measure
from .lesson import LESSON
from .rules import VARIANT

VARIANT.computer = ComputerPlayer(choose=choose_ai_action, hint=hard_move, measure=review_measure)
VARIANT.lesson = LESSON

__all__ = ["VARIANT"]
