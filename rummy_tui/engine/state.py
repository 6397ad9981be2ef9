"""The state of a game: plain JSON data that the variant's rules change, action by action."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class State:
    variant: str
    players: int
    settings: dict[str, Any]
    seed: int
    hand_no: int = 0
    dealer: int = 0
    to_move: int | None = 0
    phase: str = "setup"
    hands: list[list[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)  # the top card is the last one
    discard: list[int] = field(default_factory=list)  # the top card is the last one
    table: list[dict[str, Any]] = field(default_factory=list)  # {"owner": seat, "meld": Meld json}
    sheet: list[dict[str, Any]] = field(default_factory=list)  # one row per hand: {"hand", "points", "note"}
    totals: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # public, variant-specific
    private: list[dict[str, Any]] = field(default_factory=list)  # per seat, hidden from others
    events: list[dict[str, Any]] = field(default_factory=list)  # {"seat", "text"} for the log
    last_hand: dict[str, Any] | None = None  # the summary of the hand that just ended
    result: dict[str, Any] | None = None  # set once the game is over
    shuffles: int = 0
    reshuffles: int = 0  # stock rebuilt from the discard pile, this hand
    deal_hand: int = 0  # the hand whose sealed deal is in use (0: none yet)
    deal_draws: int = 0  # shuffles drawn from it so far

    def fields(self) -> dict[str, Any]:
        """The fields by name, holding the state's own data (``dataclasses.asdict`` without its
        deep copy)."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @property
    def mover(self) -> int:
        """The seat to move, for the rules while the game goes on (``to_move`` is None only once
        it is over, and no rule acts then)."""
        if self.to_move is None:
            raise RuntimeError("the game is over: no seat is to move")
        return self.to_move
