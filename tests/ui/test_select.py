"""The app's Select (rummy_tui/widgets/select.py) plays and looks exactly as Textual's own, cell
for cell and message for message, by keys and by mouse; it is two widgets until first opened
(Textual's is six); and it is steady in Textual's mount race (Textual issue #6581): told its
value before its line is mounted, or after its line is gone, it keeps the value instead of ending
the app."""

from __future__ import annotations

from rich.segment import Segment
from textual.app import App
from textual.screen import Screen
from textual.widgets import Select as TextualSelect
from textual.widgets import Static
from textual.widgets._select import SelectOverlay

from rummy_tui.widgets.select import Select, SelectLine

CHOICES = [("two players", 2), ("three players", 3), ("four players", 4)]


class Form(App):
    """One Select (Textual's or ours), and the values its Changed messages carried."""

    CSS = "Select { width: 30; }"

    def __init__(self, kind: type[TextualSelect], **options) -> None:
        super().__init__()
        self.kind, self.options = kind, options
        self.changes: list = []

    def compose(self):
        yield self.kind(CHOICES, id="choice", **self.options)

    def on_select_changed(self, event: TextualSelect.Changed) -> None:
        self.changes.append(event.value)


async def settled(pilot) -> None:
    await pilot.pause()
    await pilot.app.animator.wait_until_complete()
    await pilot.pause()


def picture(app) -> tuple:
    """Every cell of the screen with its style, where the focus is, and the Select's state."""
    select = app.query_one("#choice", TextualSelect)
    strips = app.screen._compositor.render_strips()
    cells = [[(segment.text, str(segment.style)) for segment in Segment.simplify(strip)] for strip in strips]
    return cells, textual_kind(app.focused), select.value, select.expanded


def textual_kind(widget) -> str:
    """The Textual widget class a widget is or extends (our option list is Textual's, with its
    footer words translated)."""
    return next(cls.__name__ for cls in type(widget).__mro__ if cls.__module__.startswith("textual."))


async def played(kind: type[TextualSelect], steps, **options) -> tuple[list, list]:
    """The pictures after each step (a few keys, or a click) and the values the Select posted."""
    app = Form(kind, **options)
    pictures = []
    async with app.run_test(size=(40, 12)) as pilot:
        await settled(pilot)
        pictures.append(picture(app))
        for step in steps:
            if isinstance(step, tuple):
                await pilot.press(*step)
            else:
                await step(pilot)
            await settled(pilot)
            pictures.append(picture(app))
    return pictures, app.changes


def click_option(row: int):
    async def click(pilot) -> None:
        await pilot.click(SelectOverlay, offset=(3, 1 + row))  # inside the list's border

    return click


async def click_line(pilot) -> None:
    await pilot.click("#choice")


KEYS = [
    ("enter",),  # opens, the value's option highlighted
    ("down",),
    ("escape",),  # closes, nothing chosen
    ("space", "down", "enter"),  # chosen: four players
    ("up", "up"),  # opens, then moves
    ("enter",),  # three players
    ("enter", "t", "w"),  # typed to search: two players
    ("enter",),
    ("down", "escape"),
]


async def test_played_by_keys_it_looks_and_says_the_same_as_textuals_own():
    ours, our_changes = await played(Select, KEYS, value=3, allow_blank=False)
    textuals, their_changes = await played(TextualSelect, KEYS, value=3, allow_blank=False)
    assert our_changes == their_changes == [3, 4, 3, 2]
    assert [(focus, value, opened) for _cells, focus, value, opened in ours] == [
        ("Select", 3, False),
        ("SelectOverlay", 3, True),
        ("SelectOverlay", 3, True),
        ("Select", 3, False),
        ("Select", 4, False),
        ("SelectOverlay", 4, True),
        ("Select", 3, False),
        ("SelectOverlay", 3, True),
        ("Select", 2, False),
        ("Select", 2, False),
    ]
    for step, (our_picture, textual_picture) in enumerate(zip(ours, textuals, strict=True)):
        assert our_picture == textual_picture, f"after step {step}: {(['initial', *KEYS])[step]}"


MOUSE = [click_line, click_option(2), click_line, click_line, click_line, click_option(0)]


async def test_played_by_mouse_it_looks_and_says_the_same_as_textuals_own():
    ours, our_changes = await played(Select, MOUSE, value=3, allow_blank=False)
    textuals, their_changes = await played(TextualSelect, MOUSE, value=3, allow_blank=False)
    assert our_changes == their_changes == [3, 4, 2]
    # As Textual's: a click on the line of an open Select leaves it open (the list loses the focus and
    # closes, and the click opens it again).
    assert [opened for *_, opened in ours] == [False, True, False, True, True, True, False]
    for step, (our_picture, textual_picture) in enumerate(zip(ours, textuals, strict=True)):
        assert our_picture == textual_picture, f"after step {step}"


