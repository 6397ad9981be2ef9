"""A variant's lesson at the real table: each step of ``VARIANT.lesson`` is a scripted position with
one instruction; the player moves with the normal keys; a move the step does not expect is
refused with the engine's reason and the lesson's sentence. S skips a step, Z repeats it. After
the last step comes one whole hand against the computer (``easy``), with hints shown at each turn.

The screen is the table screen; only the seat (which moves the step accepts) and the flow from
step to step are the lesson's. The steps are data (``rummy_tui.engine.lessons``): adding one never
touches this file. Nothing of a lesson is saved as a game; the step reached is remembered.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from rummy_tui.engine import Game
from rummy_tui.engine.lessons import LESSON_SEAT, Lesson, Step, is_expected
from rummy_tui.i18n import _
from rummy_tui.i18n import t as tr
from rummy_tui.storage.writer import DiskStatus
from rummy_tui.tableserver.client import TableError
from rummy_tui.tableserver.seat import LocalSeat
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.base import Panel
from rummy_tui.widgets.cards import log_line
from rummy_tui.widgets.fresh import table_copy
from rummy_tui.widgets.piles import PilesView, piles_height

from .position import NoDisk
from .results import EndOfGameScreen
from .table import MESSAGE_ROWS, TableScreen, hand_marker
from .table_keys import TABLE_BINDINGS, bracket_cards

SEAT_NAMES = ("You", "North", "East", "South", "West", "Centre")  # marked N_ in screens/start.py


def lesson_seats(players: int, level: str) -> list[dict[str, Any]]:
    seats = [{"name": _(SEAT_NAMES[0]), "kind": "human", "level": None}]
    return seats + [{"name": _(SEAT_NAMES[seat]), "kind": "ai", "level": level} for seat in range(1, players)]


class LessonSeat(LocalSeat):
    """The learner's seat: during a scripted step it plays only the move the step expects."""

    def __init__(self, game: Game, seats: list[dict[str, Any]]) -> None:
        super().__init__(game, LESSON_SEAT, seats)
        self.step: Step | None = None  # None in the closing hand: every legal move goes
        self.made = 0  # the step's moves made so far

    @property
    def step_done(self) -> bool:
        return self.step is not None and self.made >= len(self.step.moves)

    async def apply(self, action: str) -> None:
        step = self.step
        if step is not None and self.game.current_seat == LESSON_SEAT:
            reason = self.game.why_not(action)
            if reason is not None:
                raise TableError(reason)
            if not is_expected(step, self.made, action):
                raise TableError(_("Not this move."))
        await super().apply(action)
        if step is not None:
            self.made += 1


class LessonResultScreen(EndOfGameScreen):
    """The end of a lesson step's game (Traditional's payout): Enter goes on with the lesson."""

    BINDINGS = [Binding("enter,space", "next", _("Next"), id="next"), *EndOfGameScreen.SCROLL_BINDINGS]

    def action_next(self) -> None:
        self.dismiss(True)


