"""ctrl+q with moves the disk did not take: say how many, where the last good save is and why,
and ask once whether to quit anyway."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from rummy_tui.i18n import _, ngettext
from rummy_tui.storage.report import local_time
from rummy_tui.storage.writer import DiskStatus


class QuitAnywayScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", _("Quit anyway"), id="quit-anyway"),
        Binding("n,escape", "answer(False)", _("Keep playing"), id="keep-playing"),
    ]

    def __init__(self, status: DiskStatus) -> None:
        super().__init__()
        self.status = status

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static(Text(_("Quit without saving?"), style="bold"), id="quit-title")
            yield Static(self.words(), id="quit-words")
        yield Footer()

    def words(self) -> str:
        status = self.status
        lines = [ngettext("{n} move could not be saved.", "{n} moves could not be saved.", status.unsaved_moves)]
        if status.last_save is not None and status.last_saved_at is not None:
            lines.append(
                _(
                    "The last good save is {path}, from {time}.",
                    path=status.last_save,
                    time=local_time(status.last_saved_at),
                )
            )
        else:
            lines.append(_("This game has not been saved yet."))
        if status.save_problem:
            lines.append(status.save_problem)
        lines.append(_("Press y to quit anyway, or n to keep playing (the game tries to save after every move)."))
        return "\n\n".join(lines)

    def action_answer(self, quit: bool) -> None:
        self.dismiss(quit)
