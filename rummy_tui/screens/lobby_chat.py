"""The table chat: one line to type at a shared table; Enter sends it to the table log, where
every seat reads it after the sender's name.

At the lobby the line is always there. At the table it stays hidden until the player opens it
(`/`), because the table's letter keys are moves: :meth:`ChatLine.open` shows and focuses it,
and Enter or Escape hides it again and gives the keys back to the table.
"""

from __future__ import annotations

from textual import on
from textual.binding import Binding
from textual.widgets import Input

from rummy_tui.i18n import _
from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.protocol import MAX_CHAT_CHARS, BadMessage, clean_chat


class ChatLine(Input):
    DEFAULT_CSS = """
    ChatLine { background: $boost; }
    ChatLine:focus { background: $accent-muted; }
    ChatLine.-hiding { display: none; }
    """
    BINDINGS = [Binding("escape", "close", _("Close the chat line"), show=False)]

    def __init__(self, client: TableClient, hiding: bool = False, **options) -> None:
        super().__init__(
            placeholder=_("Say something to the table, Enter sends it"),
            max_length=MAX_CHAT_CHARS,
            compact=True,
            **options,
        )
        self.client = client
        self.hiding = hiding  # hidden while not in use (at the table)
        self._hide(hiding)

    def _hide(self, hidden: bool) -> None:
        """A hidden line takes no focus: the screen's first focus would go to it and swallow
        the table's keys."""
        self.set_class(hidden, "-hiding")
        self.can_focus = not hidden

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "close":
            return self.hiding  # an always-there line leaves Escape to its screen
        return True

    def on_mount(self) -> None:
        self.client.chat_refused = self.refused

    def on_unmount(self) -> None:
        if self.client.chat_refused == self.refused:
            self.client.chat_refused = None

    def refused(self, reason: str) -> None:
        """The table refused a line (too fast, say): the player hears why."""
        self.notify(reason, severity="warning")

    def open(self) -> None:
        self._hide(False)
        self.focus()

    def action_close(self) -> None:
        self.value = ""
        self._step_aside()

    def _step_aside(self) -> None:
        if self.hiding:
            self._hide(True)
            self.screen.set_focus(None)

    @on(Input.Submitted)
    async def send(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            text = clean_chat(self.value)
        except BadMessage:  # nothing to send: an empty line just closes
            self._step_aside()
            return
        self.value = ""
        self._step_aside()
        try:
            await self.client.chat(text)
        except TableError as problem:  # the connection is lost (the screen reconnects)
            self.notify(str(problem), severity="error")
