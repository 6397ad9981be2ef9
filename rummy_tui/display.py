"""Readable cards: the display options a player can turn on (large cards, four-colour suits, a
high-contrast theme), remembered in ``settings.json``, and the high-contrast theme itself.

The app holds each option as an attribute (``large_cards``, ``four_colour``, ``high_contrast``);
the start screen's row of switches (:class:`DisplayOptions`), the command palette and the flags
of the same names set them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.theme import Theme
from textual.widgets import Button, Static

from rummy_tui.i18n import N_, _

OPTIONS = {  # attribute: (words, what it does)
    "large_cards": (N_("Large cards"), N_("Bigger cards, framed, with their rank where the terminal has room")),
    "four_colour": (N_("Four colours"), N_("Spades black, hearts red, diamonds blue, clubs green")),
    "high_contrast": (N_("High contrast"), N_("White on black with bright colours")),
}
HIGH_CONTRAST_THEME = "rummy-high-contrast"
HIGH_CONTRAST = Theme(
    name=HIGH_CONTRAST_THEME,
    primary="#4DA6FF",  # four-colour diamonds: a blue that stands out on black
    secondary="#00FFFF",
    accent="#FFFF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#202020",
    success="#00FF00",
    warning="#FFFF00",
    error="#FF4040",
    dark=True,
)


def remembered_options() -> dict[str, bool]:
    """The display options the player turned on at the start screen (or in the palette)."""
    from rummy_tui.storage.preferences import load_preferences

    try:
        preferences = load_preferences()
    except OSError:
        return {}
    return {name: preferences.get(name) is True for name in OPTIONS}


def remember_option(name: str, value: bool) -> None:
    from rummy_tui.storage.preferences import save_preference

    save_preference(name, value)


def switch_words(name: str, on: bool) -> str:
    words = _(OPTIONS[name][0])
    return _("{option}: on", option=words) if on else _("{option}: off", option=words)


class DisplayOptions(Horizontal):
    """The start screen's switches for the display options: each press turns one on or off
    for this game and the next ones."""

    def compose(self) -> ComposeResult:
        for name, (_words, about) in OPTIONS.items():
            yield Button(switch_words(name, getattr(self.app, name, False)), id=f"display-{name}", tooltip=_(about))
        yield Static(_("cards anyone can read (also --large-cards, --four-colour, --high-contrast)"), classes="help")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = (event.button.id or "").removeprefix("display-")
        if name not in OPTIONS:
            return
        event.stop()
        on = not getattr(self.app, name, False)
        toggle = getattr(self.app, "toggle_option", None)
        if toggle is not None:
            toggle(name)
        else:
            setattr(self.app, name, on)
        event.button.label = switch_words(name, on)
