"""Issue 13: the viewer's own seat is spoken to in the second person ("You win the hand"), and
numbers take the right plural."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import variants
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import SECOND_PERSON, as_viewer, ngettext, render
from rummy_tui.widgets.actions import describe
from rummy_tui.widgets.cards import CardLook
from rummy_tui.widgets.log import event_line

ROOT = Path(__file__).resolve().parents[2]
LOG_CALL = re.compile(r"\.log\(\s*([^,()]+(?:\([^()]*\))?),\s*(?:N_\()?f?\"([^\"]*)\"")
THIRD_PERSON_AFTER_YOU = re.compile(r"\bYou (\w+s)\b|\bYou \w+(?: \w+)* and (is|has|wins|\w+s)\b")
ALLOWED = {"was"}  # none: a verb ending in s after You is a third-person form


def log_templates() -> list[tuple[str, str]]:
    """Every (seat expression, text) the engine and the variants log."""
    found = []
    for path in [*ROOT.joinpath("variants").rglob("*.py"), *ROOT.joinpath("rummy_tui", "engine").glob("*.py")]:
        found += LOG_CALL.findall(path.read_text(encoding="utf-8"))
    return found


def test_the_scan_finds_the_log_templates():
    templates = log_templates()
    assert len(templates) > 40
    assert any(text.startswith("drew from the stock") for _seat, text in templates)


@pytest.mark.parametrize(("seat", "text"), [t for t in log_templates() if t[0].strip() != "None"])
def test_every_seat_log_template_reads_in_the_second_and_the_third_person(seat, text):
    line = "Ann " + text
    mine = as_viewer(line, "Ann")
    assert mine.startswith("You ")
    first = mine.split()[1]
    assert not (first.endswith("s") and first not in ALLOWED) or first in SECOND_PERSON.values(), mine
    assert not re.search(r"\band (is|has|\w+s)\b", mine.split(":")[0].split(";")[0]) or " and is" not in mine, mine
    assert as_viewer(line, "Bob") == line  # somebody else's seat stays in the third person


@pytest.mark.parametrize("key", sorted(variants.registry()))
def test_no_you_wins_style_line_in_a_whole_game(key):
    seats = [{"name": "You", "kind": "human"}] + [{"name": f"AI{n}", "kind": "ai"} for n in range(2)]
    players = max(2, min(3, variants.registry()[key].max_players))
    game = Game(key, players, seed=7, seats=seats[:players])
    names = game.seat_names()
    lines = []
    for _move in range(3000):
        if game.is_over:
            break
        game.apply(choose_action(game, game.current_seat))
        if game.state.last_hand:
            lines += [render(line, names[0]) for line in game.state.last_hand.get("lines", [])]
        lines += [event_line(event, names, CardLook(), viewer=0).plain for event in game.state.events[-3:]]
    lines += [render(line, names[0]) for line in (game.state.result or {}).get("lines", [])]
    wrong = sorted(
        {
            line
            for line in lines
            if THIRD_PERSON_AFTER_YOU.search(line) and THIRD_PERSON_AFTER_YOU.search(line).group(1) not in ALLOWED
        }
    )
    assert not wrong, wrong
    assert not [line for line in lines if re.search(r"\b1 (cards|players)\b|each of 1\b", line)]
    assert not [line for line in lines if re.search(r"^\w+: (\d+) = \1$", line)]


def test_plurals_go_through_the_translation_function():
    assert ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert ngettext("{n} card", "{n} cards", 2) == "2 cards"
    assert ngettext("{n} card", "{n} cards", 0) == "0 cards"


def test_the_declare_menu_names_the_ending_not_its_code():
    ten_card = variants.get_variant("ten-card")
    assert describe("declare:romi", endings=ten_card.ending_names).plain == "Declare römi"
    assert describe("declare:royal-flush", endings=ten_card.ending_names).plain == "Declare a royal flush"
