"""Lesson progress in settings.json: the step reached, a finished lesson stays finished, and a
damaged entry counts as not begun."""

from __future__ import annotations

import json

import pytest

from rummy_tui.storage.lessons import lesson_progress, lesson_step, lessons_done, remember_lesson
from rummy_tui.storage.preferences import load_preferences, save_preference


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_step_reached_is_where_the_lesson_starts_again():
    remember_lesson("gin", 3)
    assert lesson_step("gin") == 3 and lesson_step("basic") == 0
    assert lessons_done() == set()


def test_a_finished_lesson_stays_finished_and_starts_over_from_the_first_step():
    remember_lesson("gin", 6, done=True)
    remember_lesson("gin", 2)  # played again
    assert lessons_done() == {"gin"}
    assert lesson_step("gin") == 0


def test_other_preferences_are_kept(data_dir):
    save_preference("language", "hu")
    remember_lesson("hungarian", 1)
    assert load_preferences()["language"] == "hu"
    assert json.loads((data_dir / "settings.json").read_text())["lessons"]["hungarian"] == {"step": 1, "done": False}


@pytest.mark.parametrize("damaged", [[1, 2], {"gin": "three"}, {"gin": {"step": -4}}, {"gin": {"step": True}}])
def test_a_damaged_entry_counts_as_not_begun(damaged):
    save_preference("lessons", damaged)
    assert lesson_step("gin") == 0
    assert lessons_done() == set()
    assert isinstance(lesson_progress(), dict)
