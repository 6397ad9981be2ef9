"""Two real apps at one shared table: each joins a table server (running in the test, on its
unix socket) with its own client, and a whole Gin hand is played by pressing keys.

Each screen must show its own hand, and neither the screen nor anything the app holds may name
a card of the other seat that this seat cannot know (tests/support/leakcheck.py decides which those are).
"""

from __future__ import annotations

import random
import re
import time

import pytest

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.engine.cards import card_text, face_of, parse_face
from rummy_tui.engine.deals import short
from rummy_tui.screens.menus import MovesMenu
from rummy_tui.screens.results import EndOfHandScreen
from rummy_tui.screens.table import TableScreen, bracket_cards
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.seat import RemoteSeat
from rummy_tui.widgets.cards import card_label, log_line
from tests.support.leakcheck import Knowledge, leaks
from variants import get_variant

from .driver import pick_from_menu, press_move, select_cards
from .screen_text import screen_lines
from .test_lobby import LOADED_MACHINE_SECONDS

SUIT_OF_GLYPH = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CARD_ON_SCREEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♠♥♦♣])")


async def seated(server, variant: str) -> tuple[list[TableClient], object]:
    """A started two-seat table with a recording client at each seat."""
    anna = await TableClient(record=True).connect(server.socket_path)
    await anna.hello("Anna")
    welcome = await anna.create(variant, ["human", "human"])
    bob = await TableClient(record=True).connect(server.socket_path)
    await bob.hello("Bob")
    await bob.join(welcome["table"])
    await anna.start()
    return [anna, bob], server.tables[welcome["table"]]


async def sit_down(pilots, apps, clients) -> None:
    """Each app opens its table screen, from its own message loop (the way the lobby does)."""
    for app, client in zip(apps, clients, strict=False):
        app.call_later(app.open_remote_table, client)
    await until(pilots, lambda: all(app.table() is not None for app in apps), "both table screens")


async def until(pilots, condition, what: str, frames: int = 2000):
    """Let both apps run, a frame at a time, until ``condition()`` holds: at least ``frames``
    frames, and on a slow machine at least LOADED_MACHINE_SECONDS."""
    deadline = time.monotonic() + LOADED_MACHINE_SECONDS
    run = 0
    while run < frames or time.monotonic() < deadline:
        if condition():
            return
        for pilot in pilots:
            await pilot.pause()
        run += 1
    raise AssertionError(f"never happened: {what}")


async def press(pilot, code: str) -> None:
    """The keys for ``code``; when a knock's melds are a choice, the server's menu of them comes
    after a round trip, and the code names the one to pick (the default, if it names none)."""
    verb, _sep, card = code.partition(":")
    if verb in ("knock", "gin"):
        app, seq = pilot.app, pilot.app.table().seat.seq
        await select_cards(pilot, [card.partition("/")[0]])
        await pilot.press(verb[0])
        await until([pilot], lambda: isinstance(app.screen, MovesMenu) or app.table().seat.seq > seq, "the knock")
        if isinstance(app.screen, MovesMenu):
            await pick_from_menu(pilot, code)
    else:
        await press_move(pilot, code)


def faces_on_screen(app) -> set[int]:
    return {
        parse_face(rank + SUIT_OF_GLYPH[suit])
        for line in screen_lines(app)
        for rank, suit in CARD_ON_SCREEN.findall(line)
    }


def hand_lines(app) -> str:
    region = app.table().hand.region
    return "\n".join(screen_lines(app)[region.y : region.y + region.height])


def shows_latest(app, table) -> bool:
    """The app is at its table screen and has drawn the server's latest state."""
    screen = app.table()
    return (
        app.screen is screen
        and screen.seat.view is not None
        and screen.seat.view["seq"] == table.seq
        and screen._rendered is screen.seat.view
    )


def reachable_games(root, depth: int = 4) -> list[str]:
    """Paths from ``root`` (through attributes, lists and dicts) to a Game object."""
    found, seen = [], set()

    def walk(value, path: str, left: int) -> None:
        if id(value) in seen or left < 0:
            return
        seen.add(id(value))
        if isinstance(value, Game):
            found.append(path)
            return
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, (list, tuple, set)):
            items = enumerate(value)
        elif hasattr(value, "__dict__") and type(value).__module__.startswith("rummy_tui"):
            items = vars(value).items()
        else:
            return
        for key, item in items:
            walk(item, f"{path}.{key}", left - 1)

    walk(root, "screen", depth)
    return found


