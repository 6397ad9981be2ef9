"""Taking moves back at the table: against the computer the engine rewinds the record to the
player's last move it allows (``Game.undo_point``); a hot-seat table and a shared table keep
Römi's own takeback, which is a move like any other."""

from __future__ import annotations

from rich.text import Text

from rummy_tui.i18n import _, ngettext
from rummy_tui.widgets.actions import describe

from .table_parts import TableParts


class UndoMoves(TableParts):
    """The `u` key of :class:`TableScreen` (a mixin: it uses the screen's seat, hand and say)."""

    def _solo(self) -> bool:
        """Exactly one human against the computer, in this process: only then may moves be taken back."""
        return self.local and len(self.humans) == 1

    def _undo_point(self) -> int | None:
        if not self._solo() or self._overlay or self.viewer is None or self.game.is_over:
            return None
        return self.game.undo_point(self.viewer)

    def _takeback_allowed(self) -> bool:
        """Römi's own takeback (this turn's table moves), the rule at a hot-seat or shared table."""
        return "takeback" in self.verbs and bool(self._legal) and self._takeback_reason() is None

    def _takeback_reason(self) -> str | None:
        """Why Römi's takeback is refused now: a local game answers at once; a remote seat's
        answer was asked when its view arrived (check_action cannot wait for the server)."""
        if self.local:
            return self.game.why_not("takeback")
        return self._takeback_refusal

    async def action_undo(self) -> None:
        count = self._undo_point()
        if count is None:
            if self._takeback_allowed():
                await self.perform("takeback")
            else:
                self.say(self._why_no_undo(), error=True)
            return
        game = self.game
        taken_back = game.record["actions"][count]
        others = len(game.record["actions"]) - count - 1
        game.rewind(count)
        self._epoch += 1
        self._thinking = None
        self.hand.clear_selection()
        self.joker_meanings.clear()
        words = Text(_("Taken back: ")) + describe(taken_back, self.hand.card_look())
        if others:
            words += Text(" " + ngettext("(and {n} move after it)", "(and {n} moves after it)", others))
        self.say(words)
        self.after_action()

    def _why_no_undo(self) -> str:
        if self.viewer is None or self._overlay:
            return _("It is not your turn.")
        if not self._solo():
            if "takeback" in self.verbs and self._legal:
                return self._takeback_reason() or ""
            return _("Moves are taken back only in a game against the computer.")
        return self.game.why_no_undo(self.viewer) or ""  # the engine says it in the player's words already
