"""Issue 13, should-fix "Start screen": `?` explains it, settings have labels in words and whole
descriptions, and a checkbox says on or off in text (it must read right under NO_COLOR)."""

from __future__ import annotations

from textual.widgets import Label

from rummy_tui.app import RummyApp
from rummy_tui.screens.help import KeysScreen
from rummy_tui.widgets.onoff import OnOffCheckbox

from .screen_text import screen_lines, screen_text
from .test_lobby import until
from .test_start import form_ready


async def choose(pilot, start, key: str) -> None:
    start.query_one("#variant").focus()
    while start.variant.key != key:
        await pilot.press("down")
        await form_ready(pilot)


async def test_question_mark_opens_the_keys_of_the_start_screen():
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await form_ready(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        text = screen_text(app)
        assert "How to use this screen" in text and "ctrl+s" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, KeysScreen)


async def test_down_the_variants_every_setting_is_described_a_checkbox_says_on_or_off_and_a_typed_seat_stays(
    monkeypatch,
):
    """One walk down the variant list under NO_COLOR (where a colour says nothing): the
    highlighted variant is marked in text, each setting has a label in words and its whole
    description, a checkbox says on or off, and a seat's typed name and chosen kind stay
    through every rebuild of the seats."""
    from textual.widgets import Input, OptionList, Select

    from variants import registry

    monkeypatch.setenv("NO_COLOR", "1")
    names = {key: variant.shown_name() for key, variant in registry().items()}
    app = RummyApp(ai_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        start = await form_ready(pilot)
        name = start.query_one("#seat-name-0", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"Zsófi")
        start.query_one("#seat-kind-1", Select).value = "ai:hard"
        for variant in ["gin", "ten-card", "hungarian", "traditional", "basic"]:  # down the list, one form
            await choose(pilot, start, variant)
            start.query_one("#start-form").scroll_home(animate=False)  # the list, above the settings looked at

            def marked() -> list[str]:
                return [line.strip() for line in screen_lines(app) if line.lstrip().startswith("> ")]

            # drawn once scrolled back (a frame or more): then one row, the highlighted variant's
            await until(pilot, lambda: len(marked()) == 1, f"one marked row for {variant}: {marked()}")  # noqa: B023
            assert marked()[0].startswith(f"> {names[variant]}"), marked()
            assert list(names)[start.query_one("#variant", OptionList).highlighted] == variant
            await every_setting_of(pilot, app, start, variant)
            if variant == "ten-card":
                await a_checkbox_says_on_or_off(pilot, app, start)
            assert start.query_one("#seat-name-0", Input).value == "Zsófi"
            assert start.query_one("#seat-kind-1", Select).value == "ai:hard"


async def every_setting_of(pilot, app, start, variant: str) -> None:
    """Each setting of the variant chosen is labelled and described."""
    for name, setting in start.variant.settings.items():
        field = start.query_one(f"#setting-{name}")
        row = field.parent
        caption, about = row.query(Label).first(), row.query(Label).last()
        field.scroll_visible(animate=False)
        label = str(caption.render())
        assert "_" not in label and label.strip() == setting.title(name)
        assert str(about.render()) == setting.help

        def label_row_shown(label: str = label) -> bool:
            return any(line.lstrip().startswith(label.strip()) for line in screen_lines(app))

        await until(pilot, label_row_shown, f"the row of {label.strip()!r} on screen")  # scrolled to: a frame or more
        assert about.size.height >= len(setting.help) // max(about.size.width, 1)  # wrapped, not cut
        lines = screen_lines(app)  # drawn once for the two looks at it
        assert "_" not in "\n".join(lines)  # never a raw name such as spade_doubling
        assert "…" not in "\n".join(lines)


async def a_checkbox_says_on_or_off(pilot, app, start) -> None:
    """Tízlapos's Átkopogás, off and then on, in words (the app runs under NO_COLOR)."""
    box = start.query_one("#setting-atkopogas", OnOffCheckbox)
    box.scroll_visible(animate=False)
    box.focus()
    await pilot.pause()

    def row() -> str:
        return next(line for line in screen_lines(app) if "Átkopogás" in line and "▌" in line)

    assert box.value is False and "▐ ▌" in row() and "off" in row()
    await pilot.press("space")
    await pilot.pause()
    assert box.value is True and "▐X▌" in row() and " on " in row()
    assert "Átkopogás" in screen_text(app) and "atkopogas" not in screen_text(app)
    await pilot.press("space")  # off again, as the walk found it
