"""The engine stays headless, and every registered variant is complete."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import rummy_tui.engine
from rummy_tui.engine import Game
from rummy_tui.engine.ai import LEVELS, ai_rng
from rummy_tui.engine.hints import explain
from rummy_tui.engine.variant import Setting, Variant
from variants import get_variant, registry

VARIANT_KEYS = list(registry())
ENGINE_MODULES = sorted(Path(rummy_tui.engine.__file__).parent.glob("*.py"))


def test_engine_and_variants_never_import_textual():
    probe = (
        "import sys, rummy_tui.engine, rummy_tui.engine.ai, rummy_tui.engine.solver, variants\n"
        "variants.registry()\n"
        "print(sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def names_imported(path: Path) -> set[str]:
    """Every module ``path`` imports (anywhere in it, lazily too), and every module name it
    spells as a string (``importlib.import_module("variants")``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            names.add(node.value)
    return names


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda path: path.name)
def test_the_engine_never_imports_the_variants_registry(path):
    found = {name for name in names_imported(path) if name == "variants" or name.startswith("variants.")}
    assert not found, f"{path.name} imports {sorted(found)}: the registry sits above the engine"


def test_the_hygiene_check_sees_an_import_of_the_variants(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from variants.ten_card.rules import ENDING_NAMES\n    import variants\n")
    assert {"variants", "variants.ten_card.rules"} <= names_imported(sneaky)


def test_importing_every_engine_module_loads_no_variant():
    probe = (
        "import importlib, sys\n"
        f"for name in {[path.stem for path in ENGINE_MODULES]!r}:\n"
        "    importlib.import_module('rummy_tui.engine' if name == '__init__' else 'rummy_tui.engine.' + name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'variants'))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_without_the_registry_a_key_is_refused_with_a_clear_reason_and_a_variant_object_works():
    probe = (
        "from rummy_tui.engine import Game\ntry:\n    Game('gin', 2)\nexcept LookupError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "import variants" in done.stdout, done.stdout
    game = Game(get_variant("gin"), 2, seed=4)
    assert game.variant is get_variant("gin") and Game.replay(game.record).variant is game.variant


def test_a_hint_names_a_declared_ending_as_the_variant_calls_it():
    class Declaring(Variant):
        ending_names = {"moon": "the moon"}

    observation = {"hand": [], "discard": [], "settings": {}}
    assert "the moon" in explain(Declaring(), observation, "declare:moon")
    assert "römi" in explain(get_variant("ten-card"), observation, "declare:romi")
    assert "big win" in explain(Variant(), observation, "declare:big-win")


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
    for players in sorted({variant.min_players, variant.max_players}):  # Gin's are the same
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
