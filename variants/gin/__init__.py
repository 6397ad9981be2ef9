"""Gin Römi (Oklahoma gin): rules.py holds the variant; scoring.py the card arithmetic and the
end of a hand; ai.py and hard.py the computer players; sim.py and policy_read.py research helpers."""

from .rules import VARIANT

__all__ = ["VARIANT"]
