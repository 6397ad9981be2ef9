"""One position of a game at the real table, as one seat saw it, with nothing to play: the coach's
review opens it for a decision (Enter on the list). The game is a replay up to that decision, in
this process only: no computer moves, no clock, no save; q or Escape goes back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from rummy_tui.engine import Game
from rummy_tui.i18n import _
from rummy_tui.storage.writer import DiskStatus
from rummy_tui.tableserver.seat import LocalSeat

from .table import TableScreen
from .table_keys import TABLE_BINDINGS


class PositionSeat(LocalSeat):
    """A seat at a game shown as it was: it offers no move and adds no randomness."""

    @property
    def legal(self) -> list[str]:
        return []

    def add_own_randomness(self) -> None:
        pass


class NoDisk:
    """The table's disk writer for a game that is not saved (one looked at, a lesson's)."""

    def submit(self, game: Game) -> None:
        pass

    def flush(self, timeout: float | None = None) -> DiskStatus:
        return DiskStatus()

    def close(self, timeout: float | None = None) -> None:
        pass


class PositionScreen(TableScreen):
    saves_the_game = False
    BINDINGS: ClassVar[list[BindingType]] = [*TABLE_BINDINGS, Binding("q", "close", _("Back"), id="position-back")]

    def __init__(self, game: Game, seat: int, seats: list[dict[str, Any]], caption: Text) -> None:
        super().__init__(PositionSeat(game, seat, seats), ai_delay=0.0)
        self.viewer = seat
        self.caption = caption

    async def on_mount(self) -> None:
        await super().on_mount()
        self.say(self.caption, whole=True)

    def status_text(self) -> str:
        hand = self.seat.observation["hand_no"]
        return _("Hand {number} · the table as you saw it · q: back", number=hand)

    def advance(self) -> None:
        pass  # nobody plays here

    def start_local_clock(self) -> None:
        pass

    def disk_writer(self) -> Any:
        return NoDisk()

    async def save_before_quit(self) -> DiskStatus:
        return DiskStatus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "hint", "actions_menu"):
            return False
        return super().check_action(action, parameters)

    async def perform(self, code: str) -> bool:
        self.say(_("This is the table as it was: nothing can be played here (q goes back)."), error=True)
        return False

    def action_clear(self) -> None:
        if self.hand.selected or self.hand.staged:
            super().action_clear()
        else:
            self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)
