"""`rummy daily`: today's daily deal, one hand against the hard computer, the same cards for
everyone (rummy_tui/tableserver/daily.py); `--verify DAY` checks a past day's deal."""

from __future__ import annotations

import click

from rummy_tui.cli.group import ascii_option, exit_with, fail, main, no_mouse_option, variant_named
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _


@main.command("daily", help=N_("Play today's daily deal: one hand against the hard computer, the same for everyone."))
@click.option(
    "--variant", "variant_key", default="gin", show_default=True, help=N_("Variant key (see `rummy variants`).")
)
@click.option(
    "--verify",
    "verify_day",
    default=None,
    metavar="DAY",
    help=N_("Check a past day's deal (2026-12-01) against the commitment sealed at its start."),
)
@ascii_option
@no_mouse_option
def daily_command(variant_key: str, verify_day: str | None, ascii_only: bool, no_mouse: bool) -> None:
    variant = variant_named(variant_key)
    if verify_day is not None:
        exit_with(verify_daily(variant.key, verify_day))
        return
    from rummy_tui.app import run_app

    exit_with(run_app(ascii_only=ascii_only, mouse=not no_mouse, daily=variant.key))


def verify_daily(variant: str, day: str) -> int:
    """The day's seed (the server's, once the day is over; else the date's) deals the deal whose
    commitment was sealed at the start of the day and shown in every game of it."""
    import asyncio

    from rummy_tui.screens.daily_result import local_book, served
    from rummy_tui.tableserver.client import TableError
    from rummy_tui.tableserver.connect import NoTableServer
    from rummy_tui.tableserver.daily import commitment, daily_seed, deal_from_seed, first_hand

    if served():
        try:
            result = asyncio.run(_served_result(variant, day))
        except (NoTableServer, TableError, OSError) as problem:
            fail(str(problem))
        if result.get("seed") is None:
            fail(_("The deal of {day} is revealed once that day (UTC) is over.", day=day))
        seed, sealed = result["seed"], result["commitment"]
    else:
        seed = daily_seed(variant, day)
        sealed = commitment(deal_from_seed(variant, seed))
    deal = deal_from_seed(variant, seed)
    seen = local_book().seen(day, variant)  # what this player was shown when they played it
    if seen is not None:
        sealed = seen["commitment"]
    if commitment(deal) != sealed:
        click.echo(_("The deal of {day} does NOT match its commitment {sealed}.", day=day, sealed=sealed))
        return 1
    if seen is not None and first_hand(deal) != seen["hand"]:
        click.echo(_("The deal of {day} does NOT deal you the cards you were shown.", day=day))
        return 1
    if seen is not None:
        click.echo(_("You were dealt the cards this deal gives seat 1."))
    click.echo(
        _(
            "The deal of {day} ({variant}) is the one sealed at its start: {sealed}",
            day=day,
            variant=variant,
            sealed=sealed,
        )
    )
    click.echo(_("Its seed: {seed}", seed=seed))
    return 0


async def _served_result(variant: str, day: str) -> dict:
    from rummy_tui.screens.daily_result import player_name
    from rummy_tui.tableserver.connect import address, identity, open_client

    client = await open_client()
    try:
        await client.hello(player_name(), identity=identity(), address=address())
        return await client.daily_result(variant, day)
    finally:
        await client.close()
