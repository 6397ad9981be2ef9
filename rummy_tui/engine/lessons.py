"""Lessons: a variant taught as a series of small scripted positions, one rule each.

A lesson is data. Each :class:`Step` is a position (the keywords of ``Game.from_position``), an
instruction, the move or moves it expects (in order; each one a tuple of codes any of which will
do), and the sentence that teaches when the player makes another move. The texts are English,
marked with ``N_`` where they are written, and translated when shown. A variant's package gives
its lesson as ``VARIANT.lesson`` (``variants/<name>/lesson.py``); the screen that plays it never
changes when a step is added.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .game import Game
from .variant import canonical_action, split_action

LESSON_SEAT = 0  # the learner's seat in every step's position


@dataclass(frozen=True)
class Step:
    title: str  # the rule, in a few words (English, marked N_)
    instruction: str  # what to do now, with cards in log notation ([KC]) (English, marked N_)
    moves: tuple[tuple[str, ...], ...]  # the moves expected in order; any code of a tuple will do
    wrong: str  # the sentence for any other move (English, marked N_)
    position: Mapping[str, Any] = field(default_factory=dict)  # Game.from_position's keywords
    players: int = 2
    play_out: bool = False  # after the moves, the others play on (easy) until the hand ends
    done: str = ""  # said when the step's moves are made (English, marked N_); optional

    def game(self, variant: str) -> Game:
        """A fresh game in this step's position."""
        position = dict(self.position)
        position.setdefault("seed", 1)
        return Game.from_position(variant, self.players, **position)


@dataclass(frozen=True)
class Lesson:
    variant: str  # the variant's key
    steps: tuple[Step, ...]
    closing_settings: Mapping[str, Any] = field(default_factory=dict)  # the closing hand's settings
    closing_level: str = "easy"  # the computer's level in the closing hand


def move_key(code: str) -> tuple[str, tuple[tuple[tuple[str, ...], ...], str]]:
    """What makes two codes the same move in a lesson: the canonical spelling, with the order of
    the cards in a group and of the groups in a meld left out, and a knock's melds (Gin) too."""
    verb, argument = split_action(canonical_action(code))
    if verb == "knock":
        argument = argument.partition("/")[0]
    target = ""
    if verb in ("layoff", "exchange"):
        argument, _arrow, target = argument.rpartition(">")
    groups = tuple(sorted(tuple(sorted(group.split("-"))) for group in argument.split("+")))
    return verb, (groups, target)


def expected_at(step: Step, made: int) -> tuple[str, ...]:
    """The codes the step accepts as its move number ``made`` (counting from 0)."""
    return step.moves[made] if made < len(step.moves) else ()


def is_expected(step: Step, made: int, code: str) -> bool:
    wanted = {move_key(option) for option in expected_at(step, made)}
    return move_key(code) in wanted


def problems(lesson: Lesson) -> list[str]:
    """What is wrong with a lesson's data: a position that cannot be set up, an expected move that
    is not legal where it is expected, a step whose moves are not all the learner's. Empty when
    the lesson can be played through."""
    found = []
    for number, step in enumerate(lesson.steps, start=1):
        where = f"{lesson.variant} step {number} ({step.title})"
        if not step.moves or not all(step.moves):
            found.append(f"{where}: expects no move")
            continue
        try:
            game = step.game(lesson.variant)
        except ValueError as error:
            found.append(f"{where}: {error}")
            continue
        for made, options in enumerate(step.moves):
            if game.current_seat != LESSON_SEAT:
                found.append(f"{where}: move {made + 1} is expected, but seat {game.current_seat} is to move")
                break
            for option in options:
                reason = game.why_not(option)
                if reason is not None:
                    found.append(f"{where}: move {made + 1} {option} is refused: {reason}")
            if any(game.why_not(option) is not None for option in options):
                break
            game.apply(options[0])
    return found