class LessonScreen(TableScreen):
    DEFAULT_CSS = """
    #lesson { height: 3; padding: 0 1; background: $boost; color: $text; }
    """
    saves_the_game = False
    BINDINGS = [
        *TABLE_BINDINGS,
        Binding("S", "skip_step", _("Skip step"), show=False, id="lesson-skip"),
        Binding("Z", "repeat_step", _("Repeat step"), show=False, id="lesson-repeat"),
    ]

    def __init__(self, lesson: Lesson, start_at: int = 0, ai_delay: float = 0.6) -> None:
        self.lesson = lesson
        self.index = max(0, min(start_at, len(lesson.steps)))
        players = lesson.steps[self.index].players if self.index < len(lesson.steps) else 2
        self.lesson_seats = lesson_seats(max(step.players for step in lesson.steps), lesson.closing_level)
        super().__init__(LessonSeat(self._step_game(self.index, players), self.lesson_seats[:players]), ai_delay)
        self.closing = False  # the closing hand against the computer
        self.hand_over = False  # the hand of this step (or the closing hand) has ended
        self.result_shown = False
        self.conclusion = ""  # the last step's closing sentence, said when the next begins
        self.finishing = False

    @property
    def lesson_seat(self) -> LessonSeat:
        assert isinstance(self.seat, LessonSeat)
        return self.seat

    def _step_game(self, index: int, players: int) -> Game:
        if index >= len(self.lesson.steps):
            return self._closing_game()
        game = self.lesson.steps[index].game(self.lesson.variant)
        game.record["seats"] = self.lesson_seats[:players]
        return game

    def _closing_game(self) -> Game:
        from rummy_tui.engine.deals import own_randomness

        seats = self.lesson_seats[:2]
        settings = dict(self.lesson.closing_settings)
        return Game(self.lesson.variant, 2, settings, None, seats=seats, contributions={1: own_randomness(seats)})

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "message":
                yield Panel(id="lesson")
            yield widget

    async def on_mount(self) -> None:
        await super().on_mount()
        self.begin(self.index)

    # --- steps ------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def begin(self, index: int) -> None:
        """Set up step ``index`` (or the closing hand after the last step)."""
        self.index = index
        self.closing = index >= len(self.lesson.steps)
        self.hand_over = self.result_shown = False
        self._epoch += 1  # a computer move chosen for the last position is stale
        self._thinking = None
        step = self.step
        players = step.players if step is not None else 2
        seat = self.lesson_seat
        seat.game = self._step_game(index, players)
        seat._seats = self.lesson_seats[:players]
        seat.step, seat.made = step, 0
        seat.add_own_randomness()
        observation = seat.observation
        self._seen_hand = hand_marker(observation["last_hand"])
        self._table_seen = table_copy(observation["table"])
        self.query_one("#top").styles.height = players + 3
        self.query_one(PilesView).styles.height = piles_height(observation)
        self.hand.clear_selection()
        self.hand.set_cursor(0)
        self.joker_meanings.clear()
        self.remember(index)
        self.show_instruction()
        self.say(self.conclusion, whole=True)
        self.conclusion = ""
        self.refresh_table()
        self.advance()

    def show_instruction(self) -> None:
        step, total = self.step, len(self.lesson.steps)
        if step is None:
            head = _("Last: one whole hand against the computer ({level})", level=_(self.lesson.closing_level))
            words = _("Hints are on: each turn shows what a strong player would do. S ends the lesson.")
            words = f"{self.conclusion} {words}" if self.conclusion else words  # the hints take the message line
        else:
            head = _("Step {number} of {total}: {title}", number=self.index + 1, total=total, title=tr(step.title))
            words = tr(step.instruction) + " " + _("(S skips, Z repeats)")
        text = Text(head, style="bold") + Text("  ") + log_line(bracket_cards(words), self.hand.card_look())
        panel = self.query_one("#lesson", Panel)
        width = max(panel.size.width - 2, 20) if panel.size.width else 78
        panel.styles.height = min(len(text.wrap(self.app.console, width)), 4)
        panel.update(text)

    def on_resize(self) -> None:
        super().on_resize()
        self.call_after_refresh(self.show_instruction)

    def remember(self, index: int) -> None:
        """The step reached, written off the UI thread (an unusable data folder only means it is
        not remembered: the preferences never raise)."""
        from rummy_tui.storage.lessons import remember_lesson

        variant = self.lesson.variant
        self.run_worker(lambda: remember_lesson(variant, index), thread=True, group="lesson-progress")

    def action_skip_step(self) -> None:
        if self._overlay:
            return
        if self.closing:
            self.finish()
        else:
            self.begin(self.index + 1)

    def action_repeat_step(self) -> None:
        if not self._overlay:
            self.begin(self.index)

    def finish(self) -> None:
        """The lesson is done: remembered, and back to the start screen (which marks it done)."""
        if not self.finishing:
            self.finishing = True
            self.run_worker(self._finish(), group="lesson-progress")

    async def _finish(self) -> None:
        from rummy_tui.storage.lessons import remember_lesson

        await asyncio.to_thread(remember_lesson, self.lesson.variant, len(self.lesson.steps), True)
        self.app.notify(_("Lesson finished: {variant}.", variant=self.variant.shown_name()), timeout=8)
        await self.app.run_action("new_game")

    # --- the flow after each move -----------------------------------------------------------

    def advance(self) -> None:
        if self._overlay:
            return
        observation = self.seat.observation
        marker = hand_marker(observation["last_hand"])
        if marker != self._seen_hand and observation["last_hand"] is not None:
            self.hand_over = True
            self._step_finished()
            super().advance()  # the end of the hand, line by line; closing it comes back here
            return
        if self.closing:
            if self.hand_over or observation["result"] is not None:
                self.finish()
            else:
                super().advance()
            return
        if not self.lesson_seat.step_done:
            return  # the learner's next move of the step
        if observation["result"] is not None and not self.result_shown:
            self.result_shown = True
            self._overlay = True
            self.app.push_screen(LessonResultScreen(self.table_view()), self._result_closed)
            return
        if self.step and self.step.play_out and not self.hand_over and self.to_move not in (None, LESSON_SEAT):
            self.next_local_turn(self.seat.observation["to_move"])  # the others play the hand out
            return
        if not self.hand_over:
            self._step_finished()
        self.begin(self.index + 1)

    def _step_finished(self) -> None:
        """What the step's moves did, said at the start of the next one (after the end of the hand)."""
        step = self.step
        if step is not None and step.done and self.lesson_seat.step_done:
            self.conclusion = tr(step.done)

    def _result_closed(self, _result: Any) -> None:
        self._overlay = False
        self.advance()

    def next_local_turn(self, seat: int) -> None:
        super().next_local_turn(seat)
        if self.closing and seat == self.viewer:
            self.find_hint(seat, self.seat.seq, self._epoch)  # hints are on in the closing hand

    def show_end_of_hand(self) -> None:
        """As at any table, without checking the deal: a step's position was set up, not dealt."""
        from .results import EndOfHandScreen, review_of_last_hand

        self._overlay = True
        self.refresh_table()

        def closed(_result: Any) -> None:
            self._overlay = False
            self.refresh_table()
            self.advance()

        review = review_of_last_hand(self) if self.closing else None  # a step's position was never dealt
        self.app.push_screen(EndOfHandScreen(self.table_view(), review=review), closed)

    def show_end_of_game(self) -> None:
        if self.closing:
            self.finish()
        else:
            super().show_end_of_game()

    # --- what a lesson changes at the table ---------------------------------------------------

    def say(self, text: str | Text, error: bool = False, whole: bool = False) -> Text:
        """A refusal in a step says the engine's reason, then what the lesson wants."""
        step = self.step
        if not (error and step is not None and not self.lesson_seat.step_done):
            return super().say(text, error, whole)
        reason = text.plain if isinstance(text, Text) else text
        line = super().say(f"{reason} {tr(step.wrong)}", whole=True)  # wrapped onto the lines above the hand
        message = self.query_one("#message", Panel)
        message.set_class(True, "refused")
        if len(line.wrap(self.app.console, max(message.size.width - 2, 20))) > MESSAGE_ROWS:
            self.app.notify(line.plain, severity="error")  # longer than those lines: whole in a toast too
        return line

    def action_hint(self) -> None:
        """In a step, the hint is the move the step wants, its cards selected (the hard player
        may prefer another move than the rule being taught); in the closing hand, hard's."""
        step = self.step
        if step is None or self.lesson_seat.step_done:
            super().action_hint()
            return
        from rummy_tui.engine.hints import Hint, cards_used

        wanted = step.moves[self.lesson_seat.made][0]
        self.arm_hint(Hint(wanted, "", tuple(cards_used(self.variant, self.seat.observation, wanted))))
        self.say(Text(_("The step wants: ")) + describe(wanted, self.hand.card_look()), whole=True)
        self.update_keys()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo" and not self.closing:
            return False  # a step is repeated with Z
        return super().check_action(action, parameters)

    def disk_writer(self) -> Any:
        return NoDisk()

    async def save_before_quit(self) -> DiskStatus:
        return DiskStatus()


def open_lesson(variant: str, ai_delay: float = 0.6) -> LessonScreen:
    """The lesson of ``variant``, from the step where the player left it."""
    from rummy_tui.storage.lessons import lesson_step
    from variants import get_variant

    try:
        start_at = lesson_step(variant)
    except OSError:  # an unusable data folder: the lesson starts at the beginning
        start_at = 0
    return LessonScreen(get_variant(variant).lesson, start_at, ai_delay)
