"""Römi (Hungarian rummy): rules.py holds the variant; moves.py, plan.py, turn.py (with shapes.py),
duty.py and common.py the moves, the planner, the exact search of a turn and the taken card's
duty; ai.py and hard.py the computer players. The package installs the computer player on the
variant: the rules never import their AI."""

from rummy_tui.engine.variant import ComputerPlayer

from .ai import choose_ai_action
from .hard import review_measure
from .lesson import LESSON
from .rules import VARIANT

VARIANT.computer = ComputerPlayer(choose=choose_ai_action, measure=review_measure)
VARIANT.lesson = LESSON

__all__ = ["VARIANT"]
