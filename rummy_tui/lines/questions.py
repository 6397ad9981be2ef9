"""The plain questions line mode asks before a game: which variant, how many players, the
computer's level. Enter takes the default each time."""

from __future__ import annotations

from typing import Any

from rummy_tui.i18n import N_, _, language, pgettext

from .console import Console
from .table import PROMPT

COMPUTER_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"), N_("Centre"))


async def ask_new_game(console: Console) -> dict[str, Any] | None:
    """A new game against the computer, in three questions (Enter takes the default each time)."""
    asked = await ask_game(console)
    if asked is None:
        return None
    variant, players = asked
    console.say(_("Computer level: 1 easy, 2 normal, 3 hard? (Enter: 2)"))
    level_number = await _number(console, 1, 3, 2)
    if level_number is None:
        return None
    level = ("easy", "normal", "hard")[level_number - 1]
    you = pgettext("seat name", "You")  # a name: "Játékos" in Hungarian, as on the start screen
    seats = [{"name": you, "kind": "human", "level": None}]
    seats += [{"name": _(name), "kind": "ai", "level": level} for name in COMPUTER_NAMES[: players - 1]]
    return {"variant": variant.key, "players": players, "settings": None, "seed": None, "seats": seats}


async def ask_game(console: Console) -> tuple[Any, int] | None:
    """Which variant, and how many players."""
    from variants import registry

    choices = list(registry().values())
    console.say(_("Which game? Type its number (Enter: 1)."))
    for number, variant in enumerate(choices, 1):
        console.say(f"{number}. {variant.shown_name()}")
    chosen = await _number(console, 1, len(choices), 1)
    if chosen is None:
        return None
    variant = choices[chosen - 1]
    least, most = variant.min_players, variant.max_players
    default = max(2, least)
    if least == most:
        return variant, least
    console.say(_("How many players, {least} to {most}? (Enter: {default})", least=least, most=most, default=default))
    players = await _number(console, least, most, default)
    return None if players is None else (variant, players)


async def _number(console: Console, least: int, most: int, default: int) -> int | None:
    while True:
        line = await console.ask(PROMPT)
        if line is None:
            return None
        text = line.strip()
        if not text:
            return default
        if text.isdigit() and least <= int(text) <= most:
            return int(text)
        console.say(_("Type a number from {least} to {most}.", least=least, most=most))


async def ask_start(console: Console) -> dict[str, Any] | None:
    """What the start screen offers: a new game, the saved game, a shared table, the other
    language (remembered, and the questions asked again in it)."""
    while True:
        options = await _ask_start_once(console)
        if options is None or "language" not in options:
            return options
        from rummy_tui.i18n import set_language
        from rummy_tui.storage.preferences import save_preference

        save_preference("language", options["language"])
        set_language(options["language"])


async def _ask_start_once(console: Console) -> dict[str, Any] | None:
    choices: list[tuple[str, dict[str, Any]]] = [(N_("A new game against the computer"), {})]
    latest = _latest_save()
    if latest is not None:
        choices.append((N_("Continue your saved game"), {"resume": latest}))
    choices += [
        (N_("Host a shared table"), {"shared": ("host", None, None)}),
        (N_("Join a shared table"), {"shared": ("join", None, None)}),
        ("Magyarul", {"language": "hu"}) if language() == "en" else (N_("In English"), {"language": "en"}),
    ]
    console.say(_("What would you like to play? Type its number (Enter: 1)."))
    for number, (words, _options) in enumerate(choices, 1):
        console.say(f"{number}. {_(words)}")
    chosen = await _number(console, 1, len(choices), 1)
    if chosen is None:
        return None
    options = choices[chosen - 1][1]
    return options or await ask_new_game(console)


def _latest_save() -> str | None:
    from rummy_tui.storage.saves import SaveStore

    try:
        latest = SaveStore().latest(verify=True)
    except (OSError, ValueError):
        return None
    return latest.id if latest is not None else None
