"""The `rummy` command line: variants, rules, simulate, and its one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rummy_tui.cli import main
from variants import registry

FIVE = ("gin", "ten-card", "hungarian", "traditional", "basic")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_variants_lists_the_five():
    result = run("variants")
    assert result.exit_code == 0, result.output
    for key in FIVE:
        assert key in result.output
        assert registry()[key].hungarian_name.split()[0] in result.output


def test_variants_reads_whole_at_80_columns():
    """Each description in full, in lines no wider than the terminal (not a squeezed column)."""
    result = CliRunner().invoke(main, ["variants"], env={"COLUMNS": "80"}, terminal_width=80)
    lines = result.output.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines), lines
    text = " ".join(line.strip() for line in lines)
    for variant in registry().values():
        assert variant.shown_description() in text, variant.key


@pytest.mark.parametrize("key", FIVE)
def test_rules_prints_a_summary_and_the_settings(key):
    result = run("rules", key)
    assert result.exit_code == 0, result.output
    variant = registry()[key]
    assert variant.name.split()[0] in result.output
    assert variant.rules_summary.split()[0] in result.output
    for name in variant.settings:
        assert name in result.output


def test_simulate_json_report():
    result = run(
        "simulate",
        "--variant",
        "gin",
        "--players",
        "2",
        "--seats",
        "easy,normal",
        "--games",
        "5",
        "--seed",
        "7",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["variant"] == "gin" and report["games"] == 5
    assert report["seats"] == ["easy", "normal"]
    assert len(report["wins"]) == 2 and sum(report["wins"]) == pytest.approx(5)
    assert len(report["average_score"]) == 2
    assert report["hands_per_game"] >= 1
    assert report["games_per_second"] > 0


def test_simulate_is_repeatable_for_a_seed():
    args = ("simulate", "--variant", "basic", "--players", "3", "--games", "2", "--seed", "3", "--json")
    first, second = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    for field in ("wins", "average_score", "hands_per_game"):
        assert first[field] == second[field]


def test_simulate_takes_every_level_in_seats():
    result = run(
        "simulate", "--variant", "gin", "--seats", "hard,easy", "--games", "1", "--set", "single_hand=true", "--json"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["seats"] == ["hard", "easy"]


def test_simulate_rotates_levels_and_counts_wins_by_level():
    result = run(
        "simulate",
        "--variant",
        "basic",
        "--players",
        "3",
        "--seats",
        "hard,normal,normal",
        "--games",
        "3",
        "--rotate",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    by_level = report["by_level"]
    assert by_level["hard"]["seat_games"] == 3 and by_level["normal"]["seat_games"] == 6
    assert by_level["hard"]["wins"] + by_level["normal"]["wins"] == pytest.approx(3)
    share, margin = report["win_share"][0]
    assert share == pytest.approx(report["wins"][0] / 3, abs=1e-4) and margin >= 0


def test_simulate_table_output():
    result = run("simulate", "--variant", "gin", "--games", "2", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "hands per game" in result.output


@pytest.mark.parametrize(
    "args, words",
    [
        (("simulate", "--variant", "snap"), "unknown variant 'snap'"),
        (("rules", "snap"), "unknown variant 'snap'"),
        (("simulate", "--variant", "gin", "--players", "3"), "3"),
        (("simulate", "--variant", "basic", "--players", "7"), "7"),
        (("simulate", "--variant", "basic", "--players", "1"), "1"),
        (("simulate", "--variant", "gin", "--seats", "easy,expert"), "expert"),
        (("simulate", "--variant", "gin", "--seats", "easy"), "--seats"),
        (("simulate", "--variant", "gin", "--seats", "easy,normal,normal"), "--seats"),
        (("simulate", "--variant", "gin", "--games", "0"), "--games"),
        (("simulate", "--variant", "gin", "--set", "target"), "NAME=VALUE"),
        (("simulate", "--variant", "gin", "--set", "colour=red"), "colour"),
        (("simulate", "--variant", "gin", "--set", "target=lots"), "target"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert message.startswith("Error:") and words in message
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
