"""Monkey tests: seeded random keys, clicks and resizes through Pilot, in every variant and on the
start screen. Any exception inside the app fails the test (run_test re-raises it).

Every run plays a short burst of each case; the soak (``pytest --soak tests/robust/test_monkey.py``)
plays many more events with several more seeds.
"""

from __future__ import annotations

import random

import pytest
from textual import events
from textual.pilot import OutOfBounds
from ui.driver import make_app

from rummy_tui.app import RummyApp
from variants import registry

EVENTS = 60  # each case in every run: the first 60 of the 100 (before: 200) that earlier runs played
SOAK_EVENTS, SOAK_SEEDS = 5000, (1, 2, 3, 4)  # and behind --soak


def runs() -> list:
    """(seed, events) of each case: the short run, and the soak's runs (marked soak)."""
    soak = [pytest.param(seed, SOAK_EVENTS, id=f"soak-{seed}", marks=pytest.mark.soak) for seed in SOAK_SEEDS]
    return [pytest.param(0, EVENTS, id="0"), *soak]


NEVER = {"ctrl+q", "ctrl+c", "ctrl+z"}  # quitting or suspending ends the run, not a crash
RANDOM_KEYS = [
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "delete",
    "ctrl+p",
    "ctrl+s",
    "ctrl+o",
    "ctrl+t",
    "f1",
    "plus",
    "question_mark",
    "left_square_bracket",
    "right_square_bracket",
    "comma",
    "full_stop",
    *"abcdefghijklmnopqrstuvwxyzADKLNRGT0123456789",
]


CHARACTERS = {
    "space": " ",
    "plus": "+",
    "question_mark": "?",
    "comma": ",",
    "full_stop": ".",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
}


def binding_keys(app) -> list[str]:
    """The keys bound on the screen in front, one per binding."""
    keys = [key.split(",")[0].strip() for key in app.active_bindings]
    return [key for key in keys if key not in NEVER] or ["escape"]


def post_key(app, key: str) -> None:
    """A key as the terminal driver delivers it: no waiting, so keys can pile up like held ones."""
    character = key if len(key) == 1 else CHARACTERS.get(key)
    app.post_message(events.Key(key, character))


async def one_burst(pilot, rng: random.Random, log: list[str]) -> int:
    """One to four events before the app may catch up; returns how many."""
    app = pilot.app
    roll = rng.random()
    if roll < 0.15:
        width, height = app.screen.size
        x, y = rng.randrange(max(width, 1)), rng.randrange(max(height, 1))
        log.append(f"click {x},{y}")
        try:
            await pilot.click(offset=(x, y))
        except OutOfBounds:  # Pilot's own refusal (the screen is still taking a resize), not the app's
            log.append("(outside)")
        return 1
    if roll < 0.22:
        width, height = rng.randint(20, 200), rng.randint(8, 60)
        log.append(f"resize {width}x{height}")
        await pilot.resize_terminal(width, height)
        return 1
    count = rng.randint(1, 4)
    for _ in range(count):
        key = rng.choice(binding_keys(app) if rng.random() < 0.55 else RANDOM_KEYS)
        log.append(key)
        post_key(app, key)
    await pilot.pause()
    return count


async def monkey(make, seed: int, events: int = EVENTS) -> int:
    """Play ``events`` random events; an app that quits (a Quit button, the palette's Quit) is
    opened again. Returns how many apps were opened."""
    rng = random.Random(seed)
    played, opened, log = 0, 0, []
    try:
        while played < events:
            app = make()
            opened += 1
            async with app.run_test(size=(rng.randint(80, 140), rng.randint(24, 45))) as pilot:
                await pilot.pause()
                while played < events and app.is_running:
                    played += await one_burst(pilot, rng, log)
                await pilot.pause()
            assert app.return_code in (None, 0)
    except BaseException as error:
        error.add_note(f"monkey seed {seed}, app {opened}, the last events: {' '.join(log[-25:])}")
        raise
    return opened


@pytest.mark.parametrize(("seed", "events"), runs())
async def test_monkey_on_the_start_screen(seed, events):
    await monkey(lambda: RummyApp(ai_delay=0.0), seed=100 + seed, events=events)


@pytest.mark.parametrize(("seed", "events"), runs())
@pytest.mark.parametrize("variant", list(registry()))
async def test_monkey_at_the_table(variant, seed, events):
    players = registry()[variant].min_players
    await monkey(lambda: make_app(variant, players, ["Ann"], seed=7 + seed), seed=200 + seed, events=events)


@pytest.mark.parametrize(("seed", "events"), runs())
async def test_monkey_at_a_hot_seat_table(seed, events):
    await monkey(lambda: make_app("basic", 3, ["Ann", "Bob"], seed=9 + seed), seed=300 + seed, events=events)
