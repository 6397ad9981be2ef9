"""Seat clients that play by themselves, the way the AI would, from their own views only."""

from __future__ import annotations

import asyncio
import random

from rummy_tui.tableserver.client import TableClient
from variants import get_variant


async def play_seat(client: TableClient, until, seed: int = 0, level: str = "normal") -> None:
    """Answer every view that offers this seat a move, until ``until(view)`` is true."""
    rng = random.Random(seed)
    answered = -1
    while True:
        view = await client.wait_view(
            lambda view, answered=answered: until(view) or (view["legal"] and view["seq"] > answered)
        )
        if until(view):
            return
        observation = view["observation"]
        variant = get_variant(observation["variant"])
        answered = view["seq"]
        await client.act(variant.choose_ai_action(observation, view["legal"], level, rng), answered)


async def seat_everyone(
    connect, variant: str, players: int, settings: dict | None = None, record: bool = True, grace: float | None = 60
) -> list[TableClient]:
    """A table with a client at every seat, started."""
    host = await connect("Seat 1", record=record)
    welcome = await host.create(variant, ["human"] * players, settings, grace=grace)
    clients = [host]
    for number in range(2, players + 1):
        guest = await connect(f"Seat {number}", record=record)
        await guest.join(welcome["table"])
        clients.append(guest)
    await host.start()
    return clients


def until_hand(number: int):
    """True once hand ``number`` has been dealt (so every hand before it was played out), or
    the game is over."""

    def done(view) -> bool:
        observation = view["observation"]
        return observation["hand_no"] >= number or observation["result"] is not None

    return done


async def play_all(clients: list[TableClient], until, timeout: float = 60) -> None:
    await asyncio.wait_for(asyncio.gather(*(play_seat(c, until, seed=i) for i, c in enumerate(clients))), timeout)
