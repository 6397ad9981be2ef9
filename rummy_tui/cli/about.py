"""`rummy variants` and `rummy rules`: what can be played, and how."""

from __future__ import annotations

import click

from rummy_tui.cli.group import main, variant_named
from rummy_tui.i18n import N_
from rummy_tui.i18n import t as _


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
