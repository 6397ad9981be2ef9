"""One line to say something to a shared table: Enter sends it, Escape closes without sending."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from rummy_tui.i18n import _

CHAT_MAX_LENGTH = 200


class ChatPrompt(ModalScreen[str | None]):
    """Dismissed with the line typed (stripped; None when empty or cancelled)."""

    DEFAULT_CSS = """
    ChatPrompt { align: center bottom; }
    ChatPrompt > Vertical { width: 80%; height: auto; border: round $secondary; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", _("Close"), id="close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Label(_("Say to the table (Enter sends, Escape closes):"))
            yield Input(max_length=CHAT_MAX_LENGTH, id="chat-line")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
