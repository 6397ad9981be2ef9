"""The `rummy` command. Bare `rummy` opens the game; the subcommands need no screen."""

from __future__ import annotations

import json
import math
import sys
from typing import NoReturn

import click

import variants  # noqa: F401  (importing the registry lets Game("gin", ...) find its variant)
from rummy_tui import cli_words
from rummy_tui.ascii_streams import degrade_to_ascii
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _


def _fail(message: str) -> NoReturn:
    """A one-line error and exit status 2, never a traceback."""
    click.echo(_("Error: {message}", message=message), err=True)
    sys.exit(2)


def _exit_with(return_code: int) -> None:
    """Leave with the app's return code: non-zero after a crash (the app printed where its report is)."""
    if return_code:
        sys.exit(return_code)


class WholeNumber(click.ParamType):
    """An integer option whose error says what the option takes, not only what it got."""

    name = "integer"

    def __init__(self, accepted: str) -> None:
        self.accepted = accepted

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            self.fail(
                _("'{value}' is not a whole number; it takes {accepted}", value=value, accepted=_(self.accepted)),
                param,
                ctx,
            )


class Amount(click.ParamType):
    """A finite number from ``least`` up (nan and inf are not amounts of time)."""

    name = "number"

    def __init__(self, least: float = 0.0) -> None:
        self.least = least

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number) or number < self.least:
            self.fail(
                _("'{value}' is not a number of at least {least}", value=value, least=f"{self.least:g}"), param, ctx
            )
        return number


class RummyCommands(cli_words.Group):
    """The command group: an unknown command lists the real ones, and an unusable data folder
    is one line from any command. Its help and errors are in the player's language."""

    def main(self, args=None, *rest, **options):
        """Choose the language before click reads anything, so that ``--help`` anywhere on the line
        (``rummy --help --lang hu``, ``LANG=hu_HU.UTF-8 rummy play --help``) is in it."""
        from rummy_tui.storage.preferences import choose_language

        degrade_to_ascii()  # a pipe under LANG=POSIX cannot take "ö": it gets "o", not a traceback
        args = list(sys.argv[1:] if args is None else args)
        choose_language(cli_words.asked_language(args))
        cli_words.speak_clicks_words()
        return super().main(args, *rest, **options)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError:
            if ctx.resilient_parsing:
                raise
            commands = ", ".join(sorted(self.list_commands(ctx)))
            raise cli_words.ShownUsageError(
                _(
                    "No such command '{name}'. The commands are: {commands}.",
                    name=args[0] if args else "",
                    commands=commands,
                ),
                ctx,
            ) from None

    def invoke(self, ctx: click.Context):
        from rummy_tui.storage.paths import DataDirError

        try:
            return super().invoke(ctx)
        except DataDirError as error:
            _fail(str(error))


def _variant(key: str):
    from variants import get_variant

    try:
        return get_variant(key)
    except SettingError as error:
        _fail(str(error))


