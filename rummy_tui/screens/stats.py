"""Statistics: per player and variant, a chart of the highlighted player's recent results,
and the finished games, any of which can be replayed."""

from __future__ import annotations

import sqlite3

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Sparkline, Static

from rummy_tui.i18n import _
from rummy_tui.storage.history import FinishedGame, History, HistoryError, StatsRow
from rummy_tui.storage.report import (
    GAME_HEADINGS,
    STATS_HEADINGS,
    game_cells,
    headings,
    player_label,
    stats_cells,
    variant_label,
)
from rummy_tui.widgets.narrow_rows import add_narrow_row

RECENT_GAMES = 20
# Wrap widths (characters) of the long columns, so that every column fits 80 columns.
STATS_NARROW = {0: 14, 1: 16}
GAMES_NARROW = {0: 10, 1: 10, 2: 10, 3: 12, 4: 10}


def results_line(results) -> str:
    """W and L, oldest first: the same games the chart shows."""
    return " ".join(_("W") if result.won else _("L") for result in results)


class StatsScreen(Screen[None]):
    DEFAULT_CSS = """
    StatsScreen { padding: 0 1; }
    StatsScreen #stats-title { text-style: bold; color: $text-accent; padding: 1 0; }
    StatsScreen #stats-problem { color: $text-warning; height: auto; }
    StatsScreen #stats-table { height: 1fr; }
    StatsScreen #stats-chart-box { height: 6; border: round $secondary; padding: 0 1; }
    StatsScreen #stats-chart-caption { height: 2; }
    StatsScreen #stats-chart { height: 2; }
    StatsScreen #stats-games-caption { text-style: bold; padding-top: 1; }
    StatsScreen #stats-games { height: 1fr; }
    """
    BINDINGS = [
        Binding("r", "replay", _("Replay game"), id="stats.replay"),
        Binding("tab", "focus_next", _("Next table"), show=False),
        Binding("q,escape", "back", _("Back"), id="stats.back"),
    ]

    def __init__(self, history: History | None = None) -> None:
        super().__init__()
        self.history = history
        self.problem: str | None = None
        self.rows: list[StatsRow] = []
        self.games: list[FinishedGame] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), id="stats-title")
        yield Static(id="stats-problem")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        with Vertical(id="stats-chart-box"):
            yield Static(id="stats-chart-caption")
            yield Sparkline([], id="stats-chart", summary_function=max)
        yield Static(_("Finished games: Enter or r replays the highlighted one"), id="stats-games-caption")
        yield DataTable(id="stats-games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-chart-box").border_title = _("Recent results")
        self.query_one("#stats-table", DataTable).add_columns(*headings(STATS_HEADINGS))
        self.query_one("#stats-games", DataTable).add_columns(*headings(GAME_HEADINGS))
        self._open_history()
        self.reload()

    def _open_history(self) -> None:
        if self.history is not None:
            self.problem = self.history.problem
            return
        try:
            self.history = History()
            self.problem = self.history.problem
        except (HistoryError, sqlite3.Error, OSError) as error:
            self.problem = str(error)

    def reload(self) -> None:
        problem = self.query_one("#stats-problem", Static)
        problem.update(self.problem or "")
        problem.display = bool(self.problem)
        if self.history is None:
            return
        try:
            self.rows = self.history.stats()
            self.games = self.history.finished_games(limit=200)
        except (sqlite3.Error, ValueError) as error:  # the file went bad or away while open
            problem.update(_("The history cannot be read: {error}", error=error))
            problem.display = True
            return
        stats = self.query_one("#stats-table", DataTable)
        stats.clear()
        for row in self.rows:
            add_narrow_row(stats, stats_cells(row), STATS_NARROW)
        games = self.query_one("#stats-games", DataTable)
        games.clear()
        for game in self.games:
            add_narrow_row(games, game_cells(game), GAMES_NARROW, key=game.game_id)
        if self.rows:
            self.show_chart(self.rows[0])
        else:
            self.query_one("#stats-chart-caption", Static).update(_("No finished games yet."))
        stats.focus()

    def show_chart(self, row: StatsRow) -> None:
        if self.history is None:
            return
        results = self.history.recent_results(row.player, row.variant, limit=RECENT_GAMES)
        self.query_one("#stats-chart", Sparkline).data = [result.score for result in results]
        self.query_one("#stats-chart-caption", Static).update(
            _(
                "{player} in {variant}, last {count} games (scores): {line}",
                player=player_label(row),
                variant=variant_label(row.variant),
                count=len(results),
                line=results_line(results),
            )
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "stats-table" and 0 <= event.cursor_row < len(self.rows):
            self.show_chart(self.rows[event.cursor_row])

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "stats-games":
            self.replay(event.cursor_row)

    def action_replay(self) -> None:
        self.replay(self.query_one("#stats-games", DataTable).cursor_row)

    def replay(self, index: int) -> None:
        if self.history is None or not 0 <= index < len(self.games):
            return
        from rummy_tui.engine import RecordError
        from rummy_tui.screens.replay import ReplayScreen

        try:
            screen = ReplayScreen(self.history.record(self.games[index].game_id))
        except (RecordError, KeyError, ValueError, sqlite3.Error) as error:  # e.g. the rules changed since
            self.notify(_("This game cannot be replayed: {error}", error=error), severity="error")
            return
        self.app.push_screen(screen)

    def action_back(self) -> None:
        self.dismiss(None)
