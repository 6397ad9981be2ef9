"""Small readers of what a Tízlapos computer seat sees, shared by its levels (ai.py, hard.py)."""

from __future__ import annotations

from typing import Any

from rummy_tui.engine.cards import parse_face
from rummy_tui.engine.variant import split_action


def joker_penalty_of(observation: dict[str, Any]) -> int:
    return observation["settings"].get("joker_penalty", 20)


def discard_faces(legal: list[str]) -> list[int]:
    return [parse_face(split_action(action)[1]) for action in legal if action.startswith("discard:")]