def _use_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang`` on the command or a subcommand. Without it, the language ``main`` chose before
    parsing stays (the remembered choice or the locale)."""
    from rummy_tui.storage.preferences import choose_language

    if value is not None:
        choose_language(value)


def _language_option() -> click.Option:
    return click.Option(
        ["--lang"],
        type=cli_words.LanguageChoice(["hu", "en"]),
        default=None,
        expose_value=False,
        is_eager=True,
        callback=_use_language,
        help=N_(
            "Language: hu (magyar) or en (English); default: your choice on the start screen, else the locale (LANG)."
        ),
    )


# Every command that opens a screen takes these two display options.
ascii_option = click.option(
    "--ascii", "ascii_only", is_flag=True, help=N_("Draw with ASCII only: suit letters, plain borders and signs.")
)
no_mouse_option = click.option("--no-mouse", is_flag=True, help=N_("Ignore the mouse."))


@click.group(
    cls=RummyCommands,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        "Play rummy in your terminal: five variants, hot-seat or against the computer.\n\n"
        "Run without a command to open the game."
    ),
)
@ascii_option
@no_mouse_option
@click.version_option(package_name="rummy-tui", help=N_("Show the version and exit."))
@click.pass_context
def main(ctx: click.Context, ascii_only: bool, no_mouse: bool) -> None:
    """The game, or a subcommand (the help above is what the player reads)."""
    if ctx.invoked_subcommand is None:
        from rummy_tui.app import run_app

        _exit_with(run_app(ascii_only=ascii_only, mouse=not no_mouse))


@main.command("variants", help=N_("List the variants you can play."))
def list_variants() -> None:
    from rich.console import Console
    from rich.table import Table

    from variants import registry

    table = Table(title=_("Rummy variants"))
    for column in (_("key"), _("name"), _("Hungarian name"), _("players"), _("about")):
        table.add_column(column)
    for key, variant in registry().items():
        players = (
            str(variant.min_players)
            if variant.min_players == variant.max_players
            else f"{variant.min_players}-{variant.max_players}"
        )
        table.add_row(key, variant.shown_name(), variant.hungarian_name, players, variant.shown_description())
    Console().print(table)


@main.command("rules", help=N_("Print a summary of a variant's rules and its settings."))
@click.argument("variant_key", metavar="VARIANT")
def show_rules(variant_key: str) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    variant = _variant(variant_key)
    title = variant.shown_name()
    if title != variant.hungarian_name:
        title = f"{title} ({variant.hungarian_name})"
    lines = [f"# {title}", "", variant.shown_rules(), "", f"## {_('Settings')}", ""]
    for name, setting in variant.settings.items():
        lines.append(
            _("* `{name}` (default `{default}`): {help}", name=name, default=setting.default, help=setting.shown_help())
        )
    Console().print(Markdown("\n".join(lines)))


def _parse_settings(pairs: tuple[str, ...]) -> dict[str, str]:
    settings = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            _fail(_("--set takes NAME=VALUE, not '{pair}'", pair=pair))
        settings[name.strip()] = value.strip()
    return settings


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

    variant = _variant(variant_key)
    try:
        variant.check_players(players)
        settings = variant.resolve_settings(_parse_settings(setting_pairs))
    except SettingError as error:
        _fail(str(error))
    levels = [s.strip() for s in seats.split(",")] if seats else ["normal"] * players
    if len(levels) != players:
        _fail(_("--seats names {count} seat(s) but --players is {players}", count=len(levels), players=players))
    bad = [level for level in levels if level not in LEVELS]
    if bad:
        _fail(
            _("unknown AI level '{level}' in --seats (choose from: {levels})", level=bad[0], levels=", ".join(LEVELS))
        )
    if games < 1:
        _fail(_("--games must be at least 1"))
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
        _fail(_("cannot write {path}: {error}", path=folder, error=error.strerror or error))

    def write(game) -> None:
        target = path / f"{game.record['variant']}-{game.record['seed']}.json"
        try:
            target.write_text(record_text(game.record), encoding="utf-8")
        except OSError as error:
            _fail(_("cannot write {path}: {error}", path=target, error=error.strerror or error))

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
AI_SEAT_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"), N_("Centre"), N_("Nobody"))


@main.command("play", help=N_("Go straight to the table: humans (hot-seat if several) and AI seats."))
@click.option("--variant", "variant_key", required=True, help=N_("Variant key (see `rummy variants`)."))
@click.option(
    "--players",
    type=WholeNumber(N_("the number of seats, such as 2")),
    default=None,
    help=N_("Number of seats (default: one human plays one AI; several humans play each other, no AI)."),
)
@click.option(
    "--humans",
    default=None,
    metavar="NAME[,NAME...]",
    help=N_("The human seats, by name; more than one plays hot-seat.  [default: You]"),
)
@click.option(
    "--ai", "ai_level", default="normal", show_default=True, help=N_("Level of the AI seats: easy, normal or hard.")
)
@click.option(
    "--seed", type=WholeNumber(N_("any whole number, such as 42")), default=None, help=N_("Seed for a repeatable deal.")
)
@click.option("--set", "setting_pairs", multiple=True, metavar="NAME=VALUE", help=N_("Change a setting."))
@ascii_option
@no_mouse_option
def play_command(
    variant_key: str,
    players: int | None,
    humans: str | None,
    ai_level: str,
    seed: int | None,
    setting_pairs: tuple[str, ...],
    ascii_only: bool,
    no_mouse: bool,
) -> None:
    from rummy_tui.engine.ai import LEVELS

    variant = _variant(variant_key)
    if humans is None:
        humans = _("You")
    names = [name.strip() for name in humans.split(",") if name.strip()]
    if not names:
        _fail(_("--humans needs at least one name"))
    if ai_level not in LEVELS:
        _fail(_("unknown AI level '{level}' (choose from: {levels})", level=ai_level, levels=", ".join(LEVELS)))
    if players is None:  # hot-seat humans play each other: an AI seat only when asked for
        players = max(len(names) if len(names) > 1 else len(names) + 1, variant.min_players)
    try:
        variant.check_players(players)  # before --humans is compared with it: the count itself may be wrong
    except SettingError as error:
        _fail(_("--players: {problem}", problem=error))
    if len(names) > players:
        _fail(_("--humans names {count} players but --players is {players}", count=len(names), players=players))
    try:
        variant.check_players(players)
        settings = variant.resolve_settings(_parse_settings(setting_pairs))
    except SettingError as error:
        _fail(str(error))
    ai_names = [name for name in map(_, AI_SEAT_NAMES) if name not in names]
    seats = [{"name": name, "kind": "human", "level": None} for name in names]
    seats += [{"name": ai_names[n], "kind": "ai", "level": ai_level} for n in range(players - len(names))]
    from rummy_tui.app import run_app

    _exit_with(
        run_app(
            ascii_only=ascii_only,
            mouse=not no_mouse,
            variant=variant.key,
            players=players,
            settings=settings,
            seed=seed,
            seats=seats,
        )
    )  # no --seed: an unpredictable one


# --- saved games, history, statistics and replay (the storage section) ---------------------


def _display_options(ascii_only: bool, no_mouse: bool) -> tuple[bool, bool]:
    """A command's own --ascii/--no-mouse, or the ones given before the command."""
    group = click.get_current_context().find_root().params
    return ascii_only or group.get("ascii_only", False), not (no_mouse or group.get("no_mouse", False))


