"""The `rummy` command group, and what its commands share: errors, number types, the language and display options."""

from __future__ import annotations

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


def fail(message: str) -> NoReturn:
    """A one-line error and exit status 2, never a traceback."""
    click.echo(_("Error: {message}", message=message), err=True)
    sys.exit(2)


def exit_with(return_code: int) -> None:
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
            fail(str(error))


def variant_named(key: str):
    from variants import get_variant

    try:
        return get_variant(key)
    except SettingError as error:
        fail(str(error))


def _use_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang`` on the command or a subcommand. Without it, the language ``main`` chose before
    parsing stays (the remembered choice or the locale)."""
    from rummy_tui.storage.preferences import choose_language

    if value is not None:
        choose_language(value)


def language_option() -> click.Option:
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


def parse_settings(pairs: tuple[str, ...]) -> dict[str, str]:
    settings = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            fail(_("--set takes NAME=VALUE, not '{pair}'", pair=pair))
        settings[name.strip()] = value.strip()
    return settings


def display_options(ascii_only: bool, no_mouse: bool) -> tuple[bool, bool]:
    """A command's own --ascii/--no-mouse, or the ones given before the command."""
    group = click.get_current_context().find_root().params
    return ascii_only or group.get("ascii_only", False), not (no_mouse or group.get("no_mouse", False))


def open_game(ascii_only: bool = False, mouse: bool = True, **table_options) -> None:
    """Open the game as asked before the command: the Textual app, or with ``--lines`` the line
    mode (plain sentences and typed commands, for screen readers)."""
    from rummy_tui import served

    served.take_the_start_pipe()  # served: the game says when its first screen is out
    group = click.get_current_context().find_root().params
    if group.get("lines"):
        from rummy_tui.lines.start import run_lines

        exit_with(run_lines(cards=group.get("cards") or "words", **table_options))
        return
    from rummy_tui.app import run_app

    shown = {name: True for name in ("large_cards", "four_colour", "high_contrast") if group.get(name)}
    ascii_only = ascii_only or bool(group.get("ascii_only"))  # `rummy --ascii play ...` too
    mouse = mouse and not group.get("no_mouse")
    exit_with(run_app(ascii_only=ascii_only, mouse=mouse, **shown, **table_options))


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
@click.option(
    "--lines",
    is_flag=True,
    help=N_("Line mode: plain sentences and typed commands, no full-screen drawing (for screen readers)."),
)
@click.option(
    "--cards",
    type=click.Choice(["words", "codes", "glyphs"]),
    default="words",
    show_default=True,
    help=N_("Line mode: cards said in words (7 of hearts), as codes (7H) or with suit signs (7♥)."),
)
@click.option(
    "--large-cards", is_flag=True, help=N_("Bigger, framed cards with their rank, where the terminal has room.")
)
@click.option(
    "--four-colour", is_flag=True, help=N_("Four suit colours: spades black, hearts red, diamonds blue, clubs green.")
)
@click.option("--high-contrast", is_flag=True, help=N_("A high-contrast theme: white on black, bright colours."))
@click.version_option(package_name="rummy-tui", help=N_("Show the version and exit."))
@click.pass_context
def main(
    ctx: click.Context,
    ascii_only: bool,
    no_mouse: bool,
    lines: bool,
    cards: str,
    large_cards: bool,
    four_colour: bool,
    high_contrast: bool,
) -> None:
    """The game, or a subcommand (the help above is what the player reads)."""
    if ctx.invoked_subcommand is None:
        open_game(ascii_only=ascii_only, mouse=not no_mouse)
