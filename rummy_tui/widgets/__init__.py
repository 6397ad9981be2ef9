"""The table's widgets: each shows one thing and renders from a :class:`TableView`."""

from rummy_tui import binding_words  # noqa: F401  (the footers follow a later change of language)
