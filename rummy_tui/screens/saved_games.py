"""Saved games: pick one to continue, or delete one. Dismisses with the chosen game's id.

Saves that cannot be loaded were moved aside by the store; this screen says which and where.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from rummy_tui.i18n import _
from rummy_tui.storage.report import SAVE_HEADINGS, headings, save_cells
from rummy_tui.storage.saves import BadSave, SaveInfo, SaveStore
from rummy_tui.widgets.narrow_rows import add_narrow_row

# Wrap widths (characters) of the Variant, Players, Last played and Progress columns at 80 columns.
NARROW = {0: 15, 1: 18, 2: 10, 3: 22}


class SavedGamesScreen(Screen[str | None]):
    DEFAULT_CSS = """
    SavedGamesScreen { padding: 1 2; }
    SavedGamesScreen #saved-title { text-style: bold; color: $text-accent; padding-bottom: 1; }
    SavedGamesScreen #saved-problems { color: $text-warning; height: auto; }
    SavedGamesScreen #saved-list { height: 1fr; }
    SavedGamesScreen #saved-hint { height: auto; padding-top: 1; }
    SavedGamesScreen #saved-hint.confirm { color: $text-error; text-style: bold; }
    """
    BINDINGS = [
        Binding("enter", "continue_game", _("Continue"), id="saved.continue", priority=True),
        Binding("d,delete", "delete_game", _("Delete"), id="saved.delete"),
        Binding("q,escape", "back", _("Back"), id="saved.back"),
    ]

    def __init__(self, store: SaveStore | None = None, include_finished: bool = False) -> None:
        super().__init__()
        self.store = store or SaveStore()
        self.include_finished = include_finished
        self.saves: list[SaveInfo] = []
        self.pending_delete: str | None = None  # a delete waits for a second press

    def compose(self) -> ComposeResult:
        yield Static(_("Saved games"), id="saved-title")
        yield Static(id="saved-problems")
        yield DataTable(id="saved-list", cursor_type="row", zebra_stripes=True)
        yield Static(id="saved-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*headings(SAVE_HEADINGS))
        self.reload()

    def reload(self) -> None:
        self.saves = [info for info in self.store.list(verify=True) if self.include_finished or not info.finished]
        table = self.query_one(DataTable)
        table.clear()
        for info in self.saves:
            add_narrow_row(table, save_cells(info), NARROW, key=info.id)
        problems = self.query_one("#saved-problems", Static)
        problems.update("\n".join(str(problem) for problem in self.store.problems))
        problems.display = bool(self.store.problems)
        self.show_hint(
            _("Enter continues the highlighted game; d deletes it.") if self.saves else _("No saved games yet.")
        )
        table.focus()

    def show_hint(self, text: str, confirm: bool = False) -> None:
        hint = self.query_one("#saved-hint", Static)
        hint.update(text)
        hint.set_class(confirm, "confirm")

    def highlighted(self) -> SaveInfo | None:
        table = self.query_one(DataTable)
        if not self.saves or not 0 <= table.cursor_row < len(self.saves):
            return None
        return self.saves[table.cursor_row]

    def on_data_table_row_highlighted(self) -> None:
        if self.pending_delete is not None:
            self.pending_delete = None
            self.show_hint(_("Enter continues the highlighted game; d deletes it."))

    def action_continue_game(self) -> None:
        """Dismiss with the id, once the save is known to load (a bad one is set aside here)."""
        chosen = self.highlighted()
        if chosen is None:
            return
        try:
            self.store.load(chosen.id)
        except (BadSave, OSError) as problem:
            if isinstance(problem, BadSave):
                self.store.problems.append(problem)
            else:
                self.notify(str(problem), severity="error")
            self.reload()
            return
        self.dismiss(chosen.id)

    def action_delete_game(self) -> None:
        chosen = self.highlighted()
        if chosen is None:
            return
        if self.pending_delete != chosen.id:
            self.pending_delete = chosen.id
            self.show_hint(
                _(
                    "Delete {progress} ({players})? Press d again to delete it.",
                    progress=chosen.progress,
                    players=", ".join(chosen.seats),
                ),
                confirm=True,
            )
            return
        self.pending_delete = None
        try:
            self.store.delete(chosen.id)
        except OSError as error:
            self.notify(str(error), severity="error")
        self.reload()

    def action_back(self) -> None:
        self.dismiss(None)
