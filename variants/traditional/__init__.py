"""Traditional Rummy: rules.py holds the variant, on the table play of variants/tableplay/, whose
computer player the package installs on it."""

from variants.tableplay.computer import computer_for

from .rules import VARIANT

VARIANT.computer = computer_for(VARIANT)

__all__ = ["VARIANT"]
