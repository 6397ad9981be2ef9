"""The end of a hand tells a knock's story when the variant says the hand had one (Gin's
showdown hook): the screen reads no variant's data by its shape."""

from __future__ import annotations

from rummy_tui.engine import Game
from rummy_tui.screens.results import HandSummary
from rummy_tui.widgets.base import TableView
from variants import get_variant

from .test_gin_knock_picker import DEFENDER, KNOCKER

A_KNOCK = {
    "hand": 1,
    "winner": 0,
    "ending": "knock",
    "finisher": 0,
    "knock_limit": 10,
    "upcard": 5,
    "deadwood": [[0], [1, 2]],
    "melds": [[], []],
    "points": [9, 0],
    "lines": [],
}


def story(variant_key: str, last: dict) -> str | None:
    variant = get_variant(variant_key)
    game = Game(variant_key, 2, seed=1)
    view = TableView(game.observation(0), ["Ann", "Bob"], ["human", "normal"], 0, variant)
    return HandSummary(view)._knock_story(last)


def test_a_variant_without_a_showdown_gets_no_knock_story_whatever_its_hand_keeps():
    assert story("basic", A_KNOCK) is None  # Rummy's hand summary with Gin-like keys: no story


def test_gins_knock_story_comes_from_its_showdown():
    game = Game.from_position("gin", 2, hands=[KNOCKER, DEFENDER], discard="7D", phase="discard", to_move=0, dealer=1)
    game.apply("knock:KC")
    last = game.state.last_hand
    facts = game.variant.showdown(last, game.state.settings)
    assert (facts["ending"], facts["knocker"], facts["defender"], facts["knocker_deadwood"]) == ("knock", 0, 1, 6)
    told = story("gin", last)
    assert (
        told.startswith("Ann knocked with 6 deadwood (knock limit") and f"Bob has {facts['defender_deadwood']}" in told
    )
