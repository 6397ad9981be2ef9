"""Taking moves back: what each action showed and ended, and how far back a seat may go.

Each applied action leaves a :class:`Step`. A seat may take back its own last move with every
move after it, unless a move on the way showed it cards it had not seen (a stock draw, a new
deal) or ended a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import t as tr

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Step:
    """What one action did, as far as taking it back is concerned."""

    seat: int | None  # who moved
    showed: frozenset[int]  # seats that were shown cards they had not seen (a stock draw, a deal)
    ended_hand: bool  # the action ended a hand (or the game)


@dataclass(frozen=True)
class Before:
    """The parts of the state an action's Step is judged from."""

    seat: int | None
    hand_no: int
    last_hand: Any
    shuffles: int
    hands: tuple[frozenset[int], ...]
    stock: frozenset[int]

    @classmethod
    def of(cls, state: State) -> Before:
        return cls(
            state.to_move,
            state.hand_no,
            state.last_hand,
            state.shuffles,
            tuple(frozenset(hand) for hand in state.hands),
            frozenset(state.stock),
        )

    def step(self, after: State) -> Step:
        """A seat was shown cards if it got cards from the stock, or any new cards after a
        shuffle (a new deal, a rebuilt stock)."""
        shuffled = after.shuffles != self.shuffles
        showed = set()
        for seat, hand in enumerate(after.hands):
            new = set(hand) - (self.hands[seat] if seat < len(self.hands) else frozenset())
            if new and (shuffled or new & self.stock):
                showed.add(seat)
        ended = after.hand_no != self.hand_no or after.last_hand is not self.last_hand or after.result is not None
        return Step(self.seat, frozenset(showed), ended)


def undo_search(steps: list[Step] | None, seat: int) -> tuple[int | None, str | None]:
    """How many of the record's actions stay when ``seat`` takes back its last move, or why it may not."""
    if steps is None:
        return None, tr("This game's moves cannot be taken back.")
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        if step.ended_hand:
            return None, tr("The hand is over: its moves cannot be taken back.")
        if seat in step.showed:
            return None, tr(
                "You have seen the card you drew: a draw from the stock (and anything before it) cannot be taken back."
            )
        if step.seat == seat:
            return index, None
    return None, tr("There is no move of yours to take back.")
