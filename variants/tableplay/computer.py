"""The table play's computer player: each level's move (``easy`` and ``normal`` from ai.py, ``hard``
from hard.py) and the hint. Traditional and Rummy install it on their variant (their ``__init__``)."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.variant import ComputerPlayer

from .ai import TablePlayAdvisor
from .hard import HardTablePlayer

if TYPE_CHECKING:
    from .rules import TablePlayVariant


def computer_for(variant: TablePlayVariant) -> ComputerPlayer:
    return ComputerPlayer(choose=partial(choose_move, variant), hint=partial(hint, variant))


def choose_move(
    variant: TablePlayVariant, observation: dict[str, Any], legal: list[str], level: str, rng: random.Random
) -> str:
    if level == "hard":
        player = HardTablePlayer(variant, observation, legal, rng)
        return player.draw() if observation["phase"] == "draw" else player.play()
    advisor = TablePlayAdvisor(variant, observation, legal, rng)
    if observation["phase"] == "draw":
        return advisor.draw(careful=level != "easy")
    return advisor.play_easy() if level == "easy" else advisor.play_normal()


def hint(
    variant: TablePlayVariant, observation: dict[str, Any], legal: list[str], rng: random.Random
) -> tuple[str, str]:
    """The hard player's move with its reason where the generic one would not explain it."""
    if len(legal) == 1 or observation["phase"] == "draw":
        return choose_move(variant, observation, legal, "hard", rng), ""
    return HardTablePlayer(variant, observation, legal, rng).play_with_reason()
