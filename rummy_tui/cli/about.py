"""`rummy variants` and `rummy rules`: what can be played, and how."""

from __future__ import annotations

import click

from rummy_tui.cli.group import main, variant_named
from rummy_tui.i18n import N_, ngettext
from rummy_tui.i18n import t as _


@main.command("variants", help=N_("List the variants you can play."))
def list_variants() -> None:
    """A variant a paragraph: its key and names on one line, what it is below, wrapped to the
    terminal (a table of five columns squeezed the descriptions at 80 columns)."""
    from rich.console import Console
    from rich.padding import Padding
    from rich.text import Text

    from variants import registry

    console = Console()
    console.print(Text(_("Rummy variants"), style="bold"))
    for key, variant in registry().items():
        names = [variant.shown_name()] + [variant.hungarian_name] * (variant.hungarian_name != variant.shown_name())
        if variant.min_players == variant.max_players:
            players = ngettext("{n} player", "{n} players", variant.min_players)
        else:
            players = _("{low}-{high} players", low=variant.min_players, high=variant.max_players)
        heading = Text("\n") + Text(key, style="bold") + Text("  " + " · ".join([*names, players]))
        console.print(heading)
        console.print(Padding(Text(variant.shown_description()), (0, 0, 0, 2)))


@main.command("rules", help=N_("Print a summary of a variant's rules and its settings."))
@click.argument("variant_key", metavar="VARIANT")
def show_rules(variant_key: str) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    variant = variant_named(variant_key)
    title = variant.shown_name()
    if title != variant.hungarian_name:
        title = f"{title} ({variant.hungarian_name})"
    lines = [f"# {title}", "", variant.shown_rules(), "", f"## {_('Settings')}", ""]
    for name, setting in variant.settings.items():
        lines.append(
            _("* `{name}` (default `{default}`): {help}", name=name, default=setting.default, help=setting.shown_help())
        )
    Console().print(Markdown("\n".join(lines)))
