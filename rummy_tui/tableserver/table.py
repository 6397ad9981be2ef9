"""One shared table: the authoritative :class:`Game`, its seats, and the one task that plays it.

Everything that changes a table arrives as a command on :attr:`Table.inbox`, and only
:meth:`Table.run` takes commands off it, so only that task ever calls ``apply``. AI seats
think in a worker thread on their own seat's observation; their answer comes back as a
command and is checked against the current sequence number and ``why_not`` before it is
played. After every move the table is saved, every seat gets its new view, and the save is
flushed to the disk in the background.

Its parts stand apart: the seats and who is away (:mod:`.table_seats`), the sealed deals
(:mod:`.table_deals`), the clock (:mod:`.table_clock`).
"""

from __future__ import annotations

import asyncio
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.engine import Game
from rummy_tui.engine.ai import ai_rng
from rummy_tui.i18n import N_, english, msg, texts_as_messages

from .clock import TurnClock
from .limits import TokenBucket
from .log_order import number_new_events, numbering, restore_numbering
from .protocol import markup_safe, refusal
from .table_clock import ClockedTurns
from .table_deals import SealedDeals
from .table_seats import Member, Seat, SeatKeeping

DEFAULT_GRACE_SECONDS = 60.0
DEFAULT_ANSWER_SECONDS = 20.0  # a connected seat silent this long (no answer to pings) counts as away
LOG_LINES = 50
LOG_SAVE_DELAY = 2.0  # chat reaches the disk at most this late, in one write however many lines came
CONTRIBUTION_WAIT = 3.0  # seconds a deal waits for a connected player's own randomness, then goes without


@dataclass
class TableLog:
    lines: list[dict[str, Any]] = field(default_factory=list)
    events_before: Callable[[], int] | None = None  # how many game events came before a new line

    def add(self, template: str, seat: int | None = None, kind: str = "table", **values: str) -> dict[str, Any]:
        """A line as English markup text (names and chat escaped), and as its template and
        plain values, so each client shows it in its player's language (see log_line_markup)."""
        text = template.format(**{name: markup_safe(value) for name, value in values.items()})
        line = {"kind": kind, "seat": seat, "text": text, "template": template, "values": values}
        if self.events_before is not None:  # its place among the game's events (log_order.py)
            line["events"] = self.events_before()
        self.lines.append(line)
        del self.lines[:-LOG_LINES]
        return line


