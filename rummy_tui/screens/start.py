"""The start screen: choose a variant, the seats, the settings and a seed; or read the rules."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from rummy_tui.engine.ai import LEVELS
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import _

DEFAULT_NAMES = (_("You"), _("North"), _("East"), _("South"), _("West"), _("Centre"))
SEAT_KINDS = [("human", _("Human"))] + [(f"ai:{level}", _("AI ({level})", level=_(level))) for level in LEVELS]


def players_text(variant) -> str:
    if variant.min_players == variant.max_players:
        return _("{count} players", count=variant.min_players)
    return _("{low}-{high} players", low=variant.min_players, high=variant.max_players)


class StartScreen(Screen):
    BINDINGS = [
        Binding("ctrl+s", "start", _("Start"), id="start"),
        Binding("f1", "rules", _("Rules"), id="rules"),
        Binding("ctrl+q", "app.quit", _("Quit"), id="quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from variants import registry

        self.variants = registry()
        self.variant = next(iter(self.variants.values()))
        self.players = self.variant.min_players

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start-form"):
            yield Static(_("Rummy: five variants, against the computer or hot-seat"), id="start-title")
            with Horizontal(classes="row"):
                yield Label(_("Variant"), classes="caption")
                yield Select([(f"{v.name} ({players_text(v)})", key) for key, v in self.variants.items()],
                             value=self.variant.key, allow_blank=False, id="variant")
            yield Static(self.variant.description, id="variant-description")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="caption")
                yield Select(self._player_choices(), value=self.players, allow_blank=False, id="players")
            yield Vertical(id="seats")
            yield Static(_("Settings"), classes="section")
            yield Vertical(id="settings")
            with Horizontal(classes="row"):
                yield Label(_("Seed"), classes="caption")
                yield Input(placeholder=_("random"), id="seed", type="integer")
            yield Static(id="start-error")
            with Horizontal(id="start-buttons"):
                yield Button(_("New game"), id="start-game", variant="primary")
                yield Button(_("Rules"), id="show-rules")
                yield Button(_("Quit"), id="quit")
        yield Footer()

    def on_mount(self) -> None:
        self._rebuild_seats()
        self._rebuild_settings()

    def _player_choices(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(self.variant.min_players, self.variant.max_players + 1)]

    def _rebuild_seats(self) -> None:
        seats = self.query_one("#seats", Vertical)
        seats.remove_children()
        rows = []
        for seat in range(self.players):
            kind = "human" if seat == 0 else "ai:normal"
            rows.append(Horizontal(
                Label(_("Seat {number}", number=seat + 1), classes="caption"),
                Input(value=DEFAULT_NAMES[seat], id=f"seat-name-{seat}", classes="seat-name"),
                Select([(words, code) for code, words in SEAT_KINDS], value=kind, allow_blank=False,
                       id=f"seat-kind-{seat}", classes="seat-kind"),
                classes="row"))
        seats.mount_all(rows)

    def _rebuild_settings(self) -> None:
        box = self.query_one("#settings", Vertical)
        box.remove_children()
        rows = []
        for name, setting in self.variant.settings.items():
            if isinstance(setting.default, bool):
                field = Checkbox(name, setting.default, id=f"setting-{name}", tooltip=setting.help)
                rows.append(Horizontal(field, Label(setting.help, classes="help"), classes="row"))
            else:
                field = Input(str(setting.default), id=f"setting-{name}", classes="setting", tooltip=setting.help)
                rows.append(Horizontal(Label(name, classes="caption"), field, Label(setting.help, classes="help"),
                                       classes="row"))
        box.mount_all(rows)

    @on(Select.Changed, "#variant")
    def variant_chosen(self, event: Select.Changed) -> None:
        if event.value == self.variant.key:
            return
        self.variant = self.variants[event.value]
        self.query_one("#variant-description", Static).update(self.variant.description)
        self.players = max(self.variant.min_players, min(self.players, self.variant.max_players))
        players = self.query_one("#players", Select)
        players.set_options(self._player_choices())
        players.value = self.players
        self._rebuild_seats()
        self._rebuild_settings()

    @on(Select.Changed, "#players")
    def players_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players:
            self.players = event.value
            self._rebuild_seats()

    @on(Button.Pressed, "#start-game")
    def action_start(self) -> None:
        try:
            options = self.table_options()
        except (SettingError, ValueError) as error:
            self.query_one("#start-error", Static).update(str(error))
            return
        self.app.start_game(**options)

    @on(Button.Pressed, "#show-rules")
    def action_rules(self) -> None:
        from .help import RulesScreen

        self.app.push_screen(RulesScreen(self.variant))

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.app.exit()

    def table_options(self) -> dict:
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#seat-name-{seat}", Input).value.strip() or DEFAULT_NAMES[seat]
            kind = self.query_one(f"#seat-kind-{seat}", Select).value
            if kind == "human":
                seats.append({"name": name, "kind": "human", "level": None})
            else:
                seats.append({"name": name, "kind": "ai", "level": str(kind).partition(":")[2]})
        settings = {}
        for name in self.variant.settings:
            field = self.query_one(f"#setting-{name}")
            settings[name] = field.value
        settings = self.variant.resolve_settings(settings)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(1_000_000)
        return {"variant": self.variant.key, "players": self.players, "settings": settings, "seed": seed,
                "seats": seats}
