"""Starting line mode: a new game (asked in plain questions, or given as options), a saved game,
or a seat at a shared table. ``rummy --lines`` comes here instead of the Textual app."""

from __future__ import annotations

import asyncio
import signal
import threading
from typing import Any

from .console import Console, use_readline
from .questions import ask_start
from .table import LineTable
from .words import CardWords


def run_lines(cards: str = "words", ai_delay: float = 0.0, **options: Any) -> int:
    """Play in line mode until the game ends or the player leaves; the exit status."""
    import variants  # noqa: F401  (a composition root: the variant registry comes with it)

    use_readline()
    console = Console()
    status: list[int] = []

    def game() -> None:
        if hasattr(signal, "pthread_sigmask"):  # ctrl+c must reach the main thread, which reads the keys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # (and the threads made here)
        try:
            status.append(asyncio.run(_run(console, CardWords(cards), ai_delay, options)))
        finally:
            console.close()

    playing = threading.Thread(target=game, name="line-game", daemon=True)
    playing.start()
    console.serve_input()  # ctrl+c ends the game as `quit` does: the game is saved
    playing.join()
    return status[0] if status else 1


async def _run(console: Console, words: CardWords, ai_delay: float, options: dict[str, Any]) -> int:
    from rummy_tui.tableserver.seat import LocalSeat

    if not options:
        asked = await ask_start(console)
        if asked is None:
            return 0
        options = asked
    if "resume" in options:
        from rummy_tui.storage import BadSave, SaveStore
        from rummy_tui.storage.saves import seat_entries

        try:
            game = SaveStore().load(options["resume"])
        except (BadSave, OSError, ValueError) as error:
            console.say(str(error))
            return 1
        seat = LocalSeat(game, None, seat_entries(game.record))
        await LineTable(seat, console, words, ai_delay, game_id=options["resume"]).play()
        return 0
    if "shared" in options:
        from .shared import sit_at_shared_table

        return await sit_at_shared_table(console, words, *options["shared"])
    from rummy_tui.engine import Game
    from rummy_tui.engine.deals import own_randomness

    seats = options["seats"]
    game = Game(
        options["variant"],
        options["players"],
        options.get("settings"),
        options.get("seed"),
        seats=seats,
        contributions={1: own_randomness(seats)} if options.get("seed") is None else None,
    )
    await LineTable(LocalSeat(game, None, seats), console, words, ai_delay).play()
    return 0