def _load_saved_game(game_id: str | None):
    """(id, game) of a save, the latest unfinished one when no id is given; one-line errors."""
    from rummy_tui.storage.saves import BadSave, SaveStore

    store = SaveStore()
    if game_id is None:
        latest = store.latest(verify=True)  # a save that does not load is reported and passed over
        for problem in store.problems:
            click.echo(_("Warning: {problem}", problem=problem), err=True)
        if latest is None:
            _fail(_("there is no unfinished saved game (`rummy resume --list` shows them all)"))
        game_id = latest.id
    try:
        return game_id, store.load(game_id)
    except BadSave as error:
        _fail(str(error))
    except (FileNotFoundError, ValueError) as error:
        _fail(str(error))


def _print_saves() -> None:
    from rich.console import Console
    from rich.table import Table

    from rummy_tui.storage.report import SAVE_COLUMNS, save_cells
    from rummy_tui.storage.saves import SaveStore

    store = SaveStore()
    saves = store.list(verify=True)
    for problem in store.problems:
        click.echo(_("Warning: {problem}", problem=problem), err=True)
    if not saves:
        click.echo(_("No saved games."))
        return
    table = Table(title=_("Saved games"))
    table.add_column("id", no_wrap=True, min_width=max(len(info.id) for info in saves))  # typed back to resume
    for column in SAVE_COLUMNS:
        table.add_column(column)
    for info in saves:
        table.add_row(info.id, *save_cells(info))
    Console().print(table)


@main.command("resume", help=N_("Go straight back to a saved game: the one named, or the latest unfinished one."))
@click.argument("game_id", metavar="[ID]", required=False)
@click.option("--list", "list_only", is_flag=True, help=N_("List the saved games and their ids."))
@ascii_option
@no_mouse_option
def resume_command(game_id: str | None, list_only: bool, ascii_only: bool, no_mouse: bool) -> None:
    if list_only:
        _print_saves()
        return
    game_id, game = _load_saved_game(game_id)
    if game.is_over:
        _fail(_("the game {id} is finished; watch it with `rummy replay --game {id}`", id=game_id))
    ascii_only, mouse = _display_options(ascii_only, no_mouse)
    _open_saved_game(game_id, ascii_only, mouse)


def _open_saved_game(game_id: str, ascii_only: bool, mouse: bool) -> None:
    """Hand the save to the app, which opens it where it was left (hot-seat: hand-off first)."""
    from rummy_tui.app import run_app

    _exit_with(run_app(ascii_only=ascii_only, mouse=mouse, resume=game_id))


