"""rummy-tui: five real rummy variants in a terminal."""

__version__ = "0.1.0"
