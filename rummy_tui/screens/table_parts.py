"""What the table screen's parts know of each other, for the type checker only.

:class:`~rummy_tui.screens.table.TableScreen` is put together from mixins, one per concern
(``table_moves.py``, ``table_views.py``, ``table_local.py``, ``table_remote.py``, ``undo.py``,
``jokers.py``). Each mixin derives from :class:`TableParts`, which declares the screen's
attributes and the methods one part calls on another, so each mixin is checked against them.
At run time it is an empty class: the screen defines every one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.text import Text
    from textual.screen import Screen
    from textual.worker import Worker

    from rummy_tui.engine import Game
    from rummy_tui.engine.variant import Variant
    from rummy_tui.tableserver.seat import LocalSeat, RemoteSeat, SeatView
    from rummy_tui.widgets.base import TableView
    from rummy_tui.widgets.hand import HandView

    class TableParts(Screen[None]):
        # the screen's state (table.py)
        seat: SeatView
        local: bool  # solo or hot-seat: the game is in this process
        game_id: str | None
        ai_delay: float
        humans: list[int]
        verbs: set[str]
        _legal: list[str]
        _overlay: bool
        _table_seen: list[dict] | None
        _thinking: int | None
        _epoch: int
        _takeback_refusal: str | None
        joker_meanings: dict[int, str]
        table_lines: list[tuple[str, dict]]
        disk_notes: list[str]

        @property
        def local_seat(self) -> LocalSeat: ...  # the seat, at a game in this process
        @property
        def remote_seat(self) -> RemoteSeat: ...  # the seat, at a shared table
        @property
        def game(self) -> Game: ...  # a local seat's game
        @game.setter
        def game(self, game: Game) -> None: ...
        @property
        def viewer(self) -> int | None: ...
        @viewer.setter
        def viewer(self, seat: int | None) -> None: ...
        @property
        def seats(self) -> list[dict]: ...
        @property
        def names(self) -> list[str]: ...
        @property
        def variant(self) -> Variant: ...
        @property
        def to_move(self) -> int | None: ...
        @property
        def hand(self) -> HandView: ...

        # rendering and turns (table.py)
        def table_view(self) -> TableView: ...
        def refresh_table(self) -> None: ...
        def update_keys(self) -> None: ...
        def status_text(self) -> str: ...
        def say(self, text: str | Text, error: bool = False, whole: bool = False) -> Text: ...
        def after_action(self) -> None: ...
        def advance(self) -> None: ...
        def _latest_public_words(self, seat: int) -> Text: ...

        # playing a move (table_moves.py)
        async def perform(self, code: str) -> bool: ...
        def _cards_code(self, cards: list[int]) -> str: ...
        def _groups_chosen(self) -> list[list[int]]: ...

        # a shared table's connection (table_remote.py)
        _lost: bool
        _gave_up: str | None

        def connection_trouble(self) -> None: ...
        def offer_a_way_out(self) -> None: ...

        # a local table's AI and saves (table_local.py)
        def think(self, seat: int, level: str, turn: int, epoch: int = 0) -> Worker[None]: ...  # @work
        def _autosave(self) -> None: ...

        # the clock (table_clock.py)
        def clock_plays(self, seat: int) -> bool: ...

        # the daily deal (daily_result.py)
        daily: dict[str, Any] | None

else:

    class TableParts:
        """Declarations only (see the module's docstring)."""
