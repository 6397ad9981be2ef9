"""rummy_tui/widgets/variant_list.py: the start screen's variant rows are made and drawn once per
process. A list drawn from the shared rows shows what Textual's own list shows, cell for cell
and style for style (a highlighted row included), and a second list of the same rows (the next
game forked from the template) draws none of them again."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from rummy_tui.widgets.variant_list import VariantList


def prompts() -> list[Option]:
    rows = []
    for index, (name, about) in enumerate([("Gin Rummy", "Two players, ten cards."), ("Rummy", "The classic.")] * 2):
        prompt = Text("> " if index == 1 else "  ", style="bold")
        prompt.append(f"{name} {index}", style="bold")
        prompt.append("\n")
        prompt.append(about, style="dim")
        rows.append(Option(prompt, id=f"row-{index}"))
    return rows


class Lists(App):
    AUTO_FOCUS = None
    CSS = "OptionList { height: auto; width: 40; }"

    def compose(self) -> ComposeResult:
        yield OptionList(*prompts(), id="plain")
        yield VariantList(*prompts(), id="shared")

    def on_mount(self) -> None:
        for option_list in self.query(OptionList):
            option_list.highlighted = 1


def cells(strip) -> list[tuple[str, object]]:
    return [(character, segment.style) for segment in strip for character in segment.text]


async def test_shared_rows_show_what_textuals_list_shows():
    app = Lists()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        plain, shared = app.query_one("#plain"), app.query_one("#shared")
        assert plain.region.height == shared.region.height == 10  # four rows of two lines, a border
        for highlighted in (1, 2, 1):  # the same rows drawn highlighted and not
            plain.highlighted = shared.highlighted = highlighted
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            for line in range(plain.region.height):
                assert cells(strips[plain.region.y + line]) == cells(strips[shared.region.y + line])
        assert any("> Rummy 1" in strips[shared.region.y + line].text for line in range(shared.region.height))


async def test_a_second_list_of_the_same_rows_draws_none_again(monkeypatch):
    async with Lists().run_test(size=(80, 20)) as pilot:
        await pilot.pause()
    drawn: list[int] = []
    textuals = OptionList._get_option_render

    def counted(option_list, option, style):
        if isinstance(option_list, VariantList):
            drawn.append(option_list.get_option_index(option.id))
        return textuals(option_list, option, style)

    monkeypatch.setattr(OptionList, "_get_option_render", counted)
    app = Lists()
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        assert "Rummy 3" in "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    assert drawn == []
