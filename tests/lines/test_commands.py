"""What a player types, read forgivingly in both languages."""

from __future__ import annotations

import pytest

from rummy_tui.lines.commands import read_command


@pytest.mark.parametrize(
    ("typed", "verb", "groups", "target"),
    [
        ("discard 7 hearts", "discard", [["7H"]], None),
        ("discard 7h", "discard", [["7H"]], None),
        ("Discard the 7 of Hearts", "discard", [["7H"]], None),
        ("x 10♥", "discard", [["10H"]], None),
        ("dobom a kőr hetest", "discard", [["7H"]], None),
        ("dobom a kor hetest", "discard", [["7H"]], None),
        ("eldobom a pikk dámát", "discard", [["QS"]], None),
        ("dobom a 7h-t", "discard", [["7H"]], None),
        ("discard dh", "discard", [["QH"]], None),  # Hungarian D is dáma, the queen
        ("knock the queen of spades", "knock", [["QS"]], None),
        ("gin king of clubs", "gin", [["KC"]], None),
        ("meld 7h 8h 9h + qs qd qc", "meld", [["7H", "8H", "9H"], ["QS", "QD", "QC"]], None),
        ("meld joker as 9 of spades 10s js", "meld", [["JK=9S", "10S", "JS"]], None),
        ("lerakom zsóker mint pikk 9 10s js", "meld", [["JK=9S", "10S", "JS"]], None),
        ("lay off 5c on 2", "layoff", [["5C"]], 2),
        ("szúrok treff ötöst a 2-re", "layoff", [["5C"]], 2),
        ("draw", "draw", [], None),
        ("húzok", "draw", [], None),
        ("take", "take", [], None),
    ],
)
def test_moves_are_read_in_either_language(typed, verb, groups, target):
    read = read_command(typed)
    assert (read.verb, read.groups, read.target, read.problem) == (verb, groups, target, None)


@pytest.mark.parametrize(
    ("typed", "ask"),
    [("hand", "hand"), ("lapok", "hand"), ("table", "table"), ("asztal", "table"), ("score", "score"),
     ("pontok", "score"), ("discards", "discards"), ("help", "help"), ("súgó", "help"), ("undo", "undo"),
     ("vissza", "undo"), ("hint", "hint"), ("tipp", "hint"), ("quit", "quit"), ("kilépés", "quit")],
)  # fmt: skip
def test_questions(typed, ask):
    assert read_command(typed).ask == ask


def test_what_is_not_understood_is_named_as_typed():
    assert read_command("dance").problem == "dance"
    assert read_command("discard banán").problem == "banán"
    assert read_command("discard 7h").problem is None


def test_a_number_and_an_engine_code():
    assert read_command("3").number == 3
    assert read_command("knock:QH").code == "knock:QH"
