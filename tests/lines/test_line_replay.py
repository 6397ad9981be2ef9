"""`rummy --lines replay`: a game's log read out in words, one event a line, then the result."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rummy_tui.cli import main
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.lines.replay import replay_lines


def finished_game() -> Game:
    seats = [{"name": "Ann", "kind": "human", "level": None}, {"name": "North", "kind": "ai", "level": "easy"}]
    game = Game("traditional", 2, seed=4, seats=seats)
    while not game.is_over:
        game.apply(choose_action(game, game.current_seat, "easy"))
    return game


def test_a_finished_game_is_read_out_in_words():
    game = finished_game()
    lines = replay_lines(game.record, 0)
    assert lines[0].startswith("Traditional Rummy, hand 1. At the table: Ann, North.")
    assert len(lines) > len(game.state.events)  # every event, then the sheet and the result
    assert "The game is over." in lines
    assert not any("[" in line for line in lines), "every card is said in words"
    assert any(line.startswith("You discarded the ") for line in lines)


def test_the_command_reads_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_game().record))
    result = CliRunner().invoke(main, ["--lines", "--cards", "codes", "replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.output and "\x1b" not in result.output
    assert "discarded the " not in result.output  # codes, not words: "discarded 7H"
