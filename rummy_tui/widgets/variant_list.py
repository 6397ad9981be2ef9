"""The start screen's list of variants, its rows made and drawn once per process, not once per game.

Every game shows the same few rows (each variant, marked with ">" or not), and a served game is
forked from a template that has drawn the start screen already (rummy_tui/serve/template.py).
Textual's OptionList makes each row's text again and draws it again in every list: a sixth of
the CPU of a served game's complete start screen. Here a row's text, made from its prompt, is
kept under the prompt's value, and its lines under everything they are drawn from (the text,
the style, the padding, the width and the row's place); a game forked from the template finds
both. Text and lines are never changed once made, so lists may share them.
"""

from __future__ import annotations

from rich.text import Text
from textual.cache import LRUCache
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widgets import OptionList
from textual.widgets.option_list import Option

VISUALS: LRUCache[tuple, Visual] = LRUCache(128)  # a few rows for each language and lesson marks
RENDERS: LRUCache[tuple, list[Strip]] = LRUCache(256)  # and for each width and style they are drawn at


def prompt_key(prompt: object) -> tuple | None:
    """A rich Text prompt's value (what its text is made from); None for any other prompt."""
    if not isinstance(prompt, Text):
        return None
    return (
        prompt.plain,
        tuple(prompt.spans),
        str(prompt.style),
        prompt.justify,
        prompt.overflow,
        prompt.no_wrap,
        prompt.end,
        prompt.tab_size,
    )


class VariantList(OptionList):
    """An OptionList whose rows' texts and lines are shared by every list of the process."""

    def _get_visual(self, option: Option) -> Visual:
        if option._visual is None and (key := prompt_key(option.prompt)) is not None:
            key = (key, self._markup)
            visual = VISUALS.get(key)
            if visual is None:
                visual = VISUALS[key] = visualize(self, option.prompt, markup=self._markup)
            option._visual = visual
        return super()._get_visual(option)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        prompt = prompt_key(option.prompt)
        if option._divider or prompt is None:
            return super()._get_option_render(option, style)
        key = (
            prompt,
            self._markup,
            style,
            self.get_component_styles("option-list--option").padding,
            self.scrollable_content_region.width - self._get_left_gutter_width(),
            self._option_to_index[option],
        )
        strips = RENDERS.get(key)
        if strips is None:
            strips = RENDERS[key] = super()._get_option_render(option, style)
        return strips
