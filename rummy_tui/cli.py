"""The `rummy` command. Bare `rummy` opens the game; the subcommands need no screen."""

from __future__ import annotations

import json
import sys

import click

from rummy_tui.engine.variant import SettingError


def _fail(message: str) -> None:
    """A one-line error and exit status 2, never a traceback."""
    click.echo(f"Error: {message}", err=True)
    sys.exit(2)


def _variant(key: str):
    from variants import get_variant

    try:
        return get_variant(key)
    except SettingError as error:
        _fail(str(error))


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--ascii", "ascii_only", is_flag=True, help="Suit letters instead of glyphs.")
@click.option("--no-mouse", is_flag=True, help="Ignore the mouse.")
@click.version_option(package_name="rummy-tui")
@click.pass_context
def main(ctx: click.Context, ascii_only: bool, no_mouse: bool) -> None:
    """Play rummy in your terminal: five variants, hot-seat or against the computer.

    Run without a command to open the game.
    """
    if ctx.invoked_subcommand is None:
        from rummy_tui.app import run_app

        run_app(ascii_only=ascii_only, mouse=not no_mouse)


@main.command("variants")
def list_variants() -> None:
    """List the variants you can play."""
    from rich.console import Console
    from rich.table import Table

    from variants import registry

    table = Table(title="Rummy variants")
    for column in ("key", "name", "Hungarian name", "players", "about"):
        table.add_column(column)
    for key, variant in registry().items():
        players = (str(variant.min_players) if variant.min_players == variant.max_players
                   else f"{variant.min_players}-{variant.max_players}")
        table.add_row(key, variant.name, variant.hungarian_name, players, variant.description)
    Console().print(table)


@main.command("rules")
@click.argument("variant_key", metavar="VARIANT")
def show_rules(variant_key: str) -> None:
    """Print a summary of a variant's rules and its settings."""
    from rich.console import Console
    from rich.markdown import Markdown

    variant = _variant(variant_key)
    lines = [f"# {variant.name} ({variant.hungarian_name})", "", variant.rules_summary.strip(), "",
             "## Settings", ""]
    for name, setting in variant.settings.items():
        lines.append(f"* `{name}` (default `{setting.default}`): {setting.help}")
    Console().print(Markdown("\n".join(lines)))


def _parse_settings(pairs: tuple[str, ...]) -> dict[str, str]:
    settings = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            _fail(f"--set takes NAME=VALUE, not '{pair}'")
        settings[name.strip()] = value.strip()
    return settings


@main.command("simulate")
@click.option("--variant", "variant_key", required=True, help="Variant key (see `rummy variants`).")
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--seats", default=None, help="AI level per seat, comma separated: easy,normal.")
@click.option("--games", type=int, default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--set", "setting_pairs", multiple=True, metavar="NAME=VALUE", help="Change a setting.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate_command(variant_key: str, players: int, seats: str | None, games: int, seed: int,
                     setting_pairs: tuple[str, ...], as_json: bool) -> None:
    """Play AI-only games and report wins and scores per seat."""
    from rummy_tui.engine.ai import LEVELS, simulate

    variant = _variant(variant_key)
    try:
        variant.check_players(players)
        settings = variant.resolve_settings(_parse_settings(setting_pairs))
    except SettingError as error:
        _fail(str(error))
    levels = [s.strip() for s in seats.split(",")] if seats else ["normal"] * players
    if len(levels) != players:
        _fail(f"--seats names {len(levels)} seat(s) but --players is {players}")
    bad = [level for level in levels if level not in LEVELS]
    if bad:
        _fail(f"unknown AI level '{bad[0]}' in --seats (choose from: {', '.join(LEVELS)})")
    if games < 1:
        _fail("--games must be at least 1")
    report = simulate(variant.key, players, levels, games, seed, settings).as_dict()
    if as_json:
        click.echo(json.dumps(report))
        return
    _print_report(report)


def _print_report(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{report['variant']}: {report['games']} games, {report['players']} players")
    for column in ("seat", "AI", "wins", "average score"):
        table.add_column(column, justify="right" if column != "AI" else "left")
    for seat, level in enumerate(report["seats"]):
        table.add_row(str(seat), level, f"{report['wins'][seat]:g}", f"{report['average_score'][seat]:g}")
    console = Console()
    console.print(table)
    console.print(f"hands per game: {report['hands_per_game']}   games per second: {report['games_per_second']}")


if __name__ == "__main__":
    main()
