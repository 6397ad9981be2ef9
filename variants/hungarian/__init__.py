"""Römi (Hungarian rummy): rules.py holds the variant; moves.py, plan.py, turn.py and common.py
the moves, the planner and the exact search of a turn; ai.py and hard.py the computer players."""

from .rules import VARIANT

__all__ = ["VARIANT"]
