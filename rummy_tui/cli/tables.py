"""Shared tables: `rummy table-server`, `rummy host` and `rummy join`."""

from __future__ import annotations

import click

from rummy_tui.cli.group import Amount, ascii_option, display_options, fail, main, no_mouse_option, open_game
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _


@main.command(
    "table-server",
    help=N_(
        "Run the shared-table server here: players at their own terminals join one table.\n\n"
        "Hosting a table from the game starts one by itself when none is running."
    ),
)
@click.option(
    "--socket",
    "socket_path",
    default=None,
    type=click.Path(dir_okay=False),
    help=N_("The unix socket to listen on (default: a private folder in the runtime directory)."),
)
@click.option(
    "--ai-delay", type=Amount(), default=0.5, show_default=True, help=N_("Seconds an AI seat waits before it moves.")
)
@click.option(
    "--exit-when-idle",
    type=Amount(),
    default=None,
    metavar="SECONDS",
    help=N_("Stop once no player has been connected this long (the tables resume at the next start)."),
)
@click.option(
    "--max-tables",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help=N_("Open (unfinished) tables this server holds at most."),
)
@click.option(
    "--max-tables-per-player",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help=N_("Open tables one player (an SSH key, else an address) may host at once."),
)
@click.option(
    "--keep-finished",
    type=Amount(),
    default=60,
    show_default=True,
    metavar="MINUTES",
    help=N_("How long a finished table's files are kept before they are removed."),
)
@click.option(
    "--close-unjoined",
    type=Amount(),
    default=30,
    show_default=True,
    metavar="MINUTES",
    help=N_("A table whose game has not started is closed once nobody has been at it this long."),
)
@click.option(
    "--max-seekers",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help=N_("Players waiting at once for Play now to seat them."),
)
def table_server_command(
    socket_path: str | None,
    ai_delay: float,
    exit_when_idle: float | None,
    max_tables: int,
    max_tables_per_player: int,
    keep_finished: float,
    close_unjoined: float,
    max_seekers: int,
) -> None:
    from rummy_tui.tableserver.limits import TableLimits
    from rummy_tui.tableserver.server import run

    limits = TableLimits(
        max_tables=max_tables,
        max_tables_per_player=max_tables_per_player,
        keep_finished_minutes=keep_finished,
        unjoined_minutes=close_unjoined,
        max_seekers=max_seekers,
    )
    try:
        run(socket_path, ai_delay=ai_delay, exit_when_idle=exit_when_idle, limits=limits)
    except (RuntimeError, PermissionError) as problem:
        fail(str(problem))


@main.command("host", help=N_("Host a shared table: others join it from their own terminals with its code."))
@click.option(
    "--public/--private",
    "public",
    default=None,
    help=N_(
        "Listed for everyone on the server, or joined only with its code (default: listed on this "
        "machine, private under `rummy serve`)."
    ),
)
@click.option("--no-watching", is_flag=True, help=N_("Nobody without a seat may watch the table."))
@ascii_option
@no_mouse_option
def host_command(public: bool | None, no_watching: bool, ascii_only: bool, no_mouse: bool) -> None:
    _open_shared_table("host", None, ascii_only, no_mouse, {"public": public, "watchable": not no_watching})


@main.command("join", help=N_("Join a shared table by its code (or pick one from the open tables)."))
@click.argument("code", required=False)
@ascii_option
@no_mouse_option
def join_command(code: str | None, ascii_only: bool, no_mouse: bool) -> None:
    from rummy_tui.tableserver.protocol import CODE_LENGTH, code_typed_well, normal_code

    if code is not None and not code_typed_well(normal_code(code)):
        fail(_("a table code is {n} letters, such as KDFM-TQRB (got {code!r})", n=CODE_LENGTH, code=code))
    _open_shared_table("join", code, ascii_only, no_mouse)


def _open_shared_table(
    screen: str, code: str | None, ascii_only: bool, no_mouse: bool, host_options: dict | None = None
) -> None:
    ascii_only, mouse = display_options(ascii_only, no_mouse)
    open_game(ascii_only=ascii_only, mouse=mouse, shared=(screen, code, host_options))
