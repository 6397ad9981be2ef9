"""Stored messages (log lines, hand summaries, sheet notes) as English text, for tests that
compare them with the words of a worked example."""

from __future__ import annotations

from rummy_tui.i18n import english


def message_texts(messages) -> list[str]:
    return [english(message) for message in messages]


__all__ = ["english", "message_texts"]


def import_the_screens_in_english() -> None:
    """Import every module that makes texts at import time (key bindings, column headings)
    while the language is English, so a test that switches to Hungarian and back leaves no
    Hungarian behind in them for the tests after it (in the same worker)."""
    import importlib
    import pkgutil

    import rummy_tui
    from rummy_tui.binding_words import retranslate_bindings
    from rummy_tui.i18n import language

    assert language() == "en"
    for package in ("rummy_tui.screens", "rummy_tui.widgets", "rummy_tui.storage"):
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(module.__path__):
            importlib.import_module(f"{package}.{info.name}")
    for name in ("rummy_tui.app", "rummy_tui.cli"):
        importlib.import_module(name)
    assert rummy_tui
    retranslate_bindings()  # remembers every binding's English words