class Table(SeatKeeping, SealedDeals, ClockedTurns):
    def __init__(
        self,
        code: str,
        game: Game,
        seats: list[Seat],
        *,
        grace: float | None = DEFAULT_GRACE_SECONDS,
        started: bool = False,
        log: list[dict] | None = None,
        ai_delay: float = 0.0,
        save: Callable[[Table, bool], Any] | None = None,
        flush: Callable[[Table], Any] | None = None,
        public: bool = False,
        watchable: bool = True,
        creator: str | None = None,
        chat_limit: tuple[float, int] = (20.0, 5),
        answer_limit: float = DEFAULT_ANSWER_SECONDS,
        finished_at: float | None = None,
        contribution_wait: float = CONTRIBUTION_WAIT,
        clock: TurnClock | None = None,
        autostart: bool = False,
        finished: Callable[[Table], Any] | None = None,
        events: dict[str, Any] | None = None,  # the numbering of the game's events, as saved
        first_contributions: dict[int, str] | None = None,  # hand 1's randomness, as saved before the start
    ):
        self.code, self.game, self.seats = code, game, seats
        self.grace, self.started, self.ai_delay = grace, started, ai_delay
        self.answer_limit = answer_limit  # seconds a connected seat may leave the server's pings unanswered
        self.public = public  # listed to everyone; a private table is reached by its code only
        self.watchable = watchable  # whether anyone without a seat may look on
        self.creator = creator  # a hash of who created it (identity or address), for the per-player cap
        self.chat_limit = chat_limit  # lines a minute and the burst, per seat
        self.finished_at = finished_at  # when the game ended (time.time()), for the retention period
        self.empty_since: float | None = time.monotonic()  # nobody connected since (monotonic), or None
        self._chat_rates: dict[int, TokenBucket] = {}
        self.contribution_wait = contribution_wait
        self.autostart = autostart  # a play-now table: the game starts once every seat is taken
        self._finished = finished  # told when the game is over (the ratings)
        self.first_contributions: dict[int, str] = dict(first_contributions or {})  # seat -> hand 1's, before the start
        self._sealed_at: dict[int, float] = {}  # hand -> when its contributions were first asked for
        self._contributed = asyncio.Event()
        self._to_confirm: list[tuple[Member, int]] = []  # randomness kept since the last write (table_deals)
        revealed = [entry["hand"] for entry in game.record.get("deals") or [] if "deal_secret" in entry]
        self._revealed_sent = max(revealed, default=0)  # the last hand whose reveal went out
        self._log_save: asyncio.TimerHandle | None = None
        self._next_event = restore_numbering(game.state.events, events)
        self.log = TableLog(list(log or []), events_before=self._number_events)
        self.inbox: asyncio.Queue[tuple] = asyncio.Queue()
        self.members: dict[int, Member] = {}  # seat -> the connected player
        self.spectators: set[Member] = set()
        self.covered: set[int] = set()  # away seats the AI is playing for
        self.silent: dict[int, Member] = {}  # seat -> its player, connected but not answering (away)
        self._save, self._flush = save, flush  # write the table (durably or not); flush it to the disk
        self._thinking = False  # an AI move is being chosen
        self._ai_task: asyncio.Task | None = None  # held, so the loop cannot drop it half-way
        self._flushing: asyncio.Task | None = None
        self._flush_wanted = False
        self._timer: asyncio.TimerHandle | None = None
        self.task: asyncio.Task | None = None
        self.clock, self.clock_away = clock, set()  # seconds a turn and a bank, or None

    # --- the state every message reports ---------------------------------------------------

    @property
    def seq(self) -> int:
        """The state version: how many actions have been applied."""
        return len(self.game.record["actions"])

    def _number_events(self, for_away: int | None = None) -> int:
        """Number the game's new events (the log's one order); returns how many there have been."""
        self._next_event = number_new_events(self.game.state.events, self._next_event, for_away)
        return self._next_event

    def view(self, seat: int | None) -> dict[str, Any]:
        """A full snapshot for one seat (None: a spectator); legal moves only for the mover."""
        self._number_events()
        game = self.game
        # before the start no hand is shown: hand 1 is dealt again then, with everyone's randomness
        observation = game.observation(seat) if seat is not None and self.started else game.observation_public()
        to_move = self.started and seat is not None and game.current_seat == seat and seat not in self.covered
        return {
            "type": "view",
            "table": self.code,
            "seq": self.seq,
            "started": self.started,
            "seat": seat,
            "observation": observation,
            "legal": game.legal_actions() if to_move else [],
            "seats": self.seat_list(),
            "log": list(self.log.lines),
            "contribute": self.contribution_wanted(),
            "public": self.public,
            "watchable": self.watchable,
            "clock": self.clock_shown(),
        }

    def summary(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "variant": self.game.variant.key,
            "started": self.started,
            "over": self.game.is_over,
            "public": self.public,
            "watchable": self.watchable,
            "seats": self.seat_list(),
        }

    def saved(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "grace": self.grace,
            "answer_limit": self.answer_limit,
            "started": self.started,
            "public": self.public,
            "watchable": self.watchable,
            "creator": self.creator,
            "finished_at": self.finished_at,
            "autostart": self.autostart,
            "seats": [seat.saved() for seat in self.seats],
            "log": self.log.lines,
            "events": numbering(self.game.state.events, self._number_events()),
            "clock": self.clock.saved() if self.clock is not None else None,
            "first_contributions": self.saved_first_contributions(),
        }

    # --- the one task ---------------------------------------------------------------------

    def start_task(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table {self.code}")
        self.inbox.put_nowait(("wake",))

    async def run(self) -> None:
        while True:
            command, *arguments = await self.inbox.get()
            if command == "stop":
                return
            try:
                await getattr(self, f"_on_{command}")(*arguments)
                self._plan_ai_turn()
                self.follow_clock()
            except Exception:  # one failing command (a full disk, say) must not end the table
                print(f"table {self.code}: {command} failed", file=sys.stderr)
                traceback.print_exc()
                for waiting in (a for a in arguments if isinstance(a, asyncio.Future) and not a.done()):
                    waiting.set_result(None)

    def post(self, *command: Any) -> None:
        self.inbox.put_nowait(command)

    async def stop(self) -> None:
        if self._timer:
            self._timer.cancel()
        self.stop_clock()
        if self.task and not self.task.done():
            self.post("stop")
            await self.task
        if self._log_save is not None:  # the server's stop saves the table, its chat with it
            self._log_save.cancel()
            self._log_save = None
        if self._flushing is not None:
            await self._flushing

    # --- commands -------------------------------------------------------------------------

    async def _on_wake(self) -> None:
        """Nothing to do but look whether an AI (or an expired grace period) is to move."""

    async def _on_start(self, member: Member) -> None:
        if self.started:
            member.send(refusal("start", msg(N_("The game has already started."))))
            return
        if self.members.get(0) is not member:
            member.send(refusal("start", msg(N_("Only the host (seat 1) starts the game."))))
            return
        await self._begin()
        self.broadcast()

    async def _begin(self) -> None:
        """Start the game: open seats become AI, hand 1 is dealt again with the players' names
        and randomness."""
        for index, seat in enumerate(self.seats):
            if seat.is_open:
                seat.kind, seat.name = "ai", f"Computer {index + 1}"
        await self._gather_contributions(1)
        self.started = True
        self.deal_again_with_names()
        self.log.add(N_("The game starts."))
        await self._save_table()

    async def _on_act(self, member: Member, seq: int, action: str) -> None:
        seat = self._seat_of(member)
        reason = self._why_not_now(seat, seq, action)
        if reason:
            member.send(refusal("act", reason, seq=self.seq, action=action))
            return
        if self.clock is not None and seat is not None:
            self.clock.moved_in_time(seat)
        await self._play(action)

    async def _on_why_not(self, member: Member, action: str) -> None:
        seat = self._seat_of(member)
        reason = self._why_not_now(seat, self.seq, action)
        member.send(
            {"type": "why_not", "action": action, "reason": english(reason) if reason else None, "message": reason}
        )

    async def _on_allowed(self, member: Member, actions: list[str]) -> None:
        """One answer for many questions (a joker menu's hundreds): the actions playable now."""
        seat = self._seat_of(member)
        playable = [action for action in actions if self._why_not_now(seat, self.seq, action) is None]
        member.send({"type": "allowed", "actions": playable})

    async def _on_choices(self, member: Member, action: str) -> None:
        """The forms the mover's legal ``action`` can take (just the action otherwise)."""
        seat = self._seat_of(member)
        legal = self._why_not_now(seat, self.seq, action) is None
        forms = self.game.variant.choices(self.game, action) if legal else [action]
        member.send({"type": "choices", "action": action, "forms": forms})

    def chat(self, member: Member, text: str) -> None:
        """A chat line, handled at once rather than queued on the inbox, so moves never wait
        behind chat: at most ``chat_limit`` per seat, sent to everyone at the table as a small
        ``line`` event (not a view each), and written to the disk with the table's next save
        or within LOG_SAVE_DELAY, never synced line by line."""
        seat = self._seat_of(member)
        if seat is None:
            member.send(refusal("chat", msg(N_("Only players at the table can chat."))))
            return
        per_minute, burst = self.chat_limit
        rate = self._chat_rates.setdefault(seat, TokenBucket(per_minute / 60, burst))
        if not rate.take():
            member.send(refusal("chat", msg(N_("You are chatting too fast: wait a moment before the next line."))))
            return
        line = self.log.add(N_("{name}: {text}"), seat, kind="chat", name=self.seats[seat].name, text=text)
        self.send_to_all({"type": "line", "table": self.code, "line": line})
        self._save_soon(LOG_SAVE_DELAY)

    def _save_soon(self, within: float) -> None:
        """Write the table within ``within`` seconds (or with an earlier write), in one write
        whatever has changed meanwhile."""
        if self._log_save is None:
            self._log_save = asyncio.get_running_loop().call_later(within, self.post, "save_log")

    async def _on_save_log(self) -> None:
        """The chat (and the randomness) since the last save: written at once, flushed to the
        disk in the background."""
        self._log_save = None
        await self._save_table(durable=False)
        self._flush_soon()

    async def _on_ai_move(self, seq: int, seat: int, action: str) -> None:
        self._thinking = False
        if seq != self.seq or not self._ai_plays(seat):  # a player came back or moved meanwhile
            return
        if self.game.why_not(action) is not None:  # a variant AI bug must never stall a table
            action = self.game.legal_actions()[0]
        await self._play(action, for_away=seat if self.seats[seat].kind == "human" else None)

    # --- moves ----------------------------------------------------------------------------

    def _why_not_now(self, seat: int | None, seq: int, action: str) -> dict[str, Any] | None:
        """Why this seat may not play ``action`` answering view ``seq`` (a message each client
        shows in its own language), or None."""
        if seat is None:
            return msg(N_("You have no seat at this table."))
        if not self.started:
            return msg(N_("The game has not started yet."))
        if seq != self.seq:
            return msg(N_("The table has moved on (your view {seq} is old; it is at {now})."), seq=seq, now=self.seq)
        if self.game.current_seat != seat:
            return msg(N_("It is not your turn."))
        with texts_as_messages() as message_of:  # the engine words its reasons in this process's language
            reason = self.game.why_not(action)
            return message_of(reason) if reason is not None else None

    async def _play(self, action: str, for_away: int | None = None) -> None:
        """Apply, save, tell every seat, and flush the save to the disk in the background: a
        killed server loses no move anyone has seen, and the slow flush delays no one.
        ``for_away``: the away player's seat the computer plays this move for."""
        await self._gather_contributions(self.game.state.deal_hand + 1)  # the move may deal the next hand
        self.game.apply(action)
        self._number_events(for_away)
        just_finished = self.game.is_over and self.finished_at is None
        if just_finished:
            self.finished_at = time.time()
        await self._save_table(durable=False)
        self.broadcast()
        if just_finished:
            for member in list(self.members.values()):
                self._send_record(member)
            if self._finished is not None:
                self._finished(self)
        self._flush_soon()

    def _send_record(self, member: Member) -> None:
        """A finished game's record, for the player's own history: the table's files on the
        server are removed after a while. Every hand's deal secret is public by now (revealed
        as each hand ended), so the record tells no one anything they could not work out."""
        member.send({"type": "record", "table": self.code, "record": self.game.record})

    def _flush_soon(self) -> None:
        """One flush at a time; moves made during a flush are flushed by the next one."""
        if self._flush is None:
            return
        self._flush_wanted = True
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush_while_wanted())

    async def _flush_while_wanted(self) -> None:
        flush = self._flush  # never None here: _flush_soon starts no flush without one
        while self._flush_wanted and flush is not None:
            self._flush_wanted = False
            await asyncio.to_thread(flush, self)

    async def _save_table(self, durable: bool = True) -> None:
        """Write the table; then the randomness it holds is confirmed to the seats that gave it."""
        confirming, self._to_confirm = self._to_confirm, []
        if self._save is not None:
            await asyncio.to_thread(self._save, self, durable)
        self.confirm_contributions(confirming)

    def broadcast(self) -> None:
        for seat, member in list(self.members.items()):
            member.send(self.view(seat))
        for member in list(self.spectators):
            member.send(self.view(None))
        self._send_reveal()

    def send_to_all(self, message: dict[str, Any]) -> None:
        """The same message to every seat and spectator (nothing in it is private)."""
        for member in [*self.members.values(), *self.spectators]:
            member.send(message)

    # --- AI turns -------------------------------------------------------------------------

    def _ai_plays(self, seat: int) -> bool:
        place = self.seats[seat]
        return place.kind == "ai" or (seat in self.covered and (seat not in self.members or seat in self.clock_away))

    def _plan_ai_turn(self) -> None:
        """Start the AI if it is to move: an AI seat, or an away player past the grace period."""
        seat = self.game.current_seat
        if not self.started or seat is None or self._thinking:
            return
        place = self.seats[seat]
        if place.kind == "human" and seat not in self.members and seat not in self.covered:
            waited = time.monotonic() - (place.away_since or time.monotonic())
            if self.grace is None:
                return
            if waited < self.grace:
                self._wake_in(self.grace - waited)
                return
            self.covered.add(seat)
            self.log.add(N_("{name} is away: the computer plays for them until they are back."), seat, name=place.name)
            self.broadcast()
        if self._ai_plays(seat):
            self._thinking = True
            game = self.game  # what the AI may know is taken now, by this task, not later
            question = (game.observation(seat), game.legal_actions(), self.seats[seat].level, ai_rng(game, seat))
            self._ai_task = asyncio.get_running_loop().create_task(self._think(self.seq, seat, *question))

    def _wake_in(self, seconds: float) -> None:
        if self._timer:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(max(seconds, 0.0), self.post, "wake")

    async def _think(self, seq: int, seat: int, observation: dict, legal: list[str], level: str, rng: Any) -> None:
        """Choose the AI's move in a worker thread, off the event loop, and post it back."""
        if self.ai_delay:
            await asyncio.sleep(self.ai_delay)
        action = legal[0]
        if len(legal) > 1:
            try:
                action = await asyncio.to_thread(self.game.variant.choose_ai_action, observation, legal, level, rng)
            except Exception:
                traceback.print_exc()
        self.post("ai_move", seq, seat, action)
