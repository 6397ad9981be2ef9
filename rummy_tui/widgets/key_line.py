"""The footer of the start screen, the lesson list and the table: the keys of Textual's footer
as one line of text, drawn in place.

Textual's footer is a row of key widgets. When the keys change (at every turn at the table:
draw and take give way to discard), it takes new widgets, or new words in the old ones, and
asks for a layout of the whole screen: 30-45% of the UI's CPU time of a move (issue 23); and
each key widget costs a few milliseconds to make, mount, style and lay out when a screen opens
(8 of them on the start screen, which every visitor of `rummy serve` draws first). This footer
is one widget of one line whose size never changes; new keys are a new line of text, redrawn
in place, and a new width only a redraw.

It shows what Textual's footer shows, as it shows it: the screen's keys in its order, each
"key words" in the footer's colours (dim while disabled), lit under the mouse, its tooltip
when the mouse rests on it, a click on it runs it; the command palette key on the right.

Textual's footer cuts whatever runs past the right edge, and the help key comes last, so a
selection that offers many moves (a joker: meld, lay off, joker, joker as) pushed "? Keys" off
screen, and the Hungarian start screen lost "f3 Belépés" and "^q Kilépés". Here, when the keys
do not fit, the command palette key goes first (ctrl+p still works, and the keys screen names
it), then the keys the screen names in ``FOOTER_SPARE`` (in that order), then the keys just
before the help key, so that it always shows. Every key left off still works; the keys screen
lists them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

HELP_ACTION = "help"
BORDER = "▏"  # Textual's footer draws the palette key with a "vkey" left border


@dataclass(frozen=True)
class Key:
    """One key as the footer shows it."""

    key: str
    display: str  # the key as written: "^p", "?"
    description: str
    action: str
    enabled: bool
    tooltip: str
    palette: bool = False  # the command palette key: drawn compact, on the right

    @property
    def cells(self) -> int:
        """Its columns: " d Draw " (the key with a cell either side, the words and a cell)."""
        if not self.description:
            return len(self.display)
        return len(self.display) + 2 + len(self.description) + 1


def fitting(keys: list[Key], room: int, spare: tuple[str, ...]) -> list[Key]:
    """The keys shown in ``room`` columns: all when they fit, else without the palette key, then
    without the ``spare`` actions (in order), then the keys just before help until they fit."""
    if sum(key.cells for key in keys) <= room:
        return keys
    keys = [key for key in keys if not key.palette]
    for action in spare:
        if sum(key.cells for key in keys) <= room:
            break
        keys = [key for key in keys if key.action != action]
    help_keys = [key for key in keys if key.action == HELP_ACTION]
    room -= sum(key.cells for key in help_keys)
    kept = []
    for key in keys:
        if key.action == HELP_ACTION:
            continue
        if key.cells > room:
            break
        kept.append(key)
        room -= key.cells
    return kept + help_keys


class KeyLine(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--key",
        "footer-key--description",
        "key-line--hover",
        "key-line--disabled",
        "key-line--border",
    }
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .key-line--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        & > .key-line--disabled {
            text-style: dim;
        }
        & > .key-line--border {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.shown: list[Key] = []  # the keys on the line, left to right (the palette key last)
        self._spans: list[tuple[int, int, Key]] = []  # the columns each shown key takes
        self._hovered: Key | None = None
        self._ready = False  # Textual's footer too waits for the screen's first word on its bindings

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen) -> None:
        self.update_keys()

    def on_resize(self) -> None:
        if self._ready:
            self.update_keys()

    # --- which keys --------------------------------------------------------------------

    def screen_keys(self) -> list[Key]:
        """Every key Textual's footer would show now, in its order (one per action)."""
        app, keys, actions = self.app, [], set()
        active = self.screen.active_bindings
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append(
                    Key(
                        binding.key, app.get_key_display(binding), binding.description, binding.action, enabled, tooltip
                    )
                )
        palette = active.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        if palette is not None:
            _node, binding, enabled, _tooltip = palette
            words = binding.tooltip or binding.description
            keys.append(
                Key(
                    binding.key, app.get_key_display(binding), binding.description, binding.action, enabled, words, True
                )
            )
        return keys

    def update_keys(self) -> None:
        """Show the screen's keys now; redraw the line only when they changed."""
        self._ready = True
        if not self.is_attached:
            return
        shown = fitting(self.screen_keys(), self.app.size.width - 1, getattr(self.screen, "FOOTER_SPARE", ()))
        if shown != self.shown:
            self.shown = shown
            self._hovered = None
            self.refresh()

    # --- the line ------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The line's segments as they are: Textual's way from ``render`` would give the
        blanks between the keys the footer's text colour, which Textual's footer leaves out."""
        if y:
            return Strip.blank(self.size.width, self.rich_style)
        return Strip(self.line().render(self.app.console), self.size.width)

    def line(self) -> Text:
        """The keys as the line shows them, across its width (and where each key is, for the mouse)."""
        self._spans = []
        base = self.rich_style
        blank = Style(bgcolor=base.bgcolor)  # between the keys Textual shows the footer's background alone
        line = Text(no_wrap=True, end="")
        for key in self.shown:
            if not key.palette:
                self._spans.append((len(line), len(line) + key.cells, key))
                line.append_text(self._drawn(key, base, compact=False))
        for key in self.shown:
            if key.palette:  # docked right, after a border, with a cell of padding
                drawn = self._drawn(key, base, compact=True)
                start = max(len(line), self.size.width - len(drawn) - 2)
                line.append(" " * (start - len(line)), blank)
                self._spans.append((start, start + len(drawn) + 2, key))
                lit = self._lit() if key is self._hovered else Style()
                line.append(BORDER, self.get_component_rich_style("key-line--border") + lit)
                line.append_text(drawn)
                line.append(" ", blank + lit)
        line.append(" " * (self.size.width - len(line)), blank)
        line.truncate(self.size.width)
        return line

    def _lit(self) -> Style:
        return Style(bgcolor=self.get_component_rich_style("key-line--hover").bgcolor)

    def _drawn(self, key: Key, base: Style, compact: bool) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        words_style = self.get_component_rich_style("footer-key--description")
        if key is self._hovered:
            key_style, words_style = key_style + self._lit(), words_style + self._lit()
        if not key.description:
            drawn = Text(key.display, key_style)
        elif compact:
            drawn = Text.assemble((key.display, key_style), (" " + key.description, words_style))
        else:
            drawn = Text.assemble((f" {key.display} ", key_style), (key.description + " ", words_style))
        if not key.enabled:
            base += self.get_component_rich_style("key-line--disabled")
        drawn.stylize_before(base)
        return drawn

    # --- the mouse -----------------------------------------------------------------------

    def key_at(self, x: int) -> Key | None:
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.key_at(event.x))

    def on_leave(self) -> None:
        self._hover(None)

    def _hover(self, key: Key | None) -> None:
        if key is self._hovered:
            return
        self._hovered = key
        self.tooltip = key.tooltip if key is not None and key.tooltip else None
        self.styles.pointer = "default" if key is None else "pointer"
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