@main.command("stats", help=N_("Games, wins, win rate, average score and best game, per player and variant."))
@click.option("--variant", "variant_key", default=None, help=N_("Only this variant."))
@click.option("--json", "as_json", is_flag=True, help=N_("Print the rows as JSON."))
def stats_command(variant_key: str | None, as_json: bool) -> None:
    import dataclasses
    import sqlite3

    from rich.console import Console
    from rich.table import Table

    from rummy_tui.storage.history import History, HistoryError
    from rummy_tui.storage.report import STATS_COLUMNS, stats_cells

    if variant_key is not None:
        variant_key = _variant(variant_key).key
    try:
        history = History()
        rows = history.stats(variant_key)
    except (HistoryError, sqlite3.Error, OSError) as error:
        _fail(str(error))
    if history.problem:
        click.echo(_("Warning: {problem}", problem=history.problem), err=True)
    if as_json:
        click.echo(json.dumps([dataclasses.asdict(row) | {"win_rate": row.win_rate} for row in rows]))
        return
    if not rows:
        click.echo(_("No finished games yet."))
        return
    table = Table(title=_("Statistics"))
    for number, column in enumerate(STATS_COLUMNS):
        table.add_column(column, justify="left" if number < 2 else "right")
    for row in rows:
        table.add_row(*stats_cells(row))
    Console().print(table)
    assisted, unassisted, chosen = history.assistance_counts(variant_key)
    click.echo(
        _(
            "Games played with hints or undos: {assisted}   without: {unassisted}   with a chosen seed: {chosen}",
            assisted=assisted,
            unassisted=unassisted,
            chosen=chosen,
        )
    )


def _shown_record(record: dict) -> dict:
    """What may leave this computer of a game's record: all of a finished game; of an unfinished
    one, only its hands that are over (their deals revealed), never a hand in play, the stock
    order or the seed that deals the rest (``verify.revealed_record``)."""
    from rummy_tui.engine import Game, RecordError
    from rummy_tui.engine.verify import revealed_record

    try:
        finished = Game.replay(record).is_over
    except RecordError:
        finished = False
    return record if finished or record.get("format", 1) < 2 else revealed_record(record)


def _first_human_seat(record: dict) -> int:
    from rummy_tui.storage.saves import seat_kinds

    kinds = seat_kinds(record)
    return next((seat for seat, kind in enumerate(kinds) if kind == "human"), 0)


def _record_by_id(game_id: str) -> dict:
    """A game record from the history (finished games) or from the saves."""
    import sqlite3

    from rummy_tui.storage.history import History, HistoryError
    from rummy_tui.storage.saves import BadSave, SaveStore

    store = SaveStore()
    try:
        if store.exists(game_id):
            return store.load_record(game_id)
    except (BadSave, ValueError) as error:
        _fail(str(error))
    try:
        return History().record(game_id)
    except KeyError:
        _fail(_("there is no saved or finished game '{id}'", id=game_id))
    except (HistoryError, sqlite3.Error, OSError) as error:
        _fail(str(error))


@main.command("replay", help=N_("Step through a game action by action, every hand visible: a FILE or --game ID."))
@click.argument("path", metavar="[FILE]", required=False, type=click.Path(dir_okay=False))
@click.option("--game", "game_id", default=None, metavar="ID", help=N_("A saved or finished game, by id."))
@ascii_option
@no_mouse_option
@click.option(
    "--seat",
    "seat_number",
    type=WholeNumber(N_("a seat number, such as 1")),
    default=None,
    help=N_("For a game not yet over: whose cards to show (the first human seat by default)."),
)
def replay_command(
    path: str | None, game_id: str | None, ascii_only: bool, no_mouse: bool, seat_number: int | None
) -> None:
    if (path is None) == (game_id is None):
        _fail(_("name a FILE or a --game ID (one of them)"))
    from rummy_tui.app import run_replay
    from rummy_tui.storage.record_file import ReplayFileError, record_from_file

    if path is not None:
        try:
            record = record_from_file(path)
        except ReplayFileError as error:
            _fail(str(error))
    else:
        assert game_id is not None  # one of the two, checked above
        record = _record_by_id(game_id)
    viewer = None  # a finished game shows every hand; one still in play only what a seat saw
    from rummy_tui.engine import Game

    if not Game.replay(record).is_over:
        viewer = _first_human_seat(record) if seat_number is None else seat_number - 1
        if not 0 <= viewer < record["players"]:
            _fail(_("--seat is a seat from 1 to {players}", players=record["players"]))
    ascii_only, mouse = _display_options(ascii_only, no_mouse)
    _exit_with(run_replay(record, ascii_only=ascii_only, mouse=mouse, viewer=viewer))


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
def table_server_command(
    socket_path: str | None,
    ai_delay: float,
    exit_when_idle: float | None,
    max_tables: int,
    max_tables_per_player: int,
    keep_finished: float,
    close_unjoined: float,
) -> None:
    from rummy_tui.tableserver.limits import TableLimits
    from rummy_tui.tableserver.server import run

    limits = TableLimits(
        max_tables=max_tables,
        max_tables_per_player=max_tables_per_player,
        keep_finished_minutes=keep_finished,
        unjoined_minutes=close_unjoined,
    )
    try:
        run(socket_path, ai_delay=ai_delay, exit_when_idle=exit_when_idle, limits=limits)
    except (RuntimeError, PermissionError) as problem:
        _fail(str(problem))


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
        _fail(_("a table code is {n} letters, such as KDFM-TQRB (got {code!r})", n=CODE_LENGTH, code=code))
    _open_shared_table("join", code, ascii_only, no_mouse)


