"""Command-line mistakes: click's usage block stays, and the error line says what is accepted."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rummy_tui.cli import main
from variants import get_variant


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def error_line(result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    [line] = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    return line


@pytest.mark.parametrize("count", ["0", "-1", "99"])
def test_a_player_count_the_variant_does_not_allow_says_what_it_allows(count):
    variant = get_variant("basic")
    line = error_line(run("play", "--variant", "basic", "--players", count))
    assert (
        f"--players: {variant.name} is played by {variant.min_players} to {variant.max_players} players, not {count}"
    ) in line
    assert "--humans" not in line


@pytest.mark.parametrize(
    ("command", "option", "accepted"),
    [
        (["simulate", "--variant", "gin"], "--players", "the number of seats"),
        (["simulate", "--variant", "gin"], "--seed", "any whole number"),
        (["simulate", "--variant", "gin"], "--games", "how many games"),
        (["play", "--variant", "gin"], "--players", "the number of seats"),
        (["play", "--variant", "gin"], "--seed", "any whole number"),
    ],
)
def test_a_value_that_is_not_a_number_keeps_the_usage_and_says_what_the_option_takes(command, option, accepted):
    result = run(*command, option, "abc")
    line = error_line(result)
    assert result.output.startswith("Usage: ")  # click's convention is kept
    assert f"'{option}'" in line and "'abc' is not a whole number" in line and accepted in line


def test_an_unknown_command_lists_the_commands():
    result = run("bogus")
    line = error_line(result)
    assert result.output.startswith("Usage: ")
    assert "No such command 'bogus'" in line
    for command in ("play", "resume", "replay", "stats", "variants"):
        assert command in line


def test_a_near_miss_still_gets_clicks_suggestion():
    line = error_line(run("stat"))
    assert "stats" in line
