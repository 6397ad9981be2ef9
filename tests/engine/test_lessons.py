"""Every variant's lesson is data that plays: each step's position sets up, each expected move is
legal where it is expected, and a step the others play out ends its hand."""

from __future__ import annotations

import pytest

import variants
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.lessons import LESSON_SEAT, Lesson, Step, is_expected, move_key, problems

KEYS = list(variants.registry())


@pytest.mark.parametrize("key", KEYS)
def test_every_variant_has_a_lesson_that_plays(key):
    lesson = variants.get_variant(key).lesson
    assert isinstance(lesson, Lesson) and lesson.variant == key
    assert len(lesson.steps) >= 4
    assert problems(lesson) == []


@pytest.mark.parametrize("key", KEYS)
def test_steps_the_others_play_out_end_their_hand(key):
    for step in variants.get_variant(key).lesson.steps:
        game = step.game(key)
        for options in step.moves:
            game.apply(options[0])
        if not step.play_out:
            continue
        for _ in range(20):
            if game.state.last_hand is not None or game.current_seat in (None, LESSON_SEAT):
                break
            game.apply(choose_action(game, game.current_seat, "easy"))
        assert game.state.last_hand is not None, step.title


def test_a_problem_is_found_when_an_expected_move_is_not_legal():
    bad = Lesson(
        "gin",
        (Step("x", "x", (("discard:AS",),), "x", {"hands": ["3C 4C", "5C 6C"], "discard": "2H", "phase": "discard"}),),
    )
    found = problems(bad)
    assert len(found) == 1 and "discard:AS" in found[0]


def test_the_same_move_whatever_the_order_of_its_cards():
    assert move_key("meld:5S-5H-5D+10H-JH-QH") == move_key("meld:QH-10H-JH+5D-5S-5H")
    assert move_key("knock:KC/3C-4C-5C") == move_key("knock:kc")
    assert move_key("layoff:7C>0") != move_key("layoff:7C>1")
    step = Step("x", "x", (("meld:JK-QC-QD", "layoff:JK>0"),), "x")
    assert is_expected(step, 0, "meld:QD-JK-QC") and is_expected(step, 0, "layoff:JK>0")
    assert not is_expected(step, 0, "discard:QC") and not is_expected(step, 1, "meld:JK-QC-QD")


@pytest.mark.parametrize("key", KEYS)
def test_the_closing_hand_is_a_game_of_one_hand_where_the_variant_allows(key):
    from rummy_tui.engine import Game

    lesson = variants.get_variant(key).lesson
    game = Game(key, 2, dict(lesson.closing_settings), seed=1)
    assert lesson.closing_level in ("easy", "normal", "hard")
    for name, value in lesson.closing_settings.items():
        assert game.settings[name] == value
