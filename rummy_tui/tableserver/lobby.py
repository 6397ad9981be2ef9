"""The lobby's requests at the table service: the list of tables a player may join, a new table
made to the host's settings (each setting bounded), and a seat taken or a table watched by
its code (wrong codes throttled)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rummy_tui.engine import Game
from rummy_tui.engine.variant import SettingError
from rummy_tui.i18n import N_, msg, texts_as_messages

from .clock import BadClock, TurnClock, clock_setting
from .lifecycle import creator_key, refusal_to_create
from .protocol import (
    AI_LEVELS,
    MAX_SEATS,
    MAX_SETTING_NUMBER,
    SEAT_KINDS,
    BadMessage,
    normal_code,
    refusal,
    shown_code,
)
from .table import DEFAULT_ANSWER_SECONDS, DEFAULT_GRACE_SECONDS
from .table_seats import Seat

if TYPE_CHECKING:
    from .connection import Connection
    from .server import TableServer

MAX_CODE_SHOWN = 20  # a wrong code is said back, but not 64 KiB of it
ANSWER_LIMITS = (0.2, 600.0)  # the answer limit a table may ask for, in seconds


class LobbyDesk:
    """Answers ``lobby``, ``create``, ``join`` and ``watch`` for the server's tables."""

    def __init__(self, server: TableServer):
        self.server = server

    async def create(self, connection: Connection, message: dict[str, Any]) -> None:
        creator = creator_key(connection.identity, connection.address)
        too_many = refusal_to_create(self.server.tables, creator, self.server.limits)
        if too_many is not None:
            connection.send(refusal("create", too_many))
            self.server.refusals.write("table-cap", connection.address, f"identity={connection.identity or '-'}")
            return
        kinds = message["seats"]
        if any(kind not in SEAT_KINDS for kind in kinds) or not kinds or kinds[0] != "human" or len(kinds) > MAX_SEATS:
            raise BadMessage(
                f"seats is a list of at most {MAX_SEATS} of {', '.join(SEAT_KINDS)}, and seat 1 is the host's (human)"
            )
        open_level = message.get("ai_level", "normal")
        if open_level not in AI_LEVELS:
            raise BadMessage(f"ai_level is one of {', '.join(AI_LEVELS)}")
        grace = message.get("grace", DEFAULT_GRACE_SECONDS)
        most = self.server.limits.max_grace_seconds
        if grace is not None and not 0 <= grace <= most:  # NaN never reaches here: decode refuses it
            connection.send(
                refusal(
                    "create",
                    msg(N_("The wait for an away player is 0 to {most} seconds, or no limit."), most=f"{most:g}"),
                )
            )
            return
        answer_limit = message.get("answer_limit", DEFAULT_ANSWER_SECONDS)
        if not ANSWER_LIMITS[0] <= answer_limit <= ANSWER_LIMITS[1]:
            connection.send(
                refusal(
                    "create",
                    msg(
                        N_("The time a player may leave the server unanswered is {least} to {most} seconds."),
                        least=f"{ANSWER_LIMITS[0]:g}",
                        most=f"{ANSWER_LIMITS[1]:g}",
                    ),
                )
            )
            return
        too_large = next(
            (
                name
                for name, value in (message.get("settings") or {}).items()
                if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_SETTING_NUMBER
            ),
            None,
        )
        if too_large is not None:
            connection.send(
                refusal(
                    "create",
                    msg(N_("The setting '{name}' is at most {most}."), name=too_large, most=MAX_SETTING_NUMBER),
                )
            )
            return
        try:
            clock = clock_setting(message.get("clock"))
        except BadClock as problem:
            raise BadMessage(str(problem)) from None
        with texts_as_messages() as message_of:  # a setting's reason, for the player's language
            try:
                game = Game(message["variant"], len(kinds), message.get("settings") or {}, seed=None)  # unpredictable
            except (SettingError, ValueError) as problem:
                connection.send(refusal("create", message_of(str(problem))))
                return
        seats = [
            Seat("human", f"Seat {i + 1}", level=open_level)
            if kind == "human"
            else Seat("ai", f"Computer {i + 1}", level=kind)
            for i, kind in enumerate(kinds)
        ]
        table = self.server.add_table(
            game,
            seats,
            grace=grace,
            answer_limit=answer_limit,
            public=message.get("public", False),
            watchable=message.get("watchable", True),
            creator=creator,
            clock=TurnClock(clock, len(kinds)) if clock else None,
        )
        await self.sit(connection, "join", {"code": table.code, "seat": 0})

    def listed_for(self, connection: Connection) -> list[dict[str, Any]]:
        """The tables in this player's Join list: the public ones still being played, and
        those where their identity holds a seat."""
        return [
            table.summary()
            for table in self.server.tables.values()
            if not table.game.is_over and (table.public or table.seats_identity(connection.identity))
        ]

    async def sit(self, connection: Connection, kind: str, message: dict[str, Any]) -> None:
        throttled = self.server.code_guard.refusal(connection.identity, connection.address)
        if throttled is not None:
            connection.send(refusal(kind, throttled))
            self.server.refusals.write("wrong-codes", connection.address, f"identity={connection.identity or '-'}")
            return
        table = self.server.tables.get(normal_code(message["code"]))
        if table is None:
            self.server.code_guard.wrong_code(connection.identity, connection.address)
            shown = shown_code(normal_code(message["code"]))[:MAX_CODE_SHOWN]
            connection.send(refusal(kind, msg(N_("There is no table '{code}' here."), code=shown)))
            return
        if kind == "watch" and not table.watchable:
            connection.send(refusal(kind, msg(N_("The host has turned watching off at this table."))))
            return
        if connection.table is not None and connection.table is not table:
            connection.table.post("leave", connection)
        if kind == "watch":
            connection.table = table
            table.post("watch", connection)
            return
        seated = asyncio.get_running_loop().create_future()
        token = message.get("token") or connection.token
        table.post("join", connection, message.get("seat"), token, connection.identity, seated)
        if await seated is not None:
            connection.table = table
            self.server.sat_down()
