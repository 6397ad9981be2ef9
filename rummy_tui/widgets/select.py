"""Textual's Select in two widgets instead of six, and without its mount race.

Textual 8.2.8 builds each Select from six widgets: the current-value line (a row of three: the
label, a down arrow and a hidden up arrow) and the option list, hidden until the Select is
opened. Every widget costs its making, mounting, styling and layout, and a form shows several
Selects that are rarely opened: on the start screen three Selects were 18 of its 49 widgets.
Here the line is one widget that draws its label and arrow itself, styled by the same rules,
and the option list is made the first time the Select opens.

Textual's mount race (its issue #6581, open in 8.2.8): a Select sets its value as it mounts and
its line then looks up its label; when the Select mounts late (the start screen builds part of
its form after the first frame) or its screen is taken down meanwhile (a key that leaves the
screen, the app quitting), Textual raised NoMatches, which ended the app. Here the line keeps a
value told before it mounts, and a Select whose line is already gone only keeps its value.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual, visualize
from textual.widgets import Select as TextualSelect
from textual.widgets._option_list import Option
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay

from rummy_tui.i18n import _

ARROW_CELLS = 2  # Textual's arrow: one cell wide with one cell of padding to its left


class SelectMenu(SelectOverlay):
    """Textual's option list of a Select, its footer key in the player's language."""

    BINDINGS = [Binding("escape", "dismiss", _("Dismiss menu"))]


class LabelAndArrow(Visual):
    """The line's label and arrow, laid out as Textual's row of a label (the width left over)
    and an arrow widget (one cell, after one cell of padding, on the label's first line)."""

    def __init__(self, label: Visual, label_style: Style, arrow: str, arrow_style: Style) -> None:
        self.label, self.label_style = label, label_style
        self.arrow, self.arrow_style = Content(arrow), arrow_style

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        label_width = max(width - ARROW_CELLS, 0)
        label = self.label.render_strips(label_width, height, self.label_style, options)
        # Cells where a widget draws nothing show the background beneath it, as Textual's layout fills them.
        background = Style(background=style.background).rich_style
        arrow = Strip([*Strip.blank(1, background), *self.arrow.render_strips(1, 1, self.arrow_style, options)[0]])
        lines = [strip.adjust_cell_length(label_width, background) for strip in label or [Strip([])]]
        lines[0] = Strip.join([lines[0], arrow])
        return [lines[0], *(Strip.join([line, Strip.blank(ARROW_CELLS, background)]) for line in lines[1:])]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.label.get_optimal_width(rules, container_width) + ARROW_CELLS

    def get_height(self, rules: RulesMap, width: int) -> int:
        return max(self.label.get_height(rules, max(width - ARROW_CELLS, 0)), 1)


class SelectLine(SelectCurrent):
    """The current-value line as one widget. A SelectCurrent still (the app's CSS and Textual's
    Select style it as one), but it draws its label and arrow instead of holding three widgets:
    the label's colours are the component classes below (Textual's ``Static#label``, dimmed
    until there is a value), the arrow's ``select-line--arrow`` (Textual's ``.arrow``); the arrow
    points up while the Select is open. It may be told its value before it is mounted."""

    COMPONENT_CLASSES = {"select-line--placeholder", "select-line--label", "select-line--arrow"}

    DEFAULT_CSS = """
    SelectLine {
        & > .select-line--placeholder { color: $foreground 50%; background: transparent; }
        & > .select-line--label { color: $foreground; background: transparent; }
        & > .select-line--arrow { color: $foreground 50%; background: transparent; }
    }
    """

    @property
    def is_container(self) -> bool:
        return False  # Textual's line is a row of widgets (a Horizontal); this one has none

    @property
    def is_scrollable(self) -> bool:
        return False

    def compose(self) -> ComposeResult:
        yield from ()

    def update(self, label) -> None:
        has_value = label is not TextualSelect.NULL
        if has_value and label == self.label and self.has_value:
            return  # shown already (a Select tells its line its value when composing it, and again at mount)
        self.label = label
        self.has_value = has_value
        self.refresh(layout=True)  # as Textual's label did: a longer label may wrap onto another line

    def _watch_has_value(self, has_value: bool) -> None:
        super()._watch_has_value(has_value)
        self.refresh()

    def render(self) -> RenderResult:
        label = visualize(self, self.placeholder if isinstance(self.label, NoSelection) else self.label)
        shown_as = "select-line--label" if self.has_class("-has-value") else "select-line--placeholder"
        opened = self.parent is not None and self.parent.has_class("-expanded")
        return LabelAndArrow(
            label, self.get_visual_style(shown_as), "▲" if opened else "▼", self.get_visual_style("select-line--arrow")
        )


class Select(TextualSelect):
    """Textual's Select, made of its line alone until it is first opened, and steady when mounted
    late or taken down while mounting."""

    def compose(self) -> ComposeResult:
        line = SelectLine(self.prompt)
        # Its value from the start, even one set before mounting (Textual then showed the prompt
        # under a value), and styled so: not drawn, restyled and laid out again at mount.
        if self._value != self.NULL:
            line.label = next((prompt for prompt, value in self._options if value == self._value), self.NULL)
        line.set_reactive(SelectLine.has_value, line.label is not self.NULL)
        if not self._allow_blank or line.has_value:
            line.set_class(True, "-has-value", update=False)
        yield line

    def _line(self) -> SelectLine | None:
        return next((child for child in self._nodes if isinstance(child, SelectLine)), None)

    def _option_list(self) -> SelectOverlay | None:
        return next((child for child in self._nodes if isinstance(child, SelectOverlay)), None)

    def _option_prompts(self) -> list[Option]:
        return [
            Option(Text(self.prompt, style="dim")) if value == self.NULL else Option(prompt)
            for prompt, value in self._options
        ]

    def _setup_options_renderables(self) -> None:
        if (option_list := self._option_list()) is not None:  # otherwise filled when it is made
            option_list.clear_options()
            option_list.add_options(self._option_prompts())

    def _watch_value(self, value) -> None:
        self._value = value
        line = self._line()
        if line is None:
            return  # not composed yet, or taken down: the value is shown when (if) its line is
        if value == self.NULL:
            line.update(self.NULL)
        else:
            for index, (prompt, option_value) in enumerate(self._options):
                if option_value == value:
                    if (option_list := self._option_list()) is not None:
                        option_list.highlighted = index
                    line.update(prompt)
                    break
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        line = self._line()
        if line is None:
            return  # taken down
        if expanded and self._option_list() is None:
            option_list = SelectMenu(type_to_search=self._type_to_search)
            option_list.compact = self.compact
            self.mount(option_list.add_options(self._option_prompts()))
        super()._watch_expanded(expanded)
        line.refresh()  # its arrow

    def _watch_compact(self, compact: bool) -> None:
        if (option_list := self._option_list()) is not None:
            option_list.compact = compact

    def _watch_prompt(self, prompt: str) -> None:
        line = self._line()
        if not self.is_mounted or line is None:
            return
        line.placeholder = prompt
        if not self._allow_blank:
            return
        if self.value == self.NULL:
            line.update(self.NULL)
        if (option_list := self._option_list()) is not None:
            option_list.replace_option_prompt_at_index(0, Text(prompt, style="dim"))

    def action_show_overlay(self) -> None:
        line = self._line()
        if line is None:
            return
        line.has_value = True
        self.expanded = True
        option_list = self._option_list()
        if option_list is not None and option_list.highlighted is None:
            option_list.action_first()
