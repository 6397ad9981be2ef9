"""Choose a lesson: the variants, each marked when its lesson is done (`rummy learn`, and Learn on
the start screen)."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import _, ngettext
from rummy_tui.widgets.key_line import KeyLine


def done_mark(words: str, ascii_only: bool) -> str:
    """``✓ done``, or ``[done]`` where the terminal shows ASCII only."""
    return f"[{words}]" if ascii_only else f"✓ {words}"


def lesson_prompt(variant, done: bool, ascii_only: bool = False) -> Text:
    prompt = Text(variant.shown_name(), style="bold")
    if done:
        prompt.append("  " + done_mark(_("done"), ascii_only), style="green")
    steps = len(variant.lesson.steps)
    words = ngettext("{count} short step, then one hand", "{count} short steps, then one hand", steps, count=steps)
    prompt.append("\n" + words, style="dim")
    return prompt


async def finished_lessons() -> set[str]:
    """The variants whose lesson is done (read off the UI thread; an unreadable folder: none)."""
    from rummy_tui.storage.lessons import lessons_done

    try:
        return await asyncio.to_thread(lessons_done)
    except OSError:
        return set()


class LessonsScreen(Screen[str | None]):
    """Dismissed with the chosen variant's key (None: back); whoever opened it starts the lesson."""

    BINDINGS = [Binding("escape,q", "back", _("Back"), id="back")]

    def __init__(self, highlighted: str | None = None) -> None:
        super().__init__()
        self.highlighted = highlighted

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            yield Static(Text(_("Learn a game: choose a variant (Enter)"), style="bold"))
            yield Static(_("Each lesson shows one rule at a time at the real table; you make the moves."))
            yield OptionList(id="lessons")
        yield KeyLine()

    async def on_mount(self) -> None:
        from variants import registry

        done = await finished_lessons()
        ascii_only = getattr(self.app, "ascii_only", False)
        choices = [(key, v) for key, v in registry().items() if v.lesson is not None]
        picker = self.query_one(OptionList)
        picker.add_options([Option(lesson_prompt(v, key in done, ascii_only), id=key) for key, v in choices])
        keys = [key for key, _v in choices]
        picker.highlighted = keys.index(self.highlighted) if self.highlighted in keys else 0
        picker.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
