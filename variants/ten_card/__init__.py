"""Tízlapos Römi: rules.py holds the variant; endings.py and scoring.py the special hands, the
end of a hand and of the buli; ai.py and hard.py the computer players (observation.py: what both
read). The package installs the computer player on the variant: the rules never import their AI."""

from rummy_tui.engine.variant import ComputerPlayer

from .ai import choose_ai_action, hint, measure
from .lesson import LESSON
from .rules import VARIANT

VARIANT.computer = ComputerPlayer(choose=choose_ai_action, hint=hint, measure=measure)
VARIANT.lesson = LESSON

__all__ = ["VARIANT"]
