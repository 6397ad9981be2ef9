"""Every registered variant survives a save and a load: the loaded game is the same game."""

from __future__ import annotations

import pytest

import variants
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.storage.saves import SaveStore

CHECKPOINTS = 6


@pytest.mark.parametrize("variant_key", list(variants.registry()))
def test_a_saved_game_of_every_variant_loads_as_the_same_game(variant_key):
    variant = variants.get_variant(variant_key)
    players = max(variant.min_players, min(3, variant.max_players))
    game = Game(variant_key, players, seed=31)
    store = SaveStore()
    for checkpoint in range(CHECKPOINTS):
        for _ in range(25):
            if game.is_over:
                break
            game.apply(choose_action(game, game.current_seat))
        store.save(variant_key, game)
        loaded = store.load(variant_key)
        assert loaded.to_json()["state"] == game.to_json()["state"], f"checkpoint {checkpoint}"
        assert loaded.legal_actions() == game.legal_actions()
