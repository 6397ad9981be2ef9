"""`python -m rummy_tui` is the `rummy` command (the SSH server starts its sessions this way)."""

from rummy_tui.cli import main

main()
