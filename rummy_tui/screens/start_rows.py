"""The start form's rows: the seats, the settings, and the rest below them (the seed, the clock,
the buttons); with the words a seat or a variant is shown by. The start screen and the host's
form (lobby.py) build their forms from these."""

from __future__ import annotations

from itertools import islice
from typing import Any

from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from rummy_tui.engine.variant import Variant
from rummy_tui.i18n import N_, _, language, ngettext, pgettext
from rummy_tui.widgets.caption_row import CaptionRow
from rummy_tui.widgets.onoff import OnOffCheckbox
from rummy_tui.widgets.select import Select

DEFAULT_NAMES = (N_("You"), N_("North"), N_("East"), N_("South"), N_("West"), N_("Centre"))


def default_name(seat: int) -> str:
    """A seat's name until one is typed. The first, "You" in English, is a name in Hungarian
    ("Játékos"): the log words a seat by its name, and «Te» would read «Te osztott»."""
    return pgettext("seat name", "You") if seat == 0 else _(DEFAULT_NAMES[seat])


def seat_kinds() -> list[tuple[str, str]]:
    """Human, or the computer at each level (the engine is imported after the first frame)."""
    from rummy_tui.engine.ai import LEVELS

    return [("human", _("Human"))] + [(f"ai:{level}", _("AI ({level})", level=_(level))) for level in LEVELS]


def players_text(variant) -> str:
    if variant.min_players == variant.max_players:
        return ngettext("{n} player", "{n} players", variant.min_players)
    return _("{low}-{high} players", low=variant.min_players, high=variant.max_players)


def setting_value(form: Screen[Any], name: str) -> object:
    """What the field of setting ``name`` holds: a choice, on or off, or the text typed."""
    field = form.query_one(f"#setting-{name}")
    if isinstance(field, (Select, Checkbox, Input)):
        return field.value
    raise TypeError(f"#setting-{name} is not a setting's field")


def filled_input(value: str, classes: str, **options: Any) -> Input:
    """An Input holding ``value``, with no validators, that has from the start the class Textual
    gives such an Input once its value is set (-valid): added at its mount, the class had Textual
    work out the whole Input's style again (three Inputs on the start screen's first screen)."""
    return Input(value, classes=f"{classes} -valid" if value else classes, **options)


def seat_rows(players: int, kept: dict[int, tuple[str, object]]) -> list[Horizontal]:
    """A row a seat: its caption, its name and who plays it (the row draws its caption: on the
    first screen); the names and kinds in ``kept`` stay as typed."""
    rows: list[Horizontal] = []
    for seat in range(players):
        name, kind = kept.get(seat, (default_name(seat), "human" if seat == 0 else "ai:normal"))
        rows.append(
            CaptionRow(
                _("Seat {number}", number=seat + 1),
                filled_input(name, id=f"seat-name-{seat}", classes="seat-name after-caption"),
                Select(
                    [(words, code) for code, words in seat_kinds()],
                    value=kind,
                    allow_blank=False,
                    id=f"seat-kind-{seat}",
                    classes="seat-kind",
                ),
                classes="row",
            )
        )
    return rows


def setting_rows(variant: Variant, start: int = 0, stop: int | None = None) -> list[Horizontal]:
    """One row a setting (those from `start` to `stop`): its label in words, its field, and its
    whole description (wrapped); the tooltip also names it as the command line does
    (``--set name=value``)."""
    rows = []
    for name, setting in islice(variant.settings.items(), start, stop):
        about = setting.shown_help()  # in the player's language
        tooltip = _("{about} (command line: --set {name}=...)", about=about, name=name)
        field: Widget
        if setting.choices:
            field = Select(
                [(str(choice), choice) for choice in setting.choices],
                value=setting.default,
                allow_blank=False,
                id=f"setting-{name}",
                classes="setting",
                tooltip=tooltip,
            )
        elif isinstance(setting.default, bool):
            field = OnOffCheckbox("", setting.default, id=f"setting-{name}", classes="setting", tooltip=tooltip)
        else:
            field = filled_input(str(setting.default), id=f"setting-{name}", classes="setting", tooltip=tooltip)
        rows.append(
            Horizontal(
                Label(setting.title(name), classes="caption"), field, Label(about, classes="help"), classes="row"
            )
        )
    return rows


def rest_of_the_form() -> list[Widget]:
    """Below the settings: the seed, the clock, the buttons, the daily deal and the display options."""
    from rummy_tui.display import DisplayOptions

    from .daily_result import daily_row
    from .table_clock import clock_row

    return [
        Horizontal(
            Label(_("Seed"), classes="caption"),
            Input(placeholder=_("random"), id="seed", type="integer"),
            classes="row",
        ),
        clock_row(),
        Static(id="start-error"),
        Horizontal(
            Button(_("New game"), id="start-game", variant="primary"),
            Button(_("Continue"), id="continue-saved"),
            Button(_("Statistics"), id="show-stats"),
            Button(_("Rules"), id="show-rules"),
            Button(_("Quit"), id="quit"),
            id="start-buttons",
        ),
        Horizontal(
            Button(_("Host a table"), id="host-table"),
            Button(_("Join a table"), id="join-table"),
            Button(
                _("In English") if language() == "hu" else "Magyarul",
                id="language",
                tooltip=_("Play in the other language (remembered); the game restarts its screens"),
            ),
            Static(_("players at their own terminals, one game"), classes="help"),
            id="table-buttons",
        ),
        daily_row(),
        DisplayOptions(id="display-options"),
    ]
