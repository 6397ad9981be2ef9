"""The `rummy serve` command. Only click is imported here; the servers load when one starts."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from rummy_tui.cli_words import Command
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _

from .limits import Limits


def _fail(message: str) -> None:
    click.echo(_("Error: {message}", message=message), err=True)
    sys.exit(2)


def _at_least_one(ctx, param, value):
    if value is not None and value < 1:
        raise click.BadParameter(_("must be at least 1"))
    return value


@click.command(
    "serve",
    cls=Command,
    help=N_(
        "Let others play: an SSH server (every visitor lands at the start screen, never a shell).\n\n"
        "Each visitor gets their own saves and statistics: per public key, or `guest-NAME` without one. "
        "Listens on 127.0.0.1 unless --host says otherwise."
    ),
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=N_("Address to listen on; 0.0.0.0 lets anyone on the network connect."),
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help=N_("Port to listen on (SSH default 2222, --web default 8000; 0 picks a free one)."),
)
@click.option("--web", is_flag=True, help=N_("Serve browsers with textual-serve instead (no authentication!)."))
@click.option(
    "--authorized-keys",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help=N_("Admit only the public keys in FILE (authorized_keys format); no guests."),
)
@click.option(
    "--max-sessions",
    type=int,
    default=Limits.max_sessions,
    show_default=True,
    callback=_at_least_one,
    help=N_("Sessions at once, in all."),
)
@click.option(
    "--max-per-ip",
    type=int,
    default=Limits.max_sessions_per_ip,
    show_default=True,
    callback=_at_least_one,
    help=N_("Sessions at once from one address."),
)
@click.option(
    "--max-starting",
    type=int,
    default=Limits.max_starting,
    show_default=True,
    callback=_at_least_one,
    help=N_("Games starting at once (start-up is the CPU-heavy part)."),
)
@click.option(
    "--connections-per-minute",
    type=int,
    default=Limits.connections_per_minute,
    show_default=True,
    callback=_at_least_one,
    help=N_("New connections per address per minute."),
)
@click.option(
    "--idle-minutes",
    type=float,
    default=Limits.idle_timeout / 60,
    show_default=True,
    help=N_("Close a session after this long without a key."),
)
@click.option(
    "--max-width",
    type=int,
    default=Limits.max_width,
    show_default=True,
    callback=_at_least_one,
    help=N_("Widest window a game gets, in columns; a larger terminal shows the game in this much."),
)
@click.option(
    "--max-height",
    type=int,
    default=Limits.max_height,
    show_default=True,
    callback=_at_least_one,
    help=N_("Tallest window a game gets, in rows."),
)
@click.option(
    "--keys-per-second",
    type=int,
    default=Limits.keys_per_second,
    show_default=True,
    callback=_at_least_one,
    help=N_("Keys a visitor may send per second (a few seconds' worth at once); more are dropped."),
)
@click.option(
    "--bytes-per-second",
    type=int,
    default=Limits.bytes_per_second,
    show_default=True,
    callback=_at_least_one,
    help=N_("Bytes of input a visitor may send per second; more are dropped."),
)
@click.option("--ascii", "ascii_only", is_flag=True, help=N_("Every game draws suits as letters."))
@click.option("--no-mouse", is_flag=True, help=N_("Every game ignores the mouse (less traffic on slow links)."))
@click.option(
    "--spawn",
    is_flag=True,
    help=N_("Start every game as a fresh process instead of forking it from the game template (slower; to compare)."),
)
def serve_command(
    host: str,
    port: int | None,
    web: bool,
    authorized_keys: Path | None,
    max_sessions: int,
    max_per_ip: int,
    max_starting: int,
    connections_per_minute: int,
    idle_minutes: float,
    max_width: int,
    max_height: int,
    keys_per_second: int,
    bytes_per_second: int,
    ascii_only: bool,
    no_mouse: bool,
    spawn: bool,
) -> None:
    from rummy_tui.storage.paths import data_dir

    if idle_minutes <= 0:
        _fail(_("--idle-minutes must be more than 0"))
    game_options = (["--ascii"] if ascii_only else []) + (["--no-mouse"] if no_mouse else [])
    data_root = data_dir() / "serve"
    if web:
        from .web import serve_web

        if authorized_keys is not None:
            _fail(_("--authorized-keys is for SSH; --web has no authentication at all (see the README)"))
        serve_web(host, 8000 if port is None else port, data_root / "web", game_options)
        return
    limits = Limits(
        max_sessions=max_sessions,
        max_sessions_per_ip=max_per_ip,
        max_starting=max_starting,
        connections_per_minute=connections_per_minute,
        idle_timeout=idle_minutes * 60,
        max_width=max_width,
        max_height=max_height,
        keys_per_second=keys_per_second,
        bytes_per_second=bytes_per_second,
    )
    _serve_ssh(host, 2222 if port is None else port, authorized_keys, limits, game_options, data_root, spawn)


def _serve_ssh(
    host: str,
    port: int,
    authorized_keys: Path | None,
    limits: Limits,
    game_options: list[str],
    data_root: Path,
    spawn: bool,
) -> None:
    import asyncio

    from .ssh import ServeOptions, serve_forever

    options = ServeOptions(
        host=host, port=port, authorized_keys=authorized_keys, limits=limits, game_options=game_options, spawn=spawn
    )
    try:
        asyncio.run(serve_forever(options, data_root))
    except (RuntimeError, PermissionError) as error:  # the table service: already running, or not our folder
        _fail(str(error))
    except OSError as error:
        _fail(_("cannot listen on {host}:{port}: {problem}", host=host, port=port, problem=error.strerror or error))
    except ValueError as error:  # asyncssh: an authorized_keys line it cannot read
        _fail(_("cannot use {path}: {problem}", path=authorized_keys, problem=error))
