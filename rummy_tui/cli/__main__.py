"""`python -m rummy_tui.cli` runs the `rummy` command, as `python -m rummy_tui` does."""

from rummy_tui.cli import main

main()
