"""Join a shared table: type its code or pick it from the tables on this server, choose a free
seat and a name; or watch a table without a seat (the public table, no hand)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import _, ngettext
from rummy_tui.tableserver.client import TableClient, TableError
from rummy_tui.tableserver.protocol import (
    CODE_LENGTH,
    MAX_NAME_CHARS,
    BadMessage,
    clean_name,
    code_typed_well,
    normal_code,
    shown_code,
)
from rummy_tui.widgets.select import Select

ANY_SEAT = -1


def table_line(table: dict[str, Any]) -> Text:
    """One table in the list: code, variant, who sits there, and whether it is under way."""
    from variants import get_variant

    seats = table["seats"]
    free = sum(seat["kind"] == "open" for seat in seats)
    names = ", ".join(seat["name"] for seat in seats if seat["kind"] == "human")
    if table["over"]:
        state = _("over")
    elif table["started"]:
        state = _("playing")
    else:
        state = ngettext("{n} seat free", "{n} seats free", free)
    line = Text(shown_code(table["code"]), style="bold")
    line.append("  " + get_variant(table["variant"]).shown_name() + "  ")
    line.append(names)  # plain text: a name like [b]x shows as typed
    line.append("  " + state, style="dim")
    if table.get("watchable") is False:
        line.append("  " + _("no watching"), style="dim")
    return line


class JoinScreen(Screen):
    DEFAULT_CSS = """
    JoinScreen #join { padding: 0 1; }
    JoinScreen #join-title { text-style: bold; color: $text-accent; }
    JoinScreen .row { height: auto; }
    JoinScreen .caption { width: 16; padding: 0 1 0 0; }
    #join Input { padding: 0 1; background: $boost; width: 24; }
    #join Input:focus { background: $accent-muted; }
    JoinScreen SelectCurrent { border: none; height: 1; padding: 0 1; background: $boost; }
    JoinScreen Select:focus > SelectCurrent { background: $accent-muted; }
    JoinScreen Select { height: auto; width: 40; }
    JoinScreen #join-tables { height: auto; max-height: 8; margin: 1 0; }
    JoinScreen #join-error { color: $text-error; }
    JoinScreen #join-buttons { height: auto; padding: 1 0; }
    JoinScreen #join-buttons Button { height: 1; border: none; min-width: 10; margin: 0 2 0 0; }
    """
    BINDINGS = [
        Binding("ctrl+s", "join", _("Join"), id="join"),
        Binding("ctrl+o", "watch", _("Watch"), id="watch"),
        Binding("f5", "refresh_tables", _("Refresh"), id="refresh"),
        Binding("escape", "back", _("Back"), id="back"),
    ]

    def __init__(self, code: str = "") -> None:
        super().__init__()
        from rummy_tui.tableserver.connect import default_name

        self.code = normal_code(code)
        self.player_name = default_name()
        self.client: TableClient | None = None
        self.tables: dict[str, dict[str, Any]] = {}
        self._sitting = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="join"):
            yield Static(_("Join a table: type its code, or pick one of the tables on this server"), id="join-title")
            yield Horizontal(
                Label(_("Code"), classes="caption"),
                Input(
                    shown_code(self.code),
                    placeholder="KDFM-TQRB",
                    max_length=CODE_LENGTH + 3,
                    id="join-code",
                    compact=True,
                    select_on_focus=False,  # Tab back to the field: typing goes on, it replaces nothing
                ),
                classes="row",
            )
            yield OptionList(id="join-tables", compact=True)
            yield Horizontal(
                Label(_("Your name"), classes="caption"),
                Input(
                    self.player_name,
                    placeholder=_("1 to 16 characters"),
                    max_length=MAX_NAME_CHARS,
                    id="join-name",
                    compact=True,
                    select_on_focus=False,
                ),
                classes="row",
            )
            yield Horizontal(
                Label(_("Seat"), classes="caption"),
                Select([(_("any free seat"), ANY_SEAT)], value=ANY_SEAT, allow_blank=False, id="join-seat"),
                classes="row",
            )
            yield Static(id="join-error")
            yield Horizontal(
                Button(_("Join"), id="join-go", variant="primary"),
                Button(_("Watch"), id="join-watch"),
                Button(_("Refresh"), id="join-refresh"),
                Button(_("Back"), id="join-back"),
                id="join-buttons",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-name" if self.code else "#join-code", Input).focus()
        self.refresh_tables()

    def show_error(self, text: str) -> None:
        self.query_one("#join-error", Static).update(Text(text))

    # --- the tables on this server --------------------------------------------------------

    @work(exclusive=True, group="join-list")
    async def refresh_tables(self) -> None:
        from rummy_tui.tableserver.connect import NoTableServer, address, identity, open_client

        try:
            if self.client is None or not self.client.connected:  # not yet, or the server went away
                if self.client is not None:
                    await self.client.close()
                self.client = await open_client()
                await self.client.hello(self.name_for_hello(), identity=identity(), address=address())
            tables = await self.client.lobby()
        except (NoTableServer, TableError) as problem:
            self.show_error(str(problem))
            return
        except OSError as problem:
            self.show_error(_("The table server could not be reached: {reason}", reason=problem.strerror or problem))
            return
        self.tables = {table["code"]: table for table in tables}
        listing = self.query_one("#join-tables", OptionList)
        listing.clear_options()
        listing.add_options([Option(table_line(table), id=table["code"]) for table in tables])
        if not tables:
            listing.add_option(Option(_("No tables here yet: host one, or ask the host for the code."), disabled=True))
        else:
            listing.highlighted = 0  # Enter in the list picks a table at once
        self.show_error("")
        self.offer_seats()

    def name_for_hello(self) -> str:
        """The table list is shown after a hello: with the name typed so far, if it is one."""
        try:
            return clean_name(self.query_one("#join-name", Input).value)
        except BadMessage:
            return _("Guest")

    def action_refresh_tables(self) -> None:
        self.refresh_tables()

    @on(Button.Pressed, "#join-refresh")
    def refresh_pressed(self) -> None:
        self.refresh_tables()

    @on(OptionList.OptionSelected, "#join-tables")
    def table_picked(self, event) -> None:
        """Enter on a table fills in its code (passing through the list with Tab, or moving in
        it, leaves a code being typed alone)."""
        code = event.option.id
        if code and code != self.code:
            self.query_one("#join-code", Input).value = shown_code(code)  # offers its seats, through code_typed

    @on(Input.Changed, "#join-code")
    def code_typed(self, event: Input.Changed) -> None:
        self.code = normal_code(event.value)
        self.offer_seats()

    def offer_seats(self) -> None:
        """The seat choice: any free seat, or one of the free seats of the table named."""
        table = self.tables.get(self.code)
        free = [index for index, seat in enumerate(table["seats"]) if seat["kind"] == "open"] if table else []
        seat = self.query_one("#join-seat", Select)
        seat.set_options(
            [(_("any free seat"), ANY_SEAT)] + [(_("Seat {number}", number=index + 1), index) for index in free]
        )
        seat.value = ANY_SEAT

    # --- sitting down ---------------------------------------------------------------------

    def checked_code(self) -> str:
        # The field itself, not self.code: a key pressed right after typing (ctrl+s) can come
        # before the field's Changed message has updated self.code.
        code = normal_code(self.query_one("#join-code", Input).value)
        if not code_typed_well(code):
            raise ValueError(_("A table code is {n} letters, such as KDFM-TQRB.", n=CODE_LENGTH))
        return code

    @on(Button.Pressed, "#join-go")
    def action_join(self) -> None:
        try:
            code, name = self.checked_code(), clean_name(self.query_one("#join-name", Input).value)
        except (BadMessage, ValueError) as problem:
            self.show_error(str(problem))
            return
        seat = self.query_one("#join-seat", Select).value
        self.sit(code, name, None if seat == ANY_SEAT else seat, watch=False)

    @on(Button.Pressed, "#join-watch")
    def action_watch(self) -> None:
        try:
            code = self.checked_code()
        except ValueError as problem:
            self.show_error(str(problem))
            return
        try:
            name = clean_name(self.query_one("#join-name", Input).value)
        except BadMessage:
            name = _("Spectator")
        self.sit(code, name, None, watch=True)

    @work(exclusive=True, group="join-sit")
    async def sit(self, code: str, name: str, seat: int | None, watch: bool) -> None:
        from rummy_tui.tableserver.connect import NoTableServer, address, identity, open_client

        from .lobby import sit_down

        if self.client is None or self._sitting:
            self.show_error(_("Not connected to a table server yet; a moment, please."))
            return
        self._sitting = True
        try:
            if not self.client.connected:  # the server went away since the list was shown
                await self.client.close()
                self.client = await open_client()
            await self.client.hello(name, identity=identity(), address=address())
            if watch:
                await self.client.watch(code)
            else:
                await self.client.join(code, seat)
            await self.client.next_view()
        except (NoTableServer, TableError) as problem:
            self.show_error(str(problem))
            return
        except OSError as problem:
            self.show_error(_("The table server could not be reached: {reason}", reason=problem.strerror or problem))
            return
        finally:
            self._sitting = False
        client, self.client = self.client, None  # it belongs to the lobby or the table now
        sit_down(self.app, client)

    @on(Button.Pressed, "#join-back")
    async def action_back(self) -> None:
        if self.client is not None:
            await self.client.close()
        self.dismiss()
