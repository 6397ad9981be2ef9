"""The engine stays headless, and every registered variant is complete."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import LEVELS, ai_rng
from rummy_tui.engine.variant import Setting
from variants import registry

VARIANT_KEYS = list(registry())


def test_engine_and_variants_never_import_textual():
    probe = (
        "import sys, rummy_tui.engine, rummy_tui.engine.ai, rummy_tui.engine.solver, variants\n"
        "variants.registry()\n"
        "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_the_five_variants_are_registered():
    assert {"gin", "ten-card", "hungarian", "traditional", "basic"} <= set(VARIANT_KEYS)


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_variant_describes_itself(key):
    variant = registry()[key]
    assert variant.key == key
    assert variant.name.strip() and variant.hungarian_name.strip()
    assert variant.description.strip() and "\n" not in variant.description.strip()
    assert len(variant.rules_summary.strip()) > 200
    assert 2 <= variant.min_players <= variant.max_players
    assert variant.settings, "a variant has settings"
    for name, setting in variant.settings.items():
        assert isinstance(setting, Setting), name
        assert setting.help.strip(), f"setting {name} has no help"
    assert variant.resolve_settings({}) == {name: s.default for name, s in variant.settings.items()}


@pytest.mark.parametrize("key", VARIANT_KEYS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_ai_level_chooses_legal_actions(key, level):
    assert LEVELS == ("easy", "normal", "hard")
    variant = registry()[key]
    for players in (variant.min_players, variant.max_players):
        game = Game(key, players, seed=11)
        for _ in range(150):
            seat = game.current_seat
            if seat is None:
                break
            legal = game.legal_actions()
            action = variant.choose_ai_action(game.observation(seat), legal, level, ai_rng(game, seat))
            assert action in legal or game.why_not(action) is None, (key, level, action)
            game.apply(action)


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_ai_sees_only_its_own_hand(key):
    game = Game(key, registry()[key].min_players, seed=5)
    seat = game.current_seat
    observation = game.observation(seat)
    text = str(observation)
    assert observation["hand"] == game.state.hands[seat]
    for other, hand in enumerate(game.state.hands):
        if other != seat and len(hand) >= 5:
            assert str(hand) not in text, f"seat {other}'s hand is visible to seat {seat}"
