"""How far the player got in each variant's lesson, kept with the preferences (``settings.json``):
``{"lessons": {"gin": {"step": 3, "done": false}, ...}}``. A damaged entry counts as not begun."""

from __future__ import annotations

import threading
from typing import Any

from .preferences import load_preferences, save_preference

KEY = "lessons"
_WRITING = threading.Lock()  # a step's write and the lesson's end may come from two threads at once


def lesson_progress() -> dict[str, dict[str, Any]]:
    entries = load_preferences().get(KEY)
    if not isinstance(entries, dict):
        return {}
    return {key: value for key, value in entries.items() if isinstance(key, str) and isinstance(value, dict)}


def lesson_step(variant: str) -> int:
    """The step to start the lesson at: where the player left it, or 0 (a finished lesson starts over)."""
    entry = lesson_progress().get(variant, {})
    step = entry.get("step")
    if entry.get("done") or not isinstance(step, int) or isinstance(step, bool) or step < 0:
        return 0
    return step


def lessons_done() -> set[str]:
    return {key for key, entry in lesson_progress().items() if entry.get("done") is True}


def remember_lesson(variant: str, step: int, done: bool = False) -> None:
    """Remember the step reached; a lesson once done stays done."""
    with _WRITING:
        progress = lesson_progress()
        was_done = progress.get(variant, {}).get("done") is True
        progress[variant] = {"step": step, "done": done or was_done}
        save_preference(KEY, progress)
