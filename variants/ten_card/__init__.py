"""Tízlapos Römi: rules.py holds the variant; endings.py and scoring.py the special hands, the
end of a hand and of the buli; ai.py and hard.py the computer players."""

from .rules import VARIANT

__all__ = ["VARIANT"]
