"""Choosing the language already in effect changes nothing: every game and command does it at
its start, and a game forked from the server's template would otherwise remake the key
bindings of every screen (pages it then no longer shares with the template)."""

from __future__ import annotations

from rummy_tui.i18n import language, set_language
from tests.support.words import import_the_screens_in_english


def bindings_of_every_screen() -> dict[type, list]:
    from textual.dom import DOMNode

    from rummy_tui.binding_words import _subclasses

    found = {}
    for cls in _subclasses(DOMNode):
        merged = cls.__dict__.get("_merged_bindings")
        if merged is not None:
            found[cls] = [binding for bindings in merged.key_to_bindings.values() for binding in bindings]
    return found


def test_the_language_in_effect_chosen_again_leaves_the_bindings_as_they_are():
    import_the_screens_in_english()
    before = bindings_of_every_screen()
    assert before  # screens with bindings of their own are there to compare
    set_language("en")
    after = bindings_of_every_screen()
    assert all(a is b for cls in before for a, b in zip(before[cls], after[cls], strict=True))


def test_another_language_still_translates_the_bindings():
    import_the_screens_in_english()
    before = bindings_of_every_screen()
    try:
        set_language("hu")
        assert language() == "hu"
        changed = [
            (a.description, b.description)
            for cls in before
            for a, b in zip(before[cls], bindings_of_every_screen()[cls], strict=True)
            if a.description != b.description
        ]
        assert changed  # some words of the footers are Hungarian now
    finally:
        set_language("en")
