"""A seat's own check of the shared table's deals (docs/ENGINE.md, "Sealed deals").

The client adds 16 random bytes of its own to each sealed deal, keeps the commitment it was
shown before the deal and what it saw of the hand (its cards and the discard pile, view by
view), and when the hand is revealed replays the game from the revealed secrets, on its own,
in a worker thread: "Deal verified", or what did not match.

It also knows what became of its own randomness. The server confirms each contribution once
it is in the table's save (``contributed``): a deal made without a confirmed contribution is a
deal the server chose to make without it, and fails. One sent but never confirmed (it may have
come too late: the deal waits a few seconds at most) is a warning on a verified deal, as is a
deal without anyone else's randomness, or without anybody's.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from rummy_tui.engine.deals import CONTRIBUTION_BYTES
from rummy_tui.engine.verify import FAILED, HandCheck, check_own_randomness, check_sightings
from rummy_tui.i18n import N_


class DealWitness:
    def __init__(self) -> None:
        self.shown: dict[int, str | None] = {}  # hand -> the commitment shown before its deal
        self.sent: dict[int, str] = {}  # hand -> the randomness this seat gave it
        self._given_here: set[int] = set()  # hands it was given for on this connection
        self.confirmed: set[int] = set()  # hands whose deal the server said it holds this seat's randomness for
        self.sightings: dict[int, dict[int, tuple[list[int], list[int]]]] = {}  # hand -> seq -> (hand, discard)
        self.checks: dict[int, HandCheck] = {}
        self._checked = asyncio.Event()
        self._confirmation = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()

    def connected_again(self) -> None:
        """A new connection: a restarted server may have lost what was given on the old one, so
        each hand it asks for is given again, with the same bytes (a server that pretended to
        restart would get nothing new to choose a deal from)."""
        self._given_here.clear()

    def saw_view(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """Note what the view shows; the ``contribute`` message to send, if one is due."""
        wanted = view.get("contribute")
        message = None
        if isinstance(wanted, dict) and isinstance(wanted.get("hand"), int):
            hand = wanted["hand"]
            if isinstance(wanted.get("deal_commitment"), str):
                self.shown.setdefault(hand, wanted["deal_commitment"])
            if hand not in self._given_here:
                self._given_here.add(hand)
                data = self.sent.setdefault(hand, secrets.token_hex(CONTRIBUTION_BYTES))
                message = {"type": "contribute", "hand": hand, "data": data}
        observation = view.get("observation") or {}
        if view.get("started") and observation.get("deal_commitment"):
            hand = max(observation.get("hand_no") or 0, 1)
            self.shown.setdefault(hand, observation["deal_commitment"])  # joined after the deal
            seen = self.sightings.setdefault(hand, {})
            seen[view["seq"]] = (list(observation.get("hand") or []), list(observation.get("discard") or []))
        return message

    def saw_confirmation(self, message: dict[str, Any]) -> None:
        """The server holds this seat's randomness for the deal of ``hand`` (in its save)."""
        hand = message.get("hand")
        if isinstance(hand, int) and hand in self.sent:
            self.confirmed.add(hand)
            self._confirmation.set()

    async def confirmed_for(self, hand: int, timeout: float = 30.0) -> bool:
        """Whether the server confirms this seat's randomness for ``hand`` within ``timeout``."""

        async def done() -> None:
            while hand not in self.confirmed:
                self._confirmation.clear()
                await self._confirmation.wait()

        try:
            await asyncio.wait_for(done(), timeout)
        except TimeoutError:
            return False
        return True

    def saw_reveal(self, message: dict[str, Any], seat: int | None) -> None:
        """Check the revealed hand in a worker thread; :meth:`check` waits for the outcome."""
        hand, record = message.get("hand"), message.get("record")
        if not isinstance(hand, int) or not isinstance(record, dict):
            return
        task = asyncio.get_running_loop().create_task(self._check(hand, record, seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, hand: int, record: dict[str, Any], seat: int | None) -> None:
        sightings = self.sightings.pop(hand, {})
        try:
            check = await asyncio.to_thread(check_sightings, record, hand, seat, sightings)
        except Exception as error:  # noqa: BLE001  (whatever the server sent, the player is told)
            check = HandCheck(hand, self.shown.get(hand) or "")
            check.fail(N_("the revealed game does not replay: {reason}"), reason=str(error))
        self._compare_with_what_was_shown(check, record, seat)
        self.checks[hand] = check
        self._checked.set()

    def _compare_with_what_was_shown(self, check: HandCheck, record: dict[str, Any], seat: int | None) -> None:
        entry = next((e for e in record.get("deals") or [] if isinstance(e, dict) and e.get("hand") == check.hand), {})
        shown = self.shown.get(check.hand)
        if shown and entry.get("deal_commitment") != shown:  # this, above any later finding
            check.outcome, check.problem = (
                FAILED,
                N_("before the deal the server showed the commitment {shown}, but now reveals one for {other}"),
            )
            check.values = {"shown": shown[:8] + "…", "other": str(entry.get("deal_commitment"))[:8] + "…"}
        if seat is not None:
            check_own_randomness(check, record, seat, self.sent.get(check.hand), check.hand in self.confirmed)

    def knowledge(self, seat: int, record: dict[str, Any]) -> dict[str, Any]:
        """What this seat knows of its own randomness in the record's deals, for the record it
        keeps (``my_randomness``, docs/ENGINE.md)."""
        deals = record.get("deals")
        hands = {entry.get("hand") for entry in deals if isinstance(entry, dict)} if isinstance(deals, list) else set()
        return {
            "seat": seat,
            "sent": {str(hand): data for hand, data in sorted(self.sent.items()) if hand in hands},
            "confirmed": sorted(hand for hand in self.confirmed if hand in hands),
        }

    async def check(self, hand: int, timeout: float = 30.0) -> HandCheck | None:
        """The outcome for ``hand`` once its reveal is checked (None if none came in time)."""

        async def done() -> HandCheck:
            while hand not in self.checks:
                self._checked.clear()
                await self._checked.wait()
            return self.checks[hand]

        try:
            return await asyncio.wait_for(done(), timeout)
        except TimeoutError:
            return None
