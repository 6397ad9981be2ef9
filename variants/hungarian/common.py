"""Hungarian Römi: what the rules modules share (``rules.py``, ``moves.py``,
``plan.py``) and the AI reads: the phases, the meld rules, the refusal, and small
readers of the table and of the turn. The registry skips this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummy_tui.engine.cards import JOKER, face_text, is_joker, rank_of, suit_of
from rummy_tui.engine.melds import RUN, Meld, MeldRules

if TYPE_CHECKING:
    from rummy_tui.engine.game import Game

DRAW, PLAY = "draw", "play"
RULES = MeldRules(ace_high=True, max_jokers=2)


class Refusal(Exception):
    """A move the rules refuse; the message is the reason shown to the player."""


def copy_table(table: list[dict]) -> list[dict]:
    """A copy of table entries deep enough for every change the rules modules make."""
    return [
        {
            "owner": e["owner"],
            "meld": {key: list(value) if isinstance(value, list) else value for key, value in e["meld"].items()},
        }
        for e in table
    ]


def meld_code(melds: Sequence[Meld]) -> str:
    """The ``meld:`` argument for melds, with every joker's meaning written out."""
    return "+".join(
        "-".join(f"JK={face_text(f)}" if is_joker(c) else face_text(f) for c, f in zip(m.cards, m.faces, strict=False))
        for m in melds
    )


def turn_of(game: Game) -> dict[str, Any]:
    return game.state.extra["turn"]


def planning(game: Game) -> bool:
    """Is this a scratch copy used by the planner? Its steps are judged at the plan's end."""
    return getattr(game, "planning", False)


def holds_dupla(game: Game) -> bool:
    return game.state.private[game.state.mover].get("dupla", False)


def bracketed(meld: Meld) -> str:
    """A meld in log notation, each joker with what it stands for: ``[7S] [JK]=[8S] [9S]``."""
    return " ".join(
        f"[JK]=[{face_text(face)}]" if is_joker(card) else f"[{face_text(face)}]"
        for card, face in zip(meld.cards, meld.faces, strict=False)
    )


def could_fit(meld: Meld, face: int) -> bool:
    """A cheap filter before the real lay-off test: jokers, or the run's suit, or the set's rank."""
    if face == JOKER:
        return True
    if meld.kind == RUN:
        return any(suit_of(f) == suit_of(face) for f in meld.faces)
    return rank_of(face) == meld.low


def value_of(card: int, settings: dict[str, Any]) -> int:
    """A card's value: in a meld the card a joker stands for, in hand the joker's penalty."""
    if is_joker(card):
        return settings["joker_in_hand"]
    rank = rank_of(card)
    return settings["ace"] if rank == 1 else min(rank, 10)


def meld_points(meld: Meld, settings: dict[str, Any]) -> int:
    return sum(value_of(face, settings) for face in meld.faces)
