"""The `rummy` command. Bare `rummy` opens the game; the subcommands need no screen.

`group` holds the command group and what the commands share; each other module adds its commands
to it: `about` (variants, rules), `simulate`, `games` (play, resume, stats, replay, export,
verify), `learn`, `tables` (table-server, host, join), `ratings` (play-now, ratings) and
`daily`. `rummy serve` lives with the server it starts.
"""

from __future__ import annotations

from rummy_tui.cli import about, daily, games, learn, ratings, simulate, tables  # noqa: F401  (each adds its commands to `main`)
from rummy_tui.cli.group import language_option, main
from rummy_tui.serve.command import serve_command  # click only; the servers load lazily

__all__ = ["main"]

main.add_command(serve_command)
main.params.append(language_option())
for _command in main.commands.values():
    _command.params.append(language_option())
