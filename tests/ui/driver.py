"""Play the table through key presses, as a player would, for the Pilot tests.

The driver asks the engine which move the seat would make (the normal AI), then presses the
keys that make that move on screen: arrows to the card, space to select, the verb's key.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from rummy_tui.app import RummyApp
from rummy_tui.engine import Game
from rummy_tui.engine.ai import choose_action
from rummy_tui.engine.cards import deal_cards, face_of, parse_face
from rummy_tui.screens.handoff import HandOffScreen
from rummy_tui.screens.menus import MovesMenu
from rummy_tui.screens.table import TableScreen
from rummy_tui.widgets.hand import HandView
from rummy_tui.widgets.melds import MeldTableView

PLAIN_KEYS = {
    "draw:stock": "d",
    "take:discard": "t",
    "take:upcard": "t",
    "pass": "p",
    "takeback": "u",
    "void": "v",
    "throwin": "w",
    "reenter": "r",
    "keep": "K",
    "laydown": "L",
    "decline": "N",
}
ONE_CARD_KEYS = {"discard": "x", "knock": "k", "gin": "g"}


def seats(humans: list[str], ai: int, level: str = "normal") -> list[dict]:
    names = ["North", "East", "South", "West", "Centre"]
    return [{"name": name, "kind": "human", "level": None} for name in humans] + [
        {"name": names[n], "kind": "ai", "level": level} for n in range(ai)
    ]


def played_until(
    variant: str,
    players: int,
    humans: list[str],
    seed: int,
    settings: dict | None,
    done: Callable[[Game], bool],
    moves_before: int = 0,
) -> Game:
    """The game ``make_app`` would start, played by the engine alone (every seat by the normal AI,
    as play_until's keys would) until ``done(game)``, or ``moves_before`` moves before that: a
    position to open the table at, for a test about what the table shows there rather than about
    the keys that lead to it (tests/ui/test_variants_play.py plays whole hands by keys)."""
    game = Game(variant, players, settings or {}, seed, seats=seats(humans, players - len(humans)))
    while not done(game):
        assert not game.is_over, "the game ended before the position was reached"
        seat = game.current_seat
        game.apply(choose_action(game, seat, "normal"))
    if moves_before:
        actions = game.record["actions"]
        game = Game.replay({**game.record, "actions": actions[: len(actions) - moves_before]})
    return game


def human_to_move_in(phase: str) -> Callable[[Game], bool]:
    """For played_until: a human seat is to move in ``phase``."""
    return lambda game: game.state.phase == phase and game.record["seats"][game.current_seat]["kind"] == "human"


def resumed_app(game: Game, **app_options) -> RummyApp:
    """The app opening ``game`` from its save, as `rummy resume` does (the test's data folder)."""
    from rummy_tui.storage import SaveStore, new_game_id

    game_id = new_game_id()
    SaveStore().save(game_id, game)
    return RummyApp(ai_delay=0.0, table_options={"resume": game_id}, **app_options)


def make_app(
    variant: str, players: int, humans: list[str], seed: int, settings: dict | None = None, **app_options
) -> RummyApp:
    options = {
        "variant": variant,
        "players": players,
        "settings": settings or {},
        "seed": seed,
        "seats": seats(humans, players - len(humans)),
    }
    return RummyApp(ai_delay=0.0, table_options=options, **app_options)


@asynccontextmanager
async def at_the_table(
    variant: str,
    players: int,
    humans: list[str],
    seed: int,
    settings: dict | None = None,
    size: tuple[int, int] = (80, 24),
    **app_options,
) -> AsyncIterator[tuple[RummyApp, object]]:
    """Open ``variant`` at a terminal of ``size`` (80x24, the smallest we support), let the AI
    move, and pass the hot-seat hand-off if one is shown: yields the app and its pilot. A test that
    looks at the hand-off screen itself opens the app with make_app and run_test instead."""
    app = make_app(variant, players, humans, seed, settings, **app_options)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
        yield app, pilot


async def settle(pilot, rounds: int = 400) -> None:
    """Wait until the AI has moved and the screen in front is idle and drawn."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(worker.is_running for worker in app.workers) and _mounted(app.screen):
            await pilot.pause()  # the layout and paint its widgets asked for as they mounted
            return


def _mounted(screen) -> bool:
    """Has ``screen`` and each of its widgets run its on_mount? (A screen just pushed has not:
    on a loaded machine a test could read it blank.)"""
    return screen.is_mounted and all(widget.is_mounted for widget in screen.walk_children())


async def to_play_phase_with(pilot, app, faces: str):
    """Put fresh cards showing ``faces`` in place of the viewer's first cards (a staging shortcut:
    the replaced cards leave the game), then play on, drawing from the stock, until the viewer
    may meld and discard. Returns the game."""
    table = app.table()
    game, seat = table.game, table.viewer
    cards = deal_cards(faces, taken=[c for h in game.state.hands for c in h])
    game.state.hands[seat][: len(cards)] = cards
    while game.current_seat != seat or game.state.phase != "play":
        if game.current_seat == seat and game.state.phase == "draw":
            await pilot.press("d")
        await settle(pilot)
    table.refresh_table()
    await pilot.pause()
    return game


async def press_move(pilot, code: str) -> None:
    """Make ``code`` happen through the keys of the table screen."""
    verb, _sep, argument = code.partition(":")
    if code in PLAIN_KEYS:
        await pilot.press(PLAIN_KEYS[code])
        return
    table: TableScreen = pilot.app.table()
    if verb in ONE_CARD_KEYS:
        await select_cards(pilot, [argument.partition("/")[0]])
        await pilot.press(ONE_CARD_KEYS[verb])
        if verb == "knock" and isinstance(pilot.app.screen, MovesMenu):  # the melds to show are a choice
            await pick_from_menu(pilot, code)
        return
    if verb == "meld":
        for group in argument.split("+"):
            await select_cards(pilot, group.split("-"), clear=False)
            await pilot.press("plus")
        await pilot.press("m")
        return
    if verb in ("layoff", "exchange", "newdeal"):
        cards, _arrow, target = argument.rpartition(">") if verb != "newdeal" else (argument, "", "")
        await select_cards(pilot, [c for c in cards.split("-") if c])
        if target:
            melds = table.query_one(MeldTableView)
            while melds.target != int(target):
                await pilot.press("right_square_bracket")
        await pilot.press({"layoff": "o", "exchange": "e", "newdeal": "n"}[verb])
        return
    if verb == "declare":
        await pilot.press("D")
        if pilot.app.screen is not table:
            await pick_from_menu(pilot, code)
        return
    await pilot.press("a")
    await pick_from_menu(pilot, code)


async def pick_from_menu(pilot, code: str) -> None:
    menu = pilot.app.screen
    from textual.widgets import OptionList

    options = menu.query_one(OptionList)
    index = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == code)
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")


async def select_cards(pilot, tokens: list[str], clear: bool = True) -> None:
    """Move the cursor to each card (by face) and select it with space."""
    hand = pilot.app.table().query_one(HandView)
    if clear and hand.selected:
        await pilot.press("escape")
    taken: set[int] = {c for group in hand.staged for c in group} | set(hand.selected)
    for token in tokens:
        face = parse_face(token.partition("=")[0])
        index = next(i for i, card in enumerate(hand.order) if face_of(card) == face and card not in taken)
        taken.add(hand.order[index])
        await pilot.press(*keys_to_card(hand.cursor, index, len(hand.order)), "space")


def keys_to_card(cursor: int, index: int, cards: int) -> list[str]:
    """The fewest keys that move the hand's cursor from ``cursor`` to ``index``: arrows (the
    cursor wraps round), or home or end first and arrows from there."""
    steps = index - cursor
    if abs(steps) > cards // 2:  # the cursor wraps round: the shorter way
        steps -= cards if steps > 0 else -cards
    ways = [
        ["right" if steps > 0 else "left"] * abs(steps),
        ["home"] + ["right"] * index,
        ["end"] + ["left"] * (cards - 1 - index),
    ]
    return min(ways, key=len)


async def play_until(
    pilot, done, max_moves: int = 400, verbs: set | None = None, watch: Callable[[], None] | None = None
) -> int:
    """Play the human seats by keys (their moves chosen by the normal AI) until ``done()``;
    ``verbs`` collects the verbs the keys sent; ``watch()`` is called whenever the screen has
    settled (before each key and at the end), to look at what it shows."""
    moves = 0
    app = pilot.app
    while not done() and moves < max_moves:
        await settle(pilot)
        if watch is not None:
            watch()
        if done():
            break
        screen = app.screen
        table = app.table()
        if screen is not table:  # a hand-off, end-of-hand or other screen waits for Enter
            await pilot.press("enter")
            continue
        game = table.game
        seat = game.current_seat
        if seat is None or seat != table.viewer:
            continue
        before = len(game.record["actions"])
        code = choose_action(game, seat, "normal")
        await press_move(pilot, code)
        if verbs is not None:
            verbs.add(code.partition(":")[0])
        await pilot.pause()
        assert len(game.record["actions"]) > before, (
            f"the keys for a move did not apply it: {table.query_one('#message').render()}"
        )
        moves += 1
    await settle(pilot)  # what done() saw may be a screen pushed a moment ago, not yet drawn
    if watch is not None:
        watch()
    return moves
