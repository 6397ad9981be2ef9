"""Issue 12: `rummy --help`, every subcommand's help and our usage errors in Hungarian under
`--lang hu` or a Hungarian locale, whatever the place of `--lang` on the line; English stays English."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from rummy_tui.i18n import set_language
from tests.support.words import import_the_screens_in_english

# Words of the English help pages that a Hungarian help page must not show.
ENGLISH = {
    "the",
    "and",
    "of",
    "to",
    "Usage:",
    "Options:",
    "Commands:",
    "Show",
    "message",
    "exit.",
    "default:",
    "required]",
    "TEXT",
    "INTEGER",
    "Try",
    "seats",
    "game",
    "games",
    "table",
    "Error:",
    "Missing",
    "Invalid",
    "value",
    "for",
    "this",
    "Print",
    "Play",
    "Join",
    "Host",
}


def english_words(text: str) -> set[str]:
    return ENGLISH & set(re.split(r"[\s,()\[]+", text))


@pytest.fixture
def cli(tmp_path, monkeypatch):
    """Invoke `rummy` with no remembered language and an English locale unless a test sets LANG."""
    from rummy_tui.cli import main

    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    import_the_screens_in_english()

    def invoke(*args: str):
        return CliRunner().invoke(main, list(args), prog_name="rummy", terminal_width=80)

    yield invoke
    set_language("en")


def subcommands() -> list[str]:
    from rummy_tui.cli import main

    return sorted(main.commands)


def test_rummy_lang_hu_help_is_hungarian(cli):
    result = cli("--lang", "hu", "--help")
    assert result.exit_code == 0, result.output
    assert "Használat: rummy [KAPCSOLÓK]" in result.output
    assert "Kapcsolók:" in result.output and "Parancsok:" in result.output
    assert "Kiírja ezt a súgót, és kilép." in result.output
    assert "Közös asztal indítása" in result.output  # a command's short help in the list
    assert not english_words(result.output), result.output


def test_the_help_is_hungarian_when_lang_comes_after_help(cli):
    result = cli("play", "--help", "--lang", "hu")
    assert result.exit_code == 0, result.output
    assert "Egyenesen az asztalhoz" in result.output
    assert not english_words(result.output), result.output


def test_a_hungarian_locale_gives_hungarian_play_help(cli, monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    result = cli("play", "--help")
    assert result.exit_code == 0, result.output
    assert "--variant SZÖVEG" in result.output and "[kötelező]" in result.output
    assert "[alapérték: normal]" in result.output
    assert not english_words(result.output), result.output


@pytest.mark.parametrize("command", subcommands())
def test_every_subcommand_help_is_hungarian(cli, command):
    result = cli(command, "--lang", "hu", "--help")
    assert result.exit_code == 0, result.output
    assert f"Használat: rummy {command}" in result.output and "Kapcsolók:" in result.output
    assert not english_words(result.output), result.output


@pytest.mark.parametrize("command", subcommands())
def test_english_help_stays_english(cli, command):
    result = cli(command, "--help")
    assert result.exit_code == 0, result.output
    assert f"Usage: rummy {command}" in result.output and "Show this message and exit." in result.output
    assert "Használat" not in result.output and "Kapcsolók" not in result.output
    assert english_words(result.output)  # the check above can fail: it finds the English words here


def test_lang_en_switches_a_hungarian_locale_back(cli, monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    result = cli("--help", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Usage: rummy [OPTIONS]" in result.output and "Commands:" in result.output


def test_usage_errors_are_hungarian(cli):
    missing = cli("play", "--lang", "hu")
    assert missing.exit_code == 2
    assert "Hiba: Hiányzik a kapcsoló: '--variant'." in missing.output
    assert "Súgó: 'rummy play --help'." in missing.output and "Használat: rummy play" in missing.output
    not_a_number = cli("play", "--variant", "gin", "--seed", "x", "--lang", "hu")
    assert not_a_number.exit_code == 2
    assert "Érvénytelen érték ('--seed'): 'x' nem egész szám" in not_a_number.output
    unknown = cli("--lang", "hu", "nope")
    assert unknown.exit_code == 2 and "Hiba: Nincs 'nope' parancs. A parancsok: daily, export" in unknown.output
    argument = cli("rules", "--lang", "hu")
    assert argument.exit_code == 2 and "Hiányzik az argumentum: 'VÁLTOZAT'." in argument.output
    for result in (missing, not_a_number, unknown, argument):
        assert not english_words(result.output), result.output


def test_usage_errors_stay_english_in_english(cli):
    result = cli("play", "--seed", "x", "--variant", "gin")
    assert result.exit_code == 2
    assert "Error: Invalid value for '--seed': 'x' is not a whole number; it takes any whole number" in result.output
    assert "Try 'rummy play --help' for help." in result.output


def test_clicks_own_messages_are_hungarian(cli):
    """click words these itself (through gettext): they come from our catalogue."""
    extra = cli("--lang", "hu", "play", "--variant", "gin", "extra")
    assert extra.exit_code == 2 and "Váratlan további argumentum (extra)" in extra.output, extra.output
    no_value = cli("--lang", "hu", "play", "--variant", "gin", "--seed")
    assert no_value.exit_code == 2 and "A '--seed' kapcsolóhoz 1 értéket kell megadni." in no_value.output
    for result in (extra, no_value):
        assert not english_words(result.output), result.output


def test_clicks_own_messages_stay_english_in_english(cli):
    extra = cli("play", "--variant", "gin", "extra")
    assert "Got unexpected extra argument (extra)" in extra.output, extra.output