async def reprompt(pilot) -> None:
    pilot.app.query_one("#choice", TextualSelect).prompt = "Players?"


async def test_a_select_that_may_be_blank_shows_its_prompt_as_textuals_own():
    steps = [("enter",), ("down", "enter"), ("enter", "up", "enter"), ("enter", "escape"), reprompt, ("enter",)]
    ours, our_changes = await played(Select, steps, prompt="How many?")
    textuals, their_changes = await played(TextualSelect, steps, prompt="How many?")
    assert our_changes == their_changes == [2, Select.NULL]
    for step, (our_picture, textual_picture) in enumerate(zip(ours, textuals, strict=True)):
        assert our_picture == textual_picture, f"after step {step}"


async def test_a_compact_select_and_its_list_look_as_textuals_own():
    steps = [("enter",), ("down",), ("enter",)]
    ours, _ = await played(Select, steps, value=2, allow_blank=False, compact=True)
    textuals, _ = await played(TextualSelect, steps, value=2, allow_blank=False, compact=True)
    for step, (our_picture, textual_picture) in enumerate(zip(ours, textuals, strict=True)):
        assert our_picture == textual_picture, f"after step {step}"


async def test_a_select_is_two_widgets_until_it_is_first_opened():
    app = Form(Select, value=2, allow_blank=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await settled(pilot)
        select = app.query_one("#choice", Select)
        assert [type(widget).__name__ for widget in select.walk_children(with_self=True)] == ["Select", "SelectLine"]
        await pilot.press("enter")
        await settled(pilot)
        assert [type(widget).__name__ for widget in select.walk_children(with_self=True)] == [
            "Select",
            "SelectLine",
            "SelectMenu",
        ]
        await pilot.press("escape", "enter", "escape")  # made once, kept
        await settled(pilot)
        assert len(select.query(SelectOverlay)) == 1


def line_text(select: TextualSelect) -> str:
    region = select.query_one(SelectLine).content_region
    line = select.app.screen._compositor.render_strips()[region.y]
    return "".join(segment.text for segment in line)[region.x : region.right].rstrip()


async def test_a_value_set_before_the_select_is_mounted_and_after_shows_and_is_told():
    select = Select(CHOICES, allow_blank=False, id="late")
    select.value = 3  # before it is mounted (a form built from what was chosen last)
    app = Form(Select, value=2, allow_blank=False)  # (its own Select is not the one looked at)
    async with app.run_test(size=(40, 12)) as pilot:
        await app.mount(select)
        await settled(pilot)
        assert select.value == 3 and line_text(select).startswith("three players")
        select.value = 4
        await settled(pilot)
        assert line_text(select).split() == ["four", "players", "▼"]
        select.focus()
        await pilot.press("enter")
        await settled(pilot)
        assert select.query_one(SelectOverlay).highlighted == 2  # opened at the value
        assert line_text(select).endswith("▲")
    assert app.changes == [2, 4]  # (as Textual's: no message for a value set before mounting)


async def test_a_value_given_before_the_line_is_mounted_is_shown_once_it_is():
    line = SelectLine("choose")
    line.update("three players")  # Textual's own line raised NoMatches here
    app = App()
    async with app.run_test() as pilot:
        await app.mount(line)
        await pilot.pause()
        assert str(line.render_line(0).text).startswith("three players")
        assert line.has_value and line.has_class("-has-value")


async def test_a_select_whose_line_is_gone_keeps_its_value_and_the_app_runs_on():
    app = App()
    async with app.run_test() as pilot:
        select = Select(CHOICES, value=2, allow_blank=False)
        await app.mount(select)
        await pilot.pause()
        await select.query_one(SelectLine).remove()  # as when its screen is taken down
        select.value = 3  # Textual's own Select raised NoMatches here
        select.action_show_overlay()
        await pilot.pause()
        assert select.value == 3 and not select.query(SelectOverlay)
        assert app.is_running and app._exception is None


class LateForm(Screen):
    """Builds its Select after it mounts (as the start screen does) and is gone at once."""

    def compose(self):
        yield Static("form")

    def on_mount(self) -> None:
        self.mount(Select(CHOICES, value=2, allow_blank=False))
        self.app.pop_screen()  # a key that leaves the screen, before the Select has mounted


async def test_a_select_on_a_screen_taken_down_while_it_mounts_ends_nothing():
    app = App()
    async with app.run_test() as pilot:
        await app.push_screen(LateForm())
        for _ in range(5):
            await pilot.pause()
        assert app.is_running and app._exception is None  # Textual's own Select ended the app (NoMatches)
        assert not isinstance(app.screen, LateForm)
