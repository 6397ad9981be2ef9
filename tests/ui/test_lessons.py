"""Every lesson played through at 80x24 with the keys a player presses, in Hungarian (the cards
selected by i, the step's own hint; a lesson's keys are the same in both languages, so it is played
through once), each step's texts checked as shown; in English, each lesson's first step shows its
texts and a wrong move (made by walking the cursor to its cards) shows the lesson's sentence; the
step reached and a finished lesson are remembered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

import variants
from rummy_tui.app import RummyApp
from rummy_tui.i18n import t as tr
from rummy_tui.screens.lesson import LessonScreen
from rummy_tui.screens.start import StartScreen
from rummy_tui.screens.table_keys import bracket_cards
from rummy_tui.storage.lessons import lesson_progress
from rummy_tui.widgets.cards import log_line

from .driver import press_move, settle
from .test_start import form_ready

KEYS = list(variants.registry())


def shown(screen: LessonScreen, panel: str) -> str:
    return screen.query_one(panel)._picture.plain


def as_shown(screen: LessonScreen, text: str) -> str:
    """A lesson text as the panels show it: translated, its cards drawn."""
    return log_line(bracket_cards(tr(text)), screen.hand.card_look()).plain


@asynccontextmanager
async def at_the_lesson(key: str) -> AsyncIterator[tuple]:
    """`rummy learn KEY` at 80x24, settled on the lesson's first step: the pilot, the screen, the lesson."""
    app = RummyApp(ai_delay=0.0, table_options={"lesson": key})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        yield pilot, app.screen, variants.get_variant(key).lesson


def assert_step_shown(screen: LessonScreen, step) -> None:
    """The step's title and the start of its instruction are in the lesson panel, translated."""
    assert tr(step.title) in shown(screen, "#lesson")
    assert as_shown(screen, step.instruction)[:40] in shown(screen, "#lesson").replace("\n", " ")


async def back_to_the_lesson(pilot, screen: LessonScreen) -> None:
    """Close the end of a hand (or a game) that a step's last move brought."""
    for _ in range(5):
        await settle(pilot)
        if pilot.app.screen is screen:
            return
        await pilot.press("enter")
    raise AssertionError(f"still on {pilot.app.screen}")


@pytest.mark.parametrize("key", KEYS)
async def test_every_lesson_opens_in_english_and_refuses_a_wrong_move_with_its_sentence(key):
    async with at_the_lesson(key) as (pilot, screen, lesson):
        step = lesson.steps[0]
        assert_step_shown(screen, step)
        await a_wrong_move_is_refused_with_the_lessons_sentence(pilot, screen, step)


@pytest.mark.parametrize("key", KEYS)
async def test_every_lesson_plays_through_with_its_keys_in_hungarian(key, hungarian):
    async with at_the_lesson(key) as (pilot, screen, lesson):
        await a_wrong_move_is_refused_with_the_lessons_sentence(pilot, screen, lesson.steps[0])
        for number, step in enumerate(lesson.steps):
            assert screen.index == number
            assert_step_shown(screen, step)
            for options in step.moves:
                before = (screen.index, screen.lesson_seat.made)
                await make_move(pilot, options[0])
                await pilot.pause()
                assert (screen.index, screen.lesson_seat.made) != before, shown(screen, "#message")
            await back_to_the_lesson(pilot, screen)
            if step.done:
                said = shown(screen, "#message") + shown(screen, "#lesson")  # the closing hand's hints take the message
                assert as_shown(screen, step.done)[:30] in said.replace("\n", " ")
        assert screen.closing and screen.game.record.get("seed") is not None
        assert lesson_progress()[key] == {"step": len(lesson.steps), "done": False}
        await pilot.press("S")  # the closing hand is left: the lesson is done
        await settle(pilot)
        assert isinstance(pilot.app.screen, StartScreen)
        await form_ready(pilot)  # leaving the app while the form is still built made Select fail on mount
        assert lesson_progress()[key]["done"] is True
        assert key in pilot.app.screen.lessons_done  # the start screen marks it


ARMED_KEYS = {"discard": "x", "meld": "m", "layoff": "o", "exchange": "e", "gin": "g"}


async def make_move(pilot, code: str) -> None:
    """The step's move by its keys: i, which selects the cards the step wants, then the move's
    key; a move of no cards by its own key."""
    verb = code.partition(":")[0]
    if verb in ARMED_KEYS:
        await pilot.press("i", ARMED_KEYS[verb])
    else:
        await press_move(pilot, code)


async def a_wrong_move_is_refused_with_the_lessons_sentence(pilot, screen: LessonScreen, step) -> None:
    wanted = set(step.moves[0])
    wrong = next((code for code in screen.game.legal_actions() if code not in wanted), "take:discard")
    await press_move(pilot, wrong)
    await pilot.pause()
    assert screen.game.record["actions"] == []
    message = shown(screen, "#message").replace("\n", " ")
    assert message.endswith(as_shown(screen, step.wrong)), message
    assert screen.query_one("#message").has_class("refused")


@pytest.mark.parametrize("key", ["gin", "hungarian"])
async def test_i_in_a_step_selects_the_move_the_step_wants_so_its_key_plays_it(key):
    step = variants.get_variant(key).lesson.steps[1]
    app = RummyApp(ai_delay=0.0, table_options={"lesson": key})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("S")  # the second step: Gin's pass, Römi's opening of two melds
        await settle(pilot)
        screen = app.screen
        await pilot.press("i")
        assert shown(screen, "#message").startswith("The step wants: ")
        code = step.moves[0][0]
        await pilot.press({"pass": "p"}.get(code, "m"))
        await settle(pilot)
        assert screen.index == 2, shown(screen, "#message")
        assert lesson_progress()[key]["step"] == 2


async def test_the_lesson_starts_where_the_player_left_it():
    from rummy_tui.storage.lessons import remember_lesson

    remember_lesson("hungarian", 3)
    app = RummyApp(ai_delay=0.0, table_options={"lesson": "hungarian"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.index == 3
        await pilot.press("Z")
        await settle(pilot)
        assert app.screen.index == 3 and app.screen.game.record["actions"] == []


async def test_ctrl_q_in_a_lesson_quits_without_promising_a_save():
    app = RummyApp(ai_delay=0.0, table_options={"lesson": "gin"})
    said = []
    leave = app.exit
    app.exit = lambda *args, message=None, **kw: said.append(message) or leave(*args, **kw)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert said == [None]  # no "The game is saved: continue it with rummy resume"
