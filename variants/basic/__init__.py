"""Rummy, the classic: rules.py holds the variant, on the table play of variants/tableplay/."""

from .rules import VARIANT

__all__ = ["VARIANT"]