def check_what_each_app_holds(apps, table, knowledge: Knowledge) -> None:
    game = table.game
    for seat, app in enumerate(apps):
        screen: TableScreen = app.table()
        # The cut for the first dealer comes from a shuffle of its own, shown to everyone.
        hidden = knowledge.hidden_faces(game, seat) - {
            face_of(card) for cut in game.state.extra.get("cut", []) for card in cut
        }
        on_screen = faces_on_screen(app) & hidden
        assert not on_screen, (
            f"seat {seat}'s screen shows the other seat's hidden cards "
            f"{sorted(card_label(face) for face in on_screen)}:\n" + "\n".join(screen_lines(app))
        )
        mine = hand_lines(app)
        for card in game.state.hands[seat]:
            assert card_label(card) in mine, f"seat {seat}'s own card {card_label(card)} is not in its hand"
        held = {"view": screen.seat.view, "log": screen.table_lines, "shown": screen.table_view().observation}
        assert not leaks(held, hidden, game.state.hand_no), f"seat {seat}'s app holds hidden cards"


async def test_two_apps_play_a_gin_hand_each_seeing_only_its_own_hand(server):
    clients, table = await seated(server, "gin")
    apps = [RummyApp(ai_delay=0.0), RummyApp(ai_delay=0.0)]
    rng = random.Random(5)
    async with apps[0].run_test(size=(100, 34)) as first, apps[1].run_test(size=(100, 34)) as second:
        pilots = [first, second]
        await sit_down(pilots, apps, clients)
        knowledge = Knowledge(table.game)
        hand = table.game.state.hand_no
        moves = 0
        while table.game.state.hand_no == hand and not table.game.is_over:
            await until(pilots, lambda: all(shows_latest(app, table) for app in apps), "both screens up to date")
            check_what_each_app_holds(apps, table, knowledge)
            mover = table.game.current_seat
            screen = apps[mover].table()
            assert screen._legal == table.game.legal_actions(), "the mover's keys offer the engine's moves"
            assert not apps[1 - mover].table()._legal, "the other seat is offered nothing"
            code = get_variant("gin").choose_ai_action(screen.seat.observation, screen.seat.legal, "normal", rng)
            before = table.seq
            await press(pilots[mover], code)
            await until(pilots, lambda before=before: table.seq > before, f"the keys for {code} played it")
            knowledge.update(table.game)
            moves += 1
            assert moves < 300, "the hand never ended"
        await until(
            pilots,
            lambda: all(isinstance(app.screen, EndOfHandScreen) for app in apps),
            "both players see the end of the hand",
        )
        # each app checked the revealed deal on its own (tableserver/witness.py) and says so
        verified = f"Deal verified ({short(table.game.deal_entry(hand)['deal_commitment'])})"
        await until(
            pilots,
            lambda: all(verified in "\n".join(screen_lines(app)) for app in apps),
            "both players see the deal verified",
        )
        for app in apps:
            screen = app.table()
            assert isinstance(screen.seat, RemoteSeat) and not reachable_games(screen)
            with pytest.raises(AttributeError):
                screen.game  # noqa: B018 -- a remote seat's screen has no game to reach
    assert moves >= 2


async def test_a_refused_move_shows_the_servers_reason_and_a_chat_line_reaches_the_other_log(server):
    clients, table = await seated(server, "gin")
    apps = [RummyApp(ai_delay=0.0), RummyApp(ai_delay=0.0)]
    async with apps[0].run_test(size=(100, 34)) as first, apps[1].run_test(size=(100, 34)) as second:
        pilots = [first, second]
        await sit_down(pilots, apps, clients)
        await until(pilots, lambda: all(shows_latest(app, table) for app in apps), "both screens up")
        mover = table.game.current_seat
        other = 1 - mover
        for app in apps:  # a shared table: no hints, no undo (Gin has no takeback), the chat key
            screen = app.table()
            assert (
                screen.check_action("hint", ()),
                screen.check_action("undo", ()),
                screen.check_action("chat", ()),
            ) == (False, False, True)
        await pilots[other].press("d")  # not this seat's turn: nothing is sent
        assert table.seq == 0
        screen = apps[mover].table()
        card = card_text(table.game.state.hands[mover][0])
        reason = table.game.why_not(f"discard:{card}")  # the upcard is offered first: no discard yet
        await select_cards(pilots[mover], [card])
        await pilots[mover].press("x")
        await until(pilots, lambda: "refused" in screen.query_one("#message").classes, "the refusal shown")
        look = screen.hand.card_look()
        assert reason and str(screen.query_one("#message").render()) == log_line(bracket_cards(reason), look).plain
        assert table.seq == 0, "a refused move changes nothing"
        await pilots[other].press("slash")
        for key in "hi Anna":
            await pilots[other].press("space" if key == " " else key)
        await pilots[other].press("enter")
        await until(pilots, lambda: "hi Anna" in "\n".join(screen_lines(apps[mover])), "the chat line in the log")
        assert table.seq == 0, "typing the chat line played no move"
