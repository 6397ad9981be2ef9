"""`rummy simulate`: AI-only games, with wins and scores per seat."""

from __future__ import annotations

import json

import click

from rummy_tui.cli.group import WholeNumber, fail, main, parse_settings, variant_named
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_, ngettext
from rummy_tui.i18n import t as _


@main.command("simulate", help=N_("Play AI-only games and report wins and scores per seat."))
@click.option("--variant", "variant_key", required=True, help=N_("Variant key (see `rummy variants`)."))
@click.option(
    "--players",
    type=WholeNumber(N_("the number of seats, such as 2")),
    default=2,
    show_default=True,
    help=N_("Number of seats."),
)
@click.option(
    "--seats", default=None, help=N_("AI level per seat, comma separated: easy, normal or hard (e.g. hard,normal).")
)
@click.option(
    "--games",
    type=WholeNumber(N_("how many games to play, 1 or more")),
    default=100,
    show_default=True,
    help=N_("How many games to play."),
)
@click.option(
    "--seed",
    type=WholeNumber(N_("any whole number, such as 42")),
    default=0,
    show_default=True,
    help=N_("Seed of the first game (the others follow from it)."),
)
@click.option("--set", "setting_pairs", multiple=True, metavar="NAME=VALUE", help=N_("Change a setting."))
@click.option("--rotate", is_flag=True, help=N_("Move the levels one seat on each game and count wins by level."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the report as JSON."))
@click.option(
    "--records",
    "records_dir",
    default=None,
    type=click.Path(file_okay=False),
    help=N_("Write each game's record into this folder, as `rummy export` does."),
)
def simulate_command(
    variant_key: str,
    players: int,
    seats: str | None,
    games: int,
    seed: int,
    setting_pairs: tuple[str, ...],
    rotate: bool,
    as_json: bool,
    records_dir: str | None,
) -> None:
    from rummy_tui.engine.ai import LEVELS, simulate

    variant = variant_named(variant_key)
    try:
        variant.check_players(players)
        settings = variant.resolve_settings(parse_settings(setting_pairs))
    except SettingError as error:
        fail(str(error))
    levels = [s.strip() for s in seats.split(",")] if seats else ["normal"] * players
    if len(levels) != players:
        fail(
            ngettext(
                "--seats names {n} seat but --players is {players}",
                "--seats names {n} seats but --players is {players}",
                len(levels),
                players=players,
            )
        )
    bad = [level for level in levels if level not in LEVELS]
    if bad:
        fail(_("unknown AI level '{level}' in --seats (choose from: {levels})", level=bad[0], levels=", ".join(LEVELS)))
    if games < 1:
        fail(_("--games must be at least 1"))
    report = simulate(
        variant.key,
        players,
        levels,
        games,
        seed,
        settings,
        rotate,
        _record_writer(records_dir) if records_dir else None,
    ).as_dict()
    if as_json:
        click.echo(json.dumps(report))
        return
    _print_report(report)


def _record_writer(folder: str):
    """Writes each simulated game's record to ``folder`` (made if missing): ``VARIANT-SEED.json``."""
    from pathlib import Path

    from rummy_tui.storage.record_file import record_text

    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(_("cannot write {path}: {error}", path=folder, error=error.strerror or error))

    def write(game) -> None:
        target = path / f"{game.record['variant']}-{game.record['seed']}.json"
        try:
            target.write_text(record_text(game.record), encoding="utf-8")
        except OSError as error:
            fail(_("cannot write {path}: {error}", path=target, error=error.strerror or error))

    return write


def _print_report(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=_(
            "{variant}: {games} games, {players} players",
            variant=report["variant"],
            games=report["games"],
            players=report["players"],
        )
    )
    for column in (N_("seat"), N_("AI"), N_("wins"), N_("win share (95% CI)"), N_("average score")):
        table.add_column(_(column), justify="right" if column != "AI" else "left")
    rotated = report.get("rotated")
    for seat, level in enumerate(report["seats"]):
        share, margin = report["win_share"][seat]
        table.add_row(
            str(seat),
            _("(rotating)") if rotated else level,
            f"{report['wins'][seat]:g}",
            f"{share:.1%} ± {margin:.1%}",
            f"{report['average_score'][seat]:g}",
        )
    console = Console()
    console.print(table)
    for level, row in report.get("by_level", {}).items():
        share, margin = row["win_share"]
        console.print(
            _(
                "{level}: won {wins} of {seat_games} seat-games, {share} ± {margin}",
                level=level,
                wins=f"{row['wins']:g}",
                seat_games=row["seat_games"],
                share=f"{share:.1%}",
                margin=f"{margin:.1%}",
            )
        )
    console.print(
        _(
            "hands per game: {hands}   games per second: {speed}",
            hands=report["hands_per_game"],
            speed=report["games_per_second"],
        )
    )


# --- play: straight to the table (the app's section) --------------------------------------

# The AI seats' names, in the player's language (a human's chosen name is skipped).
