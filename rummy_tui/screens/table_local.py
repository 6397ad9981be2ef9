"""What a table in this process adds to the screen (solo and hot-seat): the AI seats' worker,
the hand-off between human players, hints and the save after every move.

AI seats think in a thread worker that only posts a message; the handler applies the move on
the UI thread. These use the :class:`~rummy_tui.tableserver.seat.LocalSeat`'s game, which a
remote seat does not have.
"""

from __future__ import annotations

import time

from textual import work
from textual.message import Message

from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import _
from rummy_tui.widgets.base import Panel


class AiMoved(Message):
    """An AI seat chose ``action`` when the record held ``turn`` actions, after ``epoch`` undos."""

    def __init__(self, seat: int, action: str, turn: int, epoch: int = 0) -> None:
        super().__init__()
        self.seat, self.action, self.turn, self.epoch = seat, action, turn, epoch


class LocalTurns:
    """A mixin of :class:`TableScreen` for a :class:`LocalSeat` (it uses the screen's seat,
    viewer, humans, say and refresh_table)."""

    def next_local_turn(self, seat: int) -> None:
        """Whose turn it is now: start the AI's worker, or hand the keyboard to the next human."""
        if len(self.humans) > 1 and seat != self.viewer and self.viewer is not None:
            self.viewer = None  # hot-seat: the last player's cards go face down at once
            self.say("")
            self.refresh_table()
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
        if (game.current_seat != message.seat or self.seat.seq != message.turn or self._overlay
                or message.epoch != self._epoch):
            return  # the game moved on (a new game, an undo, or a screen took over)
        game.apply(message.action)
        self.say(self._latest_public_words(message.seat))  # never the code: it may name hidden cards
        self.after_action()

    def action_hint(self) -> None:
        """The hard AI's move for the viewer, with its reason; its cards are selected, so the
        move's key plays it. Each hint is counted in the game's record (and so its history)."""
        if not self.local or len(self.humans) != 1 or not self._legal:
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
        if self._hint_is_stale(turn, epoch):
            return
        self.game.record["hints"] = self.game.record.get("hints", 0) + 1
        self.hand.clear_selection()
        self.hand.selected.update(hint.cards)
        self.hand.refresh()
        line = self.say(_("Hint: {text}", text=hint.text))
        if line.cell_len > self.query_one("#message", Panel).size.width - 2:
            self.notify(line.plain)  # too long for the line: show it whole as well
        self.update_keys()
        self._autosave()

    def save_now(self) -> bool:
        """Save the game as it stands (ctrl+q does before leaving); False if it could not be.
        A shared table is saved by its server: nothing to do here."""
        return self._autosave() if self.local else True

    def _autosave(self) -> bool:
        """Called after every applied action: the game is saved (and the history updated)."""
        from rummy_tui.storage import autosave, new_game_id

        if self.game_id is None:
            self.game_id = new_game_id()
        saved = True
        try:
            warning = autosave(self.game_id, self.game)
        except OSError as error:
            warning, saved = _("The game could not be saved: {error}", error=error), False
        if warning:
            self.notify(warning, severity="warning")
        return saved
