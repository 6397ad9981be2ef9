"""The commands about one's own games: play, resume, stats, replay, export and verify."""

from __future__ import annotations

import json
import sys

import click

from rummy_tui.cli.group import (
    WholeNumber,
    ascii_option,
    display_options,
    exit_with,
    fail,
    main,
    no_mouse_option,
    open_game,
    parse_settings,
    variant_named,
)
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_, pgettext
from rummy_tui.i18n import t as _

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
@click.option(
    "--clock",
    "clock_name",
    default="none",
    show_default=True,
    metavar="TURN+BANK",
    help=N_("A clock for the human turns: none, 15+60, 30+120 or 60+300 (seconds a turn + a bank)."),
)
@ascii_option
@no_mouse_option
def play_command(
    variant_key: str,
    players: int | None,
    humans: str | None,
    ai_level: str,
    seed: int | None,
    setting_pairs: tuple[str, ...],
    clock_name: str,
    ascii_only: bool,
    no_mouse: bool,
) -> None:
    from rummy_tui.engine.ai import LEVELS
    from rummy_tui.tableserver.clock import BadClock, clock_setting

    variant = variant_named(variant_key)
    if humans is None:
        humans = pgettext("seat name", "You")  # a name in Hungarian too ("Játékos"), not «Te»
    names = [name.strip() for name in humans.split(",") if name.strip()]
    if not names:
        fail(_("--humans needs at least one name"))
    if ai_level not in LEVELS:
        fail(_("unknown AI level '{level}' (choose from: {levels})", level=ai_level, levels=", ".join(LEVELS)))
    if players is None:  # hot-seat humans play each other: an AI seat only when asked for
        players = max(len(names) if len(names) > 1 else len(names) + 1, variant.min_players)
    try:
        variant.check_players(players)  # before --humans is compared with it: the count itself may be wrong
    except SettingError as error:
        fail(_("--players: {problem}", problem=error))
    if len(names) > players:
        fail(_("--humans names {count} players but --players is {players}", count=len(names), players=players))
    try:
        variant.check_players(players)
        settings = variant.resolve_settings(parse_settings(setting_pairs))
    except SettingError as error:
        fail(str(error))
    try:
        clock = clock_setting(clock_name)
    except BadClock:
        fail(_("--clock is one of: none, 15+60, 30+120, 60+300"))
    ai_names = [name for name in map(_, AI_SEAT_NAMES) if name not in names]
    seats = [{"name": name, "kind": "human", "level": None} for name in names]
    seats += [{"name": ai_names[n], "kind": "ai", "level": ai_level} for n in range(players - len(names))]
    open_game(
        ascii_only=ascii_only,
        mouse=not no_mouse,
        variant=variant.key,
        players=players,
        settings=settings,
        seed=seed,
        seats=seats,
        clock=clock.as_dict() if clock is not None else None,
    )  # no --seed: an unpredictable one


# --- saved games, history, statistics and replay (the storage section) ---------------------


def _load_saved_game(game_id: str | None):
    """(id, game) of a save, the latest unfinished one when no id is given; one-line errors."""
    from rummy_tui.storage.saves import BadSave, SaveStore

    store = SaveStore()
    if game_id is None:
        latest = store.latest(verify=True)  # a save that does not load is reported and passed over
        for problem in store.problems:
            click.echo(_("Warning: {problem}", problem=problem), err=True)
        if latest is None:
            fail(_("there is no unfinished saved game (`rummy resume --list` shows them all)"))
        game_id = latest.id
    try:
        return game_id, store.load(game_id)
    except BadSave as error:
        fail(str(error))
    except (FileNotFoundError, ValueError) as error:
        fail(str(error))


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
        fail(_("the game {id} is finished; watch it with `rummy replay --game {id}`", id=game_id))
    ascii_only, mouse = display_options(ascii_only, no_mouse)
    _open_saved_game(game_id, ascii_only, mouse)


def _open_saved_game(game_id: str, ascii_only: bool, mouse: bool) -> None:
    """Hand the save to the app, which opens it where it was left (hot-seat: hand-off first)."""
    open_game(ascii_only=ascii_only, mouse=mouse, resume=game_id)


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
        variant_key = variant_named(variant_key).key
    try:
        history = History()
        rows = history.stats(variant_key)
    except (HistoryError, sqlite3.Error, OSError) as error:
        fail(str(error))
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
        fail(str(error))
    try:
        return History().record(game_id)
    except KeyError:
        fail(_("there is no saved or finished game '{id}'", id=game_id))
    except (HistoryError, sqlite3.Error, OSError) as error:
        fail(str(error))


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
        fail(_("name a FILE or a --game ID (one of them)"))
    from rummy_tui.app import run_replay
    from rummy_tui.storage.record_file import ReplayFileError, record_from_file

    if path is not None:
        try:
            record = record_from_file(path)
        except ReplayFileError as error:
            fail(str(error))
    else:
        assert game_id is not None  # one of the two, checked above
        record = _record_by_id(game_id)
    viewer = None  # a finished game shows every hand; one still in play only what a seat saw
    from rummy_tui.engine import Game

    if not Game.replay(record).is_over:
        viewer = _first_human_seat(record) if seat_number is None else seat_number - 1
        if not 0 <= viewer < record["players"]:
            fail(_("--seat is a seat from 1 to {players}", players=record["players"]))
    group = click.get_current_context().find_root().params
    if group.get("lines"):  # the log read out, one event a line
        from rummy_tui.lines.replay import replay_lines
        from rummy_tui.lines.words import CardWords

        reader = viewer if viewer is not None else _first_human_seat(record)
        click.echo("\n".join(replay_lines(record, reader, CardWords(group.get("cards") or "words"))))
        return
    ascii_only, mouse = display_options(ascii_only, no_mouse)
    exit_with(run_replay(record, ascii_only=ascii_only, mouse=mouse, viewer=viewer))


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
        fail(_("cannot write {path}: {error}", path=out_path, error=error.strerror or error))
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
        fail(_("name a FILE or a --game ID (one of them)"))
    try:
        if path is not None:
            record = record_in_file(path)
        else:
            assert game_id is not None  # one of the two, checked above
            record = _shown_record(_record_by_id(game_id))
        verification = verify_record(record)
    except (ReplayFileError, RecordError) as error:
        fail(str(error))
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
    if any(check.warned for check in verification.hands):
        click.echo(_("Every revealed deal verified, but not every one with every player's randomness."))
        return
    click.echo(_("Every revealed deal verified."))
