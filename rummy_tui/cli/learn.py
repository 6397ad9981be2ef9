"""`rummy learn [VARIANT]`: a variant's interactive lesson at the table (screens/lesson.py)."""

from __future__ import annotations

import click

from rummy_tui.cli.group import ascii_option, display_options, exit_with, main, no_mouse_option, variant_named
from rummy_tui.i18n import N_


@main.command(
    "learn",
    help=N_(
        "Learn a variant at the table: short steps, one rule each, then one hand against the computer "
        "with hints. Without VARIANT, choose one."
    ),
)
@click.argument("variant_key", metavar="[VARIANT]", required=False)
@ascii_option
@no_mouse_option
def learn_command(variant_key: str | None, ascii_only: bool, no_mouse: bool) -> None:
    key = variant_named(variant_key).key if variant_key else None
    ascii_only, mouse = display_options(ascii_only, no_mouse)
    from rummy_tui.app import run_app

    exit_with(run_app(ascii_only=ascii_only, mouse=mouse, lesson=key))
