"""Römi: the card taken from the discard pile and what it must do this turn (RULES.md C-6),
judged on a table; and the plain values a turn's duties depend on. ``turn.py`` searches for a
way to meet them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rummy_tui.engine.cards import is_joker
from rummy_tui.engine.melds import RUN, Meld, MeldRules, exchange_joker, lay_off


@dataclass(frozen=True)
class TurnPosition:
    """Everything the duties of the rest of a turn depend on, in plain values."""

    hand: tuple[int, ...]
    table: tuple[Meld, ...]
    before: tuple[Meld, ...]  # the table when the turn began
    new_melds: frozenset[int]  # table indices laid this turn
    taken: int | None  # the card taken from the discard pile this turn
    taken_free: bool  # taken on the first draw of the hand: no duty
    freed: frozenset[int]  # jokers freed this turn
    opened_at_start: bool
    opened: bool
    meld_points: int  # points melded this turn (for the opening)
    handolas_only: bool  # laid off or exchanged before opening: must go out
    szuro: bool
    dupla: bool
    opening_min: int
    rules: MeldRules
    value: Callable[[int], int]  # the value of a face in a meld

    @property
    def duty_card(self) -> int | None:
        return None if self.taken_free else self.taken


def position_in_run(meld: Meld, card: int) -> int:
    return meld.low + meld.cards.index(card)


def is_szuro(card: int, table: Sequence[Meld], rules: MeldRules) -> bool:
    """Could ``card`` be laid off on a table meld, or exchanged for one of its jokers?"""
    return any(lay_off(m, [card], rules) is not None or exchange_joker(m, [card], rules) is not None for m in table)


def has_tolo(host: Meld, base: Meld, taken: int, freed: frozenset[int]) -> bool:
    """C-6 (iii): a card from the hand laid on the same run, extending it past the taken card."""
    if host.kind != RUN:
        return False
    low, high = base.low, base.low + len(base.cards) - 1
    spot = position_in_run(host, taken)
    added = [c for c in host.cards if c not in base.cards and c != taken and c not in freed]
    if spot > high:
        return any(position_in_run(host, c) > spot for c in added)
    if spot < low:
        return any(position_in_run(host, c) < spot for c in added)
    return False


def taken_card_duty(table: Sequence[Meld], pos: TurnPosition, new_melds: frozenset[int]) -> str | None:
    """Why the taken card's place on ``table`` does not meet C-6 (None: it does)."""
    taken = pos.duty_card
    if taken is None:
        return None
    index = next((i for i, m in enumerate(table) if taken in m.cards), None)
    if index is None:
        return "on-table"
    meld = table[index]
    if index in new_melds:
        naturals = [c for c in meld.cards if c != taken and not is_joker(c)]
        return None if len(naturals) >= 2 else "two-naturals"
    if not pos.opened_at_start:
        return "opening"
    if not pos.szuro or pos.dupla or has_tolo(meld, pos.before[index], taken, pos.freed):
        return None
    return "tolo"
