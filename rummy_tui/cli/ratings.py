"""Play now and the ratings: `rummy play-now VARIANT` and `rummy ratings`."""

from __future__ import annotations

import json

import click

from rummy_tui.cli.group import (
    Amount,
    ascii_option,
    display_options,
    exit_with,
    fail,
    main,
    no_mouse_option,
    variant_named,
)
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _


@main.command(
    "play-now",
    help=N_(
        "Sit down with the next players who want the same game on this machine's table service; "
        "after the wait, the computer may fill the empty seats."
    ),
)
@click.argument("variant_key", metavar="VARIANT")
@click.option(
    "--players",
    type=click.IntRange(min=2, max=8),
    default=None,
    help=N_("How many play (default: the fewest the variant allows)."),
)
@click.option(
    "--wait",
    type=Amount(least=1.0),
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help=N_("How long to wait for others before the computer is offered."),
)
@click.option(
    "--level",
    type=click.Choice(["easy", "normal", "hard"]),
    default="normal",
    show_default=True,
    help=N_("The computer's level in the seats nobody takes."),
)
@ascii_option
@no_mouse_option
def play_now_command(
    variant_key: str, players: int | None, wait: float, level: str, ascii_only: bool, no_mouse: bool
) -> None:
    from rummy_tui.app import run_app

    variant = variant_named(variant_key)
    if players is not None and not variant.min_players <= players <= variant.max_players:
        fail(
            _(
                "{variant} is played by {low} to {high} players",
                variant=variant.shown_name(),
                low=variant.min_players,
                high=variant.max_players,
            )
        )
    ascii_only, mouse = display_options(ascii_only, no_mouse)
    options = {"variant": variant.key, "players": players, "wait": wait, "level": level}
    exit_with(run_app(ascii_only=ascii_only, mouse=mouse, play_now=options))


@main.command(
    "ratings",
    help=N_("The ratings of this machine's table service: the top players of each variant and your own place."),
)
@click.option("--variant", "variant_key", default=None, help=N_("Only this variant."))
@click.option("--computer", is_flag=True, help=N_("The ratings from games against the computer."))
@click.option(
    "--hide/--show",
    "hide",
    default=None,
    help=N_("Hide yourself from the public board (others no longer see you), or show yourself again."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print the boards as JSON."))
def ratings_command(variant_key: str | None, computer: bool, hide: bool | None, as_json: bool) -> None:
    from rich.console import Console

    from rummy_tui.screens.leaderboard import board_table, own_place_text
    from variants import get_variant, registry

    keys = [variant_named(variant_key).key] if variant_key is not None else list(registry())
    boards = _boards_from_the_service(keys, computer, hide)
    if boards is None:  # no table service running: this machine's own ratings file
        boards = _boards_from_the_file(keys, computer, hide)
    if variant_key is None:
        boards = [board for board in boards if board["rows"] or board["mine"]]
    if as_json:
        click.echo(json.dumps(boards, ensure_ascii=False))
        return
    if not boards:
        click.echo(_("No rated games here yet: play a shared table (rummy play-now gin) to be rated."))
        return
    console = Console()
    for board in boards:
        name = get_variant(board["variant"]).shown_name()
        title = (
            _("Ratings: {variant}, against the computer", variant=name)
            if computer
            else _("Ratings: {variant}, against people", variant=name)
        )
        console.print(title, style="bold", markup=False, highlight=False)
        if board["rows"]:
            console.print(board_table(board))
        console.print(own_place_text(board, name), markup=False, highlight=False)
        console.print()


def _boards_from_the_service(keys: list[str], computer: bool, hide: bool | None) -> list[dict] | None:
    """The boards of the table service running here (`rummy serve`'s, or the local one), or
    None if none is running (none is started for this)."""
    import asyncio

    from rummy_tui.tableserver.client import TableError
    from rummy_tui.tableserver.connect import NoTableServer, address, default_name, identity, open_client

    async def ask() -> list[dict]:
        client = await open_client(start_server=False)
        try:
            await client.hello(default_name() or "host", identity=identity(), address=address())
            if hide is not None:
                await client.hide_rating(hide)
            answers = [await client.ratings(key, computer=computer) for key in keys]
        finally:
            await client.close()
        return [{name: value for name, value in answer.items() if name not in ("type", "re")} for answer in answers]

    try:
        return asyncio.run(ask())
    except (NoTableServer, OSError):
        return None
    except TableError as refused:
        fail(str(refused))


def _boards_from_the_file(keys: list[str], computer: bool, hide: bool | None) -> list[dict]:
    import sqlite3

    from rummy_tui.storage.paths import data_dir
    from rummy_tui.storage.ratings import COMPUTER, LOCAL_PLAYER, PLAYERS, RatingStore, ratings_path
    from rummy_tui.tableserver.ratings_desk import board_message

    try:
        store = RatingStore(ratings_path(data_dir() / "tables"))
        if hide is not None:
            store.set_hidden(LOCAL_PLAYER, hide)
        pool = COMPUTER if computer else PLAYERS
        return [board_message(store.board(key, pool, LOCAL_PLAYER), LOCAL_PLAYER) for key in keys]
    except (sqlite3.Error, OSError) as error:
        fail(str(error))
