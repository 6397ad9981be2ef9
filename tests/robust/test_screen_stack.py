"""Screen changes are safe at any moment: keys that pile up while a screen is leaving (two
Enters on a menu, Back pressed three times, New game twice) never pop a screen that is not the
one in front, so the stack is never left empty (the monkey test's `pop from empty list`)."""

from __future__ import annotations

from textual import events
from ui.driver import make_app, settle

from rummy_tui.screens.help import KeysScreen
from rummy_tui.screens.menus import MovesMenu
from rummy_tui.screens.table import TableScreen


def pile_up(app, *keys: str) -> None:
    """Keys as a terminal delivers them while the app is busy: posted at once, none awaited."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else ("\r" if key == "enter" else None)))


def names(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def test_two_enters_on_the_moves_menu_leave_the_table_in_front():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, MovesMenu)
        menu = app.screen
        options = menu.query_one("#moves")
        options.action_select()
        options.action_select()  # the second Enter, reaching the list before the menu has gone
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), names(app)
        pile_up(app, "n")  # nothing on the table is bound to n: it must not reach a bare stack
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), names(app)


async def test_back_pressed_three_times_from_help_leaves_the_table():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        pile_up(app, "escape", "escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), names(app)


async def test_new_game_with_keys_piling_up_from_any_screen():
    app = make_app("basic", 3, ["Ann", "Bob"], seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.action_new_game()
        app.action_new_game()  # the palette's New game and the end-of-game n, one after the other
        pile_up(app, "escape", "escape")
        await settle(pilot)
        assert names(app) == ["BlankScreen", "StartScreen"]
        app.action_new_game()  # from the start screen itself
        await settle(pilot)
        assert names(app) == ["BlankScreen", "StartScreen"]


async def test_a_screen_no_longer_in_front_cannot_dismiss_the_one_that_is():
    app = make_app("gin", 2, ["Ann"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        actions = len(app.screen.game.record["actions"])
        await pilot.press("a")
        await pilot.pause()
        menu = app.screen
        await pilot.press("escape")
        await pilot.pause()
        menu.dismiss(menu.moves[0][0])  # late: a choice the menu had queued before it closed
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), names(app)
        assert len(app.screen.game.record["actions"]) == actions  # and the late choice is not played