def _open_shared_table(
    screen: str, code: str | None, ascii_only: bool, no_mouse: bool, host_options: dict | None = None
) -> None:
    from rummy_tui.app import run_app

    ascii_only, mouse = _display_options(ascii_only, no_mouse)
    _exit_with(run_app(ascii_only=ascii_only, mouse=mouse, shared=(screen, code, host_options)))


@main.command("export", help=N_("Write a saved or finished game's record as JSON."))
@click.argument("game_id", metavar="ID")
@click.option("--out", "out_path", default=None, type=click.Path(dir_okay=False), help=N_("Write here, not to stdout."))
def export_command(game_id: str, out_path: str | None) -> None:
    from rummy_tui.storage.record_file import record_text

    text = record_text(_shown_record(_record_by_id(game_id)))
    if out_path is None:
        click.echo(text, nl=False)
        return
    try:
        with open(out_path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        _fail(_("cannot write {path}: {error}", path=out_path, error=error.strerror or error))
    click.echo(_("Wrote {path}", path=out_path), err=True)


@main.command(
    "verify",
    help=N_(
        "Check that every hand of a game was dealt fairly: each revealed secret against the "
        "commitment shown before the deal, and the deal replayed from it: a FILE (from "
        "`rummy export`) or --game ID."
    ),
)
@click.argument("path", metavar="[FILE]", required=False, type=click.Path(dir_okay=False))
@click.option("--game", "game_id", default=None, metavar="ID", help=N_("A saved or finished game, by id."))
def verify_command(path: str | None, game_id: str | None) -> None:
    from rummy_tui.engine import RecordError
    from rummy_tui.engine.verify import verify_record
    from rummy_tui.i18n import ngettext
    from rummy_tui.storage.record_file import ReplayFileError, record_in_file

    if (path is None) == (game_id is None):
        _fail(_("name a FILE or a --game ID (one of them)"))
    try:
        if path is not None:
            record = record_in_file(path)
        else:
            assert game_id is not None  # one of the two, checked above
            record = _shown_record(_record_by_id(game_id))
        verification = verify_record(record)
    except (ReplayFileError, RecordError) as error:
        _fail(str(error))
    for check in verification.hands:
        click.echo(check.text())
    if not verification.ok:
        failed = [str(check.hand) for check in verification.hands if check.outcome == "failed"]
        click.echo(
            ngettext("NOT VERIFIED: hand {hands}", "NOT VERIFIED: hands {hands}", len(failed), hands=", ".join(failed))
            if failed
            else _("Nothing to verify yet: no hand is over."),
            err=True,
        )
        sys.exit(1)
    if not any(check.verified for check in verification.hands):
        click.echo(_("Nothing to verify yet: no hand is over."))
        return
    click.echo(_("Every revealed deal verified."))


# --- serve: others play over SSH or in a browser (rummy_tui/serve) ------------------------

from rummy_tui.serve.command import serve_command  # noqa: E402  (click only; the servers load lazily)

main.add_command(serve_command)
main.params.append(_language_option())
for _command in main.commands.values():
    _command.params.append(_language_option())


if __name__ == "__main__":
    main()
