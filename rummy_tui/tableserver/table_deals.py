"""Sealed deals at a shared table (:mod:`.table`): the players' own randomness for each hand's
deal, waited for a few seconds at most, and the reveal that lets everyone check a hand's deal
once it is over.

:class:`SealedDeals` is mixed into :class:`~.table.Table`.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

from rummy_tui.engine import Game
from rummy_tui.engine.deals import contribution_text
from rummy_tui.engine.verify import revealed_record
from rummy_tui.i18n import N_, msg

from .protocol import refusal

CONFIRM_DELAY = 0.5  # a player's randomness is written (and confirmed to them) at most this late, with the next write

if TYPE_CHECKING:
    from .table_seats import Member, Seat


def first_contributions_saved(saved: Any, players: int) -> dict[int, str]:
    """Hand 1's randomness as :meth:`SealedDeals.saved_first_contributions` wrote it (anything
    malformed left out: that seat gives its bytes again when it reconnects)."""
    if not isinstance(saved, dict):
        return {}
    seats = {str(number): number for number in range(players)}
    kept = {}
    for seat, data in saved.items():
        text = contribution_text(data) if isinstance(data, str) else None
        if seat in seats and text is not None:
            kept[seats[seat]] = text
    return kept


class SealedDeals:
    """Mixed into :class:`~.table.Table`, whose attributes and methods it uses."""

    code: str
    game: Game
    seats: list[Seat]
    members: dict[int, Member]
    started: bool
    contribution_wait: float
    first_contributions: dict[int, str]  # seat -> its randomness for hand 1, before the start
    _sealed_at: dict[int, float]  # hand -> when its contributions were first asked for
    _contributed: asyncio.Event
    _revealed_sent: int  # the last hand whose reveal went out
    _to_confirm: list[tuple[Member, int]]  # randomness kept since the last write: (its seat's member, hand)

    if TYPE_CHECKING:  # the table's own, and its seats'

        def post(self, *command: Any) -> None: ...
        def _save_soon(self, within: float) -> None: ...
        def send_to_all(self, message: dict[str, Any]) -> None: ...
        def _seat_of(self, member: Member) -> int | None: ...
        def seats_for_record(self) -> list[dict]: ...

    def contribution_wanted(self) -> dict[str, Any] | None:
        """The sealed deal the players may add randomness to now: hand 1 until the game
        starts (it is dealt again at the start), then the hand after the one in play."""
        game = self.game
        if game.is_over or not game.sealed_deals:
            return None
        hand = game.state.deal_hand + 1 if self.started else 1
        entry = game.deal_entry(hand)
        if entry is None:
            return None
        self._sealed_at.setdefault(hand, time.monotonic())
        return {"hand": hand, "deal_commitment": entry["deal_commitment"]}

    def contribute(self, member: Member, hand: int, data: str) -> None:
        """A seat's own 16 random bytes for the sealed deal of ``hand``; handled at once (not on
        the inbox), so that a deal waiting for it sees it. Late or repeated ones are dropped:
        the deal goes without, and its log says so. Bytes the deal holds are confirmed to their
        seat once they are in the table's save (the seat's own check relies on that)."""
        seat, wanted, text = self._seat_of(member), self.contribution_wanted(), contribution_text(data)
        if text is None:
            member.send(
                refusal("contribute", msg(N_("Your randomness for the deal must be 16 bytes (32 hex digits).")))
            )
            return
        if seat is None or wanted is None or wanted["hand"] != hand:
            return
        if self.started:
            self.game.contribute(seat, text)
            entry = self.game.deal_entry(hand)
            kept = entry["contributions"][seat] if entry else None  # also when sent again after a restart
        else:
            kept = self.first_contributions.setdefault(seat, text)
        self._contributed.set()
        if kept == text:  # confirmed with the next write of the table (a move's, most often)
            self._to_confirm.append((member, hand))
            self._save_soon(CONFIRM_DELAY)

    def confirm_contributions(self, confirming: list[tuple[Member, int]]) -> None:
        """Tell each seat its randomness is in the deal of its hand, now that the table's save
        holds it: a restart cannot lose it, and a deal made without it is the server's doing."""
        for member, hand in confirming:
            member.send({"type": "contributed", "table": self.code, "hand": hand})

    def _missing_contributions(self, hand: int) -> list[int]:
        """Connected players who have not given their randomness for ``hand``'s deal."""
        if hand == 1 and not self.started:
            given = self.first_contributions
        else:
            entry = self.game.deal_entry(hand)
            given = {seat: c for seat, c in enumerate(entry["contributions"]) if c} if entry else {}
        return [seat for seat in self.members if self.seats[seat].kind == "human" and seat not in given]

    async def _gather_contributions(self, hand: int) -> None:
        """Wait (a few seconds at most, counted from when they were asked) for the connected
        players' randomness for ``hand``: an old or silent client never holds up the deal."""
        if self.game.is_over or not self.game.sealed_deals:
            return
        deadline = self._sealed_at.get(hand, time.monotonic()) + self.contribution_wait
        while self._missing_contributions(hand) and (left := deadline - time.monotonic()) > 0:
            self._contributed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._contributed.wait(), left)

    def _send_reveal(self) -> None:
        """When a hand is over, everybody gets what checking its deal needs."""
        deals = self.game.record.get("deals") or []
        revealed = [entry["hand"] for entry in deals if "deal_secret" in entry and "ended_at" in entry]
        if revealed and revealed[-1] > self._revealed_sent:
            self._revealed_sent = revealed[-1]
            self.send_to_all(
                {
                    "type": "reveal",
                    "table": self.code,
                    "hand": revealed[-1],
                    "record": revealed_record(self.game.record, revealed[-1]),
                }
            )

    def saved_first_contributions(self) -> dict[str, str] | None:
        """Hand 1's randomness, for the table's save until the game starts (then the game's
        record holds it): a restart before the start must not deal without what was confirmed."""
        return None if self.started else {str(seat): text for seat, text in self.first_contributions.items()}

    def deal_again_with_names(self) -> None:
        """The first deal again (same seed and commitment), now that the seats have names and
        the players have added their randomness: the first hand's log lines ("Hand 1: Anna
        dealt...") were written before anyone sat down."""
        record = self.game.record
        given = [self.first_contributions.get(seat) for seat in range(record["players"])]
        self.game = Game(
            record["variant"],
            record["players"],
            record["settings"],
            seed=record["seed"],
            chosen_seed=self.game.chosen_seed,
            seats=self.seats_for_record(),
            contributions={1: given},
        )
