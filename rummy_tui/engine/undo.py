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


_NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Before:
    """The parts of the state a Step is judged from, as they stood before an action (and so
    after the one before it). Taken on every action: plain tuples, no sets."""

    seat: int | None
    hand_no: int
    last_hand: Any
    shuffles: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    over: bool

    @classmethod
    def of(cls, state: State) -> Before:
        return cls(
            state.to_move,
            state.hand_no,
            state.last_hand,
            state.shuffles,
            tuple(map(tuple, state.hands)),
            tuple(state.stock),
            state.result is not None,
        )

    def step(self, after: Before) -> Step:
        """A seat was shown cards if it got cards from the stock, or any new cards after a
        shuffle (a new deal, a rebuilt stock)."""
        ended = after.hand_no != self.hand_no or after.last_hand is not self.last_hand or after.over
        shuffled = after.shuffles != self.shuffles
        if not shuffled and after.stock == self.stock:
            return Step(self.seat, _NOBODY, ended)  # a card is in one place: none left the stock for a hand
        stock = frozenset(self.stock)
        showed = set()
        for seat, hand in enumerate(after.hands):
            held = self.hands[seat] if seat < len(self.hands) else ()
            if hand == held:
                continue
            new = set(hand).difference(held)
            if new and (shuffled or not stock.isdisjoint(new)):
                showed.add(seat)
        return Step(self.seat, frozenset(showed), ended)


class StepLog:
    """The Steps of a game's actions, judged only when asked for: each action leaves its
    Before, and an action's Step compares it with the next action's Before (the last one's
    with the state now). The engine changes hands, stock and shuffles only inside ``apply``,
    so the next Before is the state right after the action."""

    SETTLE_AFTER = 64  # judge waiting Befores in batches, so that a long game keeps only Steps

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self._waiting: list[Before] = []

    def __len__(self) -> int:
        return len(self.steps) + len(self._waiting)

    def add(self, before: Before) -> None:
        waiting = self._waiting
        waiting.append(before)
        if len(waiting) > self.SETTLE_AFTER:
            self._judge(waiting[:-1], waiting[1:])
            self._waiting = waiting[-1:]

    def all(self, now: State) -> list[Step]:
        """Every action's Step, the last one judged against the state ``now``."""
        if self._waiting:
            self._judge(self._waiting, self._waiting[1:] + [Before.of(now)])
            self._waiting = []
        return self.steps

    def _judge(self, befores: list[Before], afters: list[Before]) -> None:
        self.steps.extend(before.step(after) for before, after in zip(befores, afters, strict=True))


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
