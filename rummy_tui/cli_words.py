"""click's help and usage errors in the player's language.

click reads a command's and an option's help when the decorators run, at import, before
``--lang`` or the locale is known. So the help texts are marked with ``N_()`` and stay English in
the command objects; the classes here translate them when click *formats* the help
(``format_usage``, ``format_help_text``, ``format_options``, ``format_commands``,
``get_short_help_str``), and show a usage error's fixed words ("Usage:", "Error:", "Try ...")
and the common ones' messages in the language of the moment.
"""

from __future__ import annotations

import re
import sys
import textwrap
from typing import TYPE_CHECKING

import click

from rummy_tui.i18n import N_, msg_n, plain_gettext, plain_ngettext
from rummy_tui.i18n import t as _

# Words click puts on a help page for options that have no help of their own.
CLICK_HELP = (N_("Show this message and exit."), N_("Show the version and exit."))

# click's own messages a player can meet, marked so that the catalogue keeps them: click asks
# gettext for them (``from gettext import gettext as _`` in each of its modules), and
# speak_clicks_words points those names at our catalogue. click fills in the values itself.
CLICK_MESSAGES = (
    N_("Error: {message}"),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Aborted!"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Could not open file {filename!r}: {message}"),
    N_("unknown error"),
    msg_n("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 2),
    msg_n("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 2),
)
CLICK_MODULES = (
    "click.core",
    "click.exceptions",
    "click.parser",
    "click.types",
    "click.termui",
    "click.decorators",
    "click.formatting",
    "click.utils",
    "click.shell_completion",
)


def click_gettext(text: str) -> str:
    """click's text in the language of the moment, except the help it keeps in its option
    objects once made (CLICK_HELP): that stays English, and option_row translates it when shown."""
    return text if text in CLICK_HELP else plain_gettext(text)


def speak_clicks_words() -> None:
    """click's messages ("Got unexpected extra argument", ...) from our catalogue, in the
    language of the moment, wherever click asks gettext for them."""
    import gettext
    import importlib

    for name in CLICK_MODULES:
        module = importlib.import_module(name)
        names = vars(module)  # the module's own globals, where click looks its gettext up
        if names.get("_") is gettext.gettext:
            names["_"] = click_gettext
        if names.get("ngettext") is gettext.ngettext:
            names["ngettext"] = plain_ngettext


# Metavars and usage pieces: whole words of the left column and the usage line.
METAVARS = {
    "[OPTIONS]": N_("[OPTIONS]"),
    "[COMMAND] [ARGS]...": N_("[COMMAND] [ARGS]..."),
    "COMMAND [ARGS]...": N_("COMMAND [ARGS]..."),
    "TEXT": N_("TEXT"),
    "INTEGER": N_("INTEGER"),
    "FLOAT": N_("FLOAT"),
    "FILE": N_("FILE"),
    "SECONDS": N_("SECONDS"),
    "NAME=VALUE": N_("NAME=VALUE"),
    "NAME[,NAME...]": N_("NAME[,NAME...]"),
    "VARIANT": N_("VARIANT"),
    "[ID]": N_("[ID]"),
    "ID": N_("ID"),
    "[FILE]": N_("[FILE]"),
    "[CODE]": N_("[CODE]"),
    "INTEGER RANGE": N_("INTEGER RANGE"),
}
_METAVAR = re.compile(
    "|".join(rf"(?<![\w-]){re.escape(word)}(?![\w-])" for word in sorted(METAVARS, key=len, reverse=True))
)


def shown_metavars(text: str) -> str:
    """``--seed INTEGER`` as the language writes it (``--seed SZÁM``); option names stay."""
    return _METAVAR.sub(lambda match: _(METAVARS[match.group(0)]), text)


def short_help(text: str, limit: int) -> str:
    """A command's line in the commands' list: the first sentence of its help, shortened to
    ``limit`` with "..." as click does with its own (click's helper for it is private)."""
    words = text.partition("\n\n")[0].split()
    for number, word in enumerate(words):
        if word.endswith(".") and (number == len(words) - 1 or not words[number + 1][0].islower()):
            words = words[: number + 1]
            break
    return textwrap.shorten(" ".join(words), max(limit, 3), placeholder="...", break_on_hyphens=False)


def option_row(param: click.Parameter, ctx: click.Context) -> tuple[str, str] | None:
    """An option's line on the help page, its help and its [default: ...] translated."""
    record = param.get_help_record(ctx)
    if record is None or isinstance(param, click.Argument):
        return None
    spec = shown_metavars(record[0])
    text = _(param.help) if isinstance(param, click.Option) and param.help else ""
    extra = param.get_help_extra(ctx) if isinstance(param, click.Option) else {}
    notes = []
    if "default" in extra:
        notes.append(_("default: {default}", default=extra["default"]))
    if "range" in extra:
        notes.append(extra["range"])
    if "required" in extra:
        notes.append(_("required"))
    if notes:
        text = f"{text}  [{'; '.join(notes)}]" if text else f"[{'; '.join(notes)}]"
    return spec, text


class ShownUsageError(click.UsageError):
    """A usage error shown in the language of the moment (click's own words are English)."""

    def __init__(self, message: str, ctx: click.Context | None, exit_code: int = 2) -> None:
        super().__init__(message, ctx)
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        file = file if file is not None else sys.stderr
        color = self.ctx.color if self.ctx is not None else None
        if self.ctx is not None:
            hint = ""
            if self.ctx.command.get_help_option(self.ctx) is not None:
                names = self.ctx.command.get_help_option_names(self.ctx)
                hint = (
                    _("Try '{command} {option}' for help.", command=self.ctx.command_path, option=max(names, key=len))
                    + "\n"
                )
            click.echo(f"{self.ctx.get_usage()}\n{hint}", file=file, color=color)
        click.echo(_("Error: {message}", message=self.format_message()), file=file, color=color)


def shown_error(error: click.UsageError) -> ShownUsageError:
    """The error with its message in the language of the moment, where we know its words."""
    if isinstance(error, ShownUsageError):
        return error
    ctx, message = error.ctx, error.format_message()
    if isinstance(error, click.NoSuchOption):
        message = _("No such option '{name}'.", name=error.option_name)
        if error.possibilities:
            message = _(
                "No such option '{name}'. Did you mean {options}?",
                name=error.option_name,
                options=", ".join(error.possibilities),
            )
    elif isinstance(error, click.MissingParameter) and error.param is not None:
        hint = shown_metavars(error.param.get_error_hint(ctx))
        message = (
            _("Missing argument {name}.", name=hint)
            if isinstance(error.param, click.Argument)
            else _("Missing option {name}.", name=hint)
        )
    elif isinstance(error, click.BadParameter) and error.param is not None:
        message = _("Invalid value for {name}: {problem}", name=error.param.get_error_hint(ctx), problem=error.message)
    return ShownUsageError(message, ctx, error.exit_code)


if TYPE_CHECKING:
    _Command = click.Command  # what InLanguage is mixed into
else:
    _Command = object


class InLanguage(_Command):
    """Mixed into a click command: its help page and usage errors in the language of the moment."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = shown_metavars(" ".join(self.collect_usage_pieces(ctx)))
        formatter.write_usage(ctx.command_path, pieces, prefix=_("Usage: "))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.help:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(_(self.help))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [row for row in (option_row(param, ctx) for param in self.get_params(ctx)) if row]
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)

    def get_short_help_str(self, limit: int = 45) -> str:
        if self.short_help:
            return _(self.short_help)
        return short_help(_(self.help), limit) if self.help else ""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            raise shown_error(error) from None


class Command(InLanguage, click.Command):
    """A command whose help and usage errors are in the player's language."""


class Group(InLanguage, click.Group):
    """A command group whose help (its commands' list too) is in the player's language."""

    command_class = Command

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        commands = [
            (name, command)
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _command in commands)
            with formatter.section(_("Commands")):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in commands])


class LanguageChoice(click.Choice):
    """``--lang``'s choice, with its refusal in the language of the moment."""

    def convert(self, value, param, ctx):
        if value in self.choices:
            return value
        self.fail(_("'{value}' is not one of: {choices}", value=value, choices=", ".join(self.choices)), param, ctx)


def asked_language(args: list[str]) -> str | None:
    """The ``--lang`` of a command line, wherever it stands, before click parses anything (so
    that ``rummy --help --lang hu`` is Hungarian too); None when absent or not a language."""
    from rummy_tui.i18n import LANGUAGES

    for number, arg in enumerate(args):
        if arg == "--":
            break
        value = arg.partition("=")[2] if arg.startswith("--lang=") else None
        if arg == "--lang" and number + 1 < len(args):
            value = args[number + 1]
        if value in LANGUAGES:
            return value
    return None
