"""The table's keys that open a view over it: the score sheet, the melds on the table, the
discard history, the full log, the rules and the keys. None of them plays a move. A mixin of
:class:`~rummy_tui.screens.table.TableScreen`.
"""

from __future__ import annotations

from rummy_tui.widgets.melds import MeldTableView

from .table_keys import TABLE_BINDINGS, VERB_OF_ACTION
from .table_parts import TableParts


class ViewKeys(TableParts):
    """The views a player opens from the table (each a screen of its own, closed with Esc)."""

    def action_score_sheet(self) -> None:
        from .views import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(self.table_view()))

    def action_table_melds(self) -> None:
        from .views import TableMeldsScreen

        melds = self.query_one(MeldTableView)

        def chosen(index: int | None) -> None:
            if index is not None:
                melds.set_target(index)

        self.app.push_screen(TableMeldsScreen(self.table_view(), melds.card_look(), melds.target), chosen)

    def action_discard_history(self) -> None:
        from .views import DiscardHistoryScreen

        self.app.push_screen(DiscardHistoryScreen(self.table_view()))

    def action_full_log(self) -> None:
        from .log_view import LogScreen

        lines = self.table_lines if not self.local and self.table_lines else self.seat.events  # a shared table's too
        self.app.push_screen(LogScreen(lines, self.names, self.viewer, notes=self.disk_notes))

    def action_rules(self) -> None:
        from .help import RulesScreen

        self.app.push_screen(RulesScreen(self.variant, self.seat.observation["settings"]))

    def action_help(self) -> None:
        from .help import KeysScreen, how_to_play

        unused = {action for action, verb in VERB_OF_ACTION.items() if verb not in self.verbs}
        if "meld" not in self.verbs:
            unused.add("table_melds")
        if self.local:
            unused.add("chat")
        else:
            unused.update({"hint", "undo"} - ({"undo"} if "takeback" in self.verbs else set()))
        steps = how_to_play(self.variant.key, self.seat.observation["settings"])
        self.app.push_screen(KeysScreen(TABLE_BINDINGS, hidden=unused, how_to=steps))
