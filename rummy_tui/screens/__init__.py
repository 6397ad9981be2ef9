"""The app's screens: start, table, hand-off, end of hand and game, help and rules."""

from rummy_tui import binding_words  # noqa: F401  (the footers follow a later change of language)
