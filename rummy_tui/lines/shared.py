"""A seat at a shared table in line mode: `rummy --lines host` and `rummy --lines join CODE`.

The table service does what it does for the table screen (it deals, plays the computer seats,
saves); this only asks what the lobby form asks, in plain questions, and then plays the seat
through a :class:`~rummy_tui.tableserver.seat.RemoteSeat`.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.i18n import _
from rummy_tui.tableserver.client import TableClient, TableError

from .console import Console
from .questions import ask_game
from .table import PROMPT, LineTable
from .words import CardWords


async def sit_at_shared_table(
    console: Console, words: CardWords, form: str, code: str | None, host_options: dict[str, Any] | None = None
) -> int:
    from rummy_tui.tableserver.connect import NoTableServer, address, default_name, identity, open_client
    from rummy_tui.tableserver.protocol import BadMessage, clean_name, normal_code, shown_code
    from rummy_tui.tableserver.seat import RemoteSeat

    client: TableClient | None = None
    try:
        client = await open_client()
        name = default_name()
        while not name:
            console.say(_("Your name at the table?"))
            typed = await console.ask(PROMPT)
            if typed is None:
                return 0
            try:
                name = clean_name(typed)
            except BadMessage as problem:
                console.say(str(problem))
        await client.hello(name, identity=identity(), address=address())
        if form == "host":
            request = await ask_table(console)
            if request is None:
                return 0
            options = host_options or {}
            await client.create(
                **request, public=bool(options.get("public")), watchable=options.get("watchable", True) is not False
            )
            console.say(
                _(
                    "Your table's code is {code}: the others join with `rummy join {code}`. "
                    "Type start when everyone is seated.",
                    code=shown_code(client.table or ""),
                )
            )
        else:
            while not code:
                console.say(_("The table's code?"))
                code = await console.ask(PROMPT)
                if code is None:
                    return 0
            await client.join(normal_code(code))
        await client.next_view()
    except (NoTableServer, TableError) as problem:
        console.say(str(problem))
        if client is not None:
            await client.close()
        return 1
    except OSError as problem:
        console.say(_("The table server could not be reached: {reason}", reason=problem.strerror or problem))
        if client is not None:
            await client.close()
        return 1
    await LineTable(RemoteSeat(client), console, words, hosting=form == "host").play()
    return 0


async def ask_table(console: Console) -> dict[str, Any] | None:
    """The game and how many seats; the other seats wait for players (the computer plays a
    seat nobody takes)."""
    asked = await ask_game(console)
    if asked is None:
        return None
    variant, players = asked
    return {"variant": variant.key, "seats": ["human"] * players, "settings": {}}
