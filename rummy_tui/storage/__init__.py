"""Nothing lost: autosaved games, the history of finished games, statistics.

The app's tables hand each move to a :class:`~.writer.DiskWriter`, which saves off the UI
thread; ``autosave(game_id, game)`` does the same at once, in the caller's thread (the
self-play helper and the kill test use it).
"""

from __future__ import annotations

import sqlite3

from rummy_tui.engine import Game

from .history import History, HistoryError
from .saves import BadSave, SaveInfo, SaveStore, new_game_id

__all__ = ["BadSave", "History", "HistoryError", "SaveInfo", "SaveStore", "autosave", "new_game_id"]

_HANDS_RECORDED: dict[str, tuple[int, bool]] = {}  # game id -> (hands, over) already in the history


def autosave(game_id: str, game: Game, store: SaveStore | None = None, history: History | None = None) -> str | None:
    """Save the game (atomically) and, when a hand or the game has just ended, record it in
    the history. A save that fails raises (OSError); a history that fails only returns a
    warning to show, because the game itself is safe."""
    store = store or SaveStore()
    store.save(game_id, game)
    hands = len(game.state.sheet)
    if _HANDS_RECORDED.get(game_id) == (hands, game.is_over) or (hands == 0 and not game.is_over):
        return None
    try:
        (history or History()).record_progress(
            game_id, game, started=store.created(game_id), duration_seconds=store.played_seconds(game_id)
        )
    except (HistoryError, sqlite3.Error, OSError) as error:
        return f"The game is saved, but the history could not be updated: {error}"
    _HANDS_RECORDED[game_id] = (hands, game.is_over)
    return None
