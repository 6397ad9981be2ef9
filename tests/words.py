"""Stored messages (log lines, hand summaries, sheet notes) as English text, for tests that
compare them with the words of a worked example."""

from __future__ import annotations

from rummy_tui.i18n import english


def message_texts(messages) -> list[str]:
    return [english(message) for message in messages]


__all__ = ["english", "message_texts"]
