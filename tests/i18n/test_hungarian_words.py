"""Hungarian as a native writes it (issue 27): no «A(z)» or «(ei)» shortcuts in the catalogue,
the article chosen by the word that follows, and the player's own lines as second-person
sentences of their own («osztottál», never «Te osztott»)."""

from __future__ import annotations

import re

import pytest

from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.i18n import article, render, render_event, t
from tools import translations
from variants import registry

SHORTCUT = re.compile(r"[Aa]\(z\)|\w\((?:ei|ek|ok|ak|ka|ke|k|a|e)\)", re.IGNORECASE)  # a(z), zsóker(ei), lapo(ka)t
YOU_AND_THIRD_PERSON = re.compile(r"\b[Tt]e,? (?:\w+ )?\w+(?:tt|ott|ett|ött|ta|te)\b")  # «Te osztott», «Te … kopogott»


def hungarian_strings() -> list[tuple[str, str]]:
    (path,) = [path for path in translations.po_files() if path.parent.parent.name == "hu"]
    found = []
    for message in translations.read(path):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        found += [(message.id if isinstance(message.id, str) else message.id[0], text) for text in strings if text]
    return found


def test_the_catalogue_has_no_article_or_plural_shortcuts():
    bad = [(english, text) for english, text in hungarian_strings() if SHORTCUT.search(text)]
    assert not bad, bad


def test_the_catalogue_builds_no_second_person_from_te_and_a_third_person_verb():
    bad = [(english, text) for english, text in hungarian_strings() if YOU_AND_THIRD_PERSON.search(text)]
    assert not bad, bad


def test_the_catalogue_test_can_fail():
    assert SHORTCUT.search("Csere a(z) {target}. kombináció zsóker(ei)ért")
    assert SHORTCUT.search("jelöld ki a lapo(ka)t")
    assert YOU_AND_THIRD_PERSON.search("Te osztott") and YOU_AND_THIRD_PERSON.search("Te eldobta: 8♥, és kopogott")
    assert not YOU_AND_THIRD_PERSON.search("Te osztasz először") and not SHORTCUT.search("Kopogás (k)")


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("1", "az"), ("2", "a"), ("5", "az"), ("10", "a"), ("50", "az"), ("100", "a"), ("500", "az"),
        ("1000", "az"), ("2000", "a"), ("[AS]", "az"), ("[5H]", "az"), ("[JH]", "a"), ("[JK]", "a"),
        ("A♠", "az"), ("8♥", "a"), ("D♣", "a"), ("Észak", "az"), ("Béla", "a"), ("„Ann”", "az"),
        ("m", "az"), ("F2", "az"), ("k", "a"), ("ctrl+s", "a"), ("x", "az"), ("d", "a"),
    ],
)  # fmt: skip
def test_the_article_follows_the_word_read_aloud(word, expected):
    assert article(word) == expected


def test_a_translation_writes_a_and_the_value_sets_the_article(hungarian):
    assert t("Hand {number} is over.", number=1) == "Az 1. játszma véget ért."
    assert t("Hand {number} is over.", number=2) == "A 2. játszma véget ért."


def messages_naming(message, names: set[str]):
    """The stored messages inside ``message`` that have a seat's name among their values."""
    if isinstance(message, dict) and isinstance(message.get("text"), str):
        values = message.get("values") or {}
        if any(isinstance(value, str) and value in names for value in values.values()):
            yield message
        for value in values.values():
            yield from messages_naming(value, names)
    elif isinstance(message, dict):
        for value in message.values():
            yield from messages_naming(value, names)
    elif isinstance(message, list):
        for value in message:
            yield from messages_naming(value, names)


@pytest.mark.parametrize("key", list(registry()))
def test_the_viewers_own_lines_are_second_person_sentences(hungarian, key):
    """Play a game by the AI; every log line about the viewer's seat, and every message naming
    it, reads in the second person for the viewer: never the viewer's name then a verb."""
    names = ["Anna", "Béla", "Cili"]
    players = 2 if key == "gin" else 3
    seats = [{"name": name, "kind": "ai", "level": "normal"} for name in names[:players]]
    game = Game(key, players, {}, 1, seats=seats)
    lines: list[tuple[int, str]] = []
    while game.state.result is None and len(game.record["actions"]) < 600:
        game.apply(choose_action(game, game.current_seat, "normal"))
        for viewer in range(players):
            for message in messages_naming([game.state.last_hand, game.state.result], {names[viewer]}):
                lines.append((viewer, render(message, names[viewer])))
    for event in game.state.events:
        for viewer in range(players):
            if event.get("seat") == viewer or list(messages_naming(event, {names[viewer]})):
                lines.append((viewer, render_event(event, names, viewer)))
    assert lines
    third_person = [line for viewer, line in lines if re.search(rf"\b{names[viewer]} [a-záéíóöőúüű]", line)]
    assert not third_person, sorted(set(third_person))


def test_a_sentence_shown_on_its_own_starts_with_a_capital(hungarian):
    assert t("You win the game!") == "Megnyerted a játékot!"
    assert (
        render(
            {"text": "{names} wins the game!", "plural": "{names} win the game!", "n": 1, "values": {"names": "Anna"}},
            "Anna",
        )
        == "Megnyerted a játékot!"
    )


def test_a_move_the_computer_made_for_the_away_viewer_says_so(hungarian):
    from rummy_tui.widgets.cards import CardLook
    from rummy_tui.widgets.log import event_line

    event = {"seat": 1, "hand": 1, "text": "drew from the stock", "for_away": True}
    names = ["Anna", "Béla"]
    assert event_line(event, names, CardLook(), viewer=1).plain == "A gép játszott helyetted: húzott a talonból"
    assert event_line(event, names, CardLook(), viewer=0).plain == "Béla húzott a talonból"  # the others see the move
