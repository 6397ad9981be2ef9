"""Traditional Rummy: rules.py holds the variant, on the table play of variants/tableplay/, whose
computer player the package installs on it."""

from variants.tableplay.computer import computer_for

from .lesson import LESSON
from .rules import VARIANT

VARIANT.computer = computer_for(VARIANT)
VARIANT.lesson = LESSON

__all__ = ["VARIANT"]
