"""A whole hand of every variant in line mode, on a real PTY, by a player who reads only the
text: nothing on the screen is ever moved, erased or redrawn."""

from __future__ import annotations

import os

import pytest

from tests.support.linepty import HAND_OVER, SCREEN_CONTROL, LineTerminal, line_environment, scripted_hand

VARIANTS = ("gin", "ten-card", "hungarian", "traditional", "basic")


@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_hand_by_typing(variant, language, tmp_path):
    terminal = LineTerminal(
        ["--lang", language, "--lines", "play", "--variant", variant, "--seed", "11", "--ai", "easy"],
        line_environment(tmp_path, language),
    )
    try:
        said = scripted_hand(terminal, language)
        if not terminal.ended:  # Traditional Rummy's game is one hand
            terminal.type("kilépés" if language == "hu" else "quit")
    finally:
        status = terminal.finish()
    assert status == 0, terminal.text()[-2000:]
    assert not SCREEN_CONTROL.search(terminal.output), SCREEN_CONTROL.search(terminal.output)
    assert "\x1b" not in terminal.text()  # no colours either, unless asked
    assert HAND_OVER[language].search(said), said
    assert ("Totals:" if language == "en" else "Összesen:") in said


def test_ctrl_c_leaves_as_quit_does_and_the_game_is_saved(tmp_path):
    terminal = LineTerminal(["--lines", "play", "--variant", "basic", "--seed", "2"], line_environment(tmp_path))
    try:
        terminal.prompt()
        terminal.type("draw")
        assert "You drew the " in terminal.prompt()
        # pressed as soon as the prompt is written: before readline waits for a key, where
        # CPython's readline alone would see the signal only at the next key
        os.write(terminal.master, b"\x03")
        terminal.read_until(b"The game is saved")
    finally:
        status = terminal.finish()
    assert status == 0
    assert list((tmp_path / "saves").glob("*.json"))
