"""`rummy learn`: an unknown variant is a one-line error, a known one opens its lesson."""

from __future__ import annotations

from click.testing import CliRunner

from rummy_tui.cli import main


def test_learn_names_the_variants_when_the_one_given_is_unknown():
    result = CliRunner().invoke(main, ["learn", "poker"])
    assert result.exit_code != 0
    assert "unknown variant 'poker'" in result.output and "hungarian" in result.output


def test_learn_opens_the_lesson_of_the_variant_given(monkeypatch):
    opened = {}

    def run_app(**options):
        opened.update(options)
        return 0

    monkeypatch.setattr("rummy_tui.app.run_app", run_app)
    result = CliRunner().invoke(main, ["learn", "hungarian"])
    assert result.exit_code == 0, result.output
    assert opened["lesson"] == "hungarian"
