"""What a table in this process adds to the screen (solo and hot-seat): the AI seats' worker,
the hand-off between human players, hints and the save after every move.

AI seats think in a thread worker that only posts a message; the handler applies the move on
the UI thread. These use the :class:`~rummy_tui.tableserver.seat.LocalSeat`'s game, which a
remote seat does not have.
"""

from __future__ import annotations

import asyncio
import time

from textual import work
from textual.message import Message

from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import _
from rummy_tui.storage.writer import DiskStatus, DiskWriter

from .table_parts import TableParts

QUIT_WAIT_SECONDS = 3.0  # how long quitting waits for the disk before saying what is not saved


class AiMoved(Message):
    """An AI seat chose ``action`` when the record held ``turn`` actions, after ``epoch`` undos."""

    def __init__(self, seat: int, action: str, turn: int, epoch: int = 0) -> None:
        super().__init__()
        self.seat, self.action, self.turn, self.epoch = seat, action, turn, epoch


class DiskChanged(Message):
    """The disk writer's status changed: a problem came or went (posted from its thread)."""

    def __init__(self, status: DiskStatus) -> None:
        super().__init__()
        self.status = status


class LocalTurns(TableParts):
    """A mixin of :class:`TableScreen` for a :class:`LocalSeat` (it uses the screen's seat,
    viewer, humans, say and refresh_table)."""

    _writer: DiskWriter | None = None  # made at the first save
    _disk_shown: tuple[bool, bool] = (False, False)  # (save failing, history behind) as last told

    def next_local_turn(self, seat: int) -> None:
        """Whose turn it is now: start the AI's worker, or hand the keyboard to the next human."""
        if len(self.humans) > 1 and seat != self.viewer and self.viewer is not None:
            self.viewer = None  # hot-seat: the last player's cards go face down at once
            self.say("")
            self.refresh_table()
        if self.clock_plays(seat):  # a turn out of time, or a player away after three
            return
        if self.seats[seat]["kind"] != "human":
            turn = self.seat.seq
            if self._thinking != turn:  # one worker per AI move, however often we get here
                self._thinking = turn
                self.think(seat, self.seats[seat].get("level") or "normal", turn, self._epoch)
        elif seat != self.viewer:
            self.hand_off(seat)

    def hand_off(self, seat: int) -> None:
        from .handoff import HandOffScreen

        self.viewer = None  # hide every card until the next player is at the keyboard
        self._overlay = True
        self.say("")  # the last message may name the previous player's cards
        self.refresh_table()

        def taken_over(_result) -> None:
            self._overlay = False
            self.viewer = seat
            self.refresh_table()
            self.advance()

        self.app.push_screen(HandOffScreen(self.names[seat]), taken_over)

    @work(thread=True, group="ai")  # not exclusive: a finishing worker must not be cancelled
    def think(self, seat: int, level: str, turn: int, epoch: int = 0) -> None:
        """Choose the AI's move off the UI thread, then wait so a human can follow it."""
        started = time.monotonic()
        try:
            action = choose_action(self.game, seat, level)
        except Exception:
            if epoch != self._epoch:  # an undo replaced the state under the AI's feet: moot
                return
            raise
        pause = self.ai_delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        self.post_message(AiMoved(seat, action, turn, epoch))

    def on_ai_moved(self, message: AiMoved) -> None:  # by name: @on is not seen in a mixin
        game = self.game
        if (
            game.current_seat != message.seat
            or self.seat.seq != message.turn
            or self._overlay
            or message.epoch != self._epoch
        ):
            return  # the game moved on (a new game, an undo, or a screen took over)
        game.apply(message.action)
        self.say(self._latest_public_words(message.seat))  # never the code: it may name hidden cards
        self.after_action()

    def action_hint(self) -> None:
        """The hard AI's move for the viewer, with its reason; its cards are selected, so the
        move's key plays it. Each hint is counted in the game's record (and so its history), in
        all and for the player who asked (hot-seat: each human at their own turn)."""
        if not self.local or not self._legal or self.viewer is None:
            return
        self.find_hint(self.viewer, self.seat.seq, self._epoch)

    @work(thread=True, group="hint", exclusive=True)
    def find_hint(self, seat: int, turn: int, epoch: int) -> None:
        """The hard AI thinks off the UI thread (a Gin hint samples the opponent's hands)."""
        from rummy_tui.engine.hints import hint_for

        try:
            hint = hint_for(self.game, seat)
        except Exception:
            if self._hint_is_stale(turn, epoch):  # the player moved meanwhile: the hint is moot
                return
            raise
        self.app.call_from_thread(self.show_hint, hint, turn, epoch)

    def _hint_is_stale(self, turn: int, epoch: int) -> bool:
        return epoch != self._epoch or turn != self.seat.seq or self._overlay

    def show_hint(self, hint, turn: int, epoch: int) -> None:
        viewer = self.viewer
        if self._hint_is_stale(turn, epoch) or viewer is None:
            return
        self.count_hint(viewer)
        self.arm_hint(hint)
        self.say(_("Hint: {text}", text=hint.text), whole=True)
        self.update_keys()
        self._autosave()

    def count_hint(self, seat: int) -> None:
        record = self.game.record
        record["hints"] = record.get("hints", 0) + 1
        by_seat = record.get("hints_by_seat")
        if not isinstance(by_seat, list) or len(by_seat) != len(self.seats):
            by_seat = [0] * len(self.seats)
        by_seat[seat] += 1
        record["hints_by_seat"] = by_seat

    def arm_hint(self, hint) -> None:
        """Set the hand and the meld cursor so the hinted move's key plays exactly it: a meld of
        several groups is put aside group by group (``m`` lays them all), a lay-off or a joker
        exchange points the meld cursor at its meld, a joker keeps the meaning the hint gave it."""
        from rummy_tui.engine.hints import hinted_move
        from rummy_tui.widgets.melds import MeldTableView

        move = hinted_move(list(self.seat.observation["hand"]), hint.action)
        self.hand.clear_selection()
        self.joker_meanings.clear()
        self.joker_meanings.update(move.joker_meanings)
        groups = move.groups or [list(hint.cards)]
        if hint.action.startswith("meld:") and len(groups) > 1:
            self.hand.staged.extend(groups)
        else:
            self.hand.selected.update(card for group in groups for card in group)
        if move.target is not None:
            self.query_one(MeldTableView).set_target(move.target)
        self.hand.refresh()

    # --- the disk: saves and history, written by a thread of their own --------------------

    def _autosave(self) -> None:
        """Called after every applied action: the game goes to the disk writer, which saves it
        (and updates the history) off the UI thread, so a slow or locked disk never holds a key."""
        if self.daily is not None:  # a daily deal is one hand, kept in the daily book at its end
            return
        self.disk_writer().submit(self.game)

    def disk_writer(self) -> DiskWriter:
        if self._writer is None:
            from rummy_tui.storage import new_game_id

            if self.game_id is None:
                self.game_id = new_game_id()
            self._writer = DiskWriter(
                self.game_id,
                len(self.game.record["actions"]),
                on_change=lambda status: self.post_message(DiskChanged(status)),
            )
        return self._writer

    async def save_before_quit(self) -> DiskStatus:
        """Save the game as it stands (ctrl+q does before leaving), waiting a little for the
        disk without holding the screen; the status says whether every move is saved."""
        writer = self.disk_writer()
        writer.submit(self.game)
        return await asyncio.to_thread(writer.flush, QUIT_WAIT_SECONDS)

    def on_disk_changed(self, message: DiskChanged) -> None:  # by name: @on is not seen in a mixin
        """A save or the history started failing, or works again: one short line, once per
        change (the whole message, with its path, is in the full log: H)."""
        status = message.status
        for problem in (status.save_problem, status.history_problem):
            if problem and problem not in self.disk_notes:
                self.disk_notes.append(problem)
        saving, history = status.save_problem is not None, status.history_problem is not None
        was_saving, was_history = self._disk_shown
        self._disk_shown = (saving, history)
        if saving and not was_saving:
            self.notify(_("The game is not being saved (H: why)"), severity="warning", timeout=8)
        elif was_saving and not saving:
            self.notify(_("The game is saved again."), timeout=4)
        elif history and not was_history and not saving:
            self.notify(_("Saved; the statistics will catch up (H: why)"), severity="warning", timeout=6)

    async def on_unmount(self) -> None:
        """The table goes (a new game, or quitting): the writer finishes what it holds. When the
        app is closing, wait a little for it, or the last move could be lost with the process."""
        if self._writer is None:
            return
        if self.app.is_running:
            self._writer.close()
        else:
            await asyncio.to_thread(self._writer.close, QUIT_WAIT_SECONDS)
