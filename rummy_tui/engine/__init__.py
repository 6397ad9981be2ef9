"""The game engine: cards, melds, solver, game state and AI. It never imports Textual."""

from .game import Game, IllegalAction
from .records import RecordError
from .state import State
from .variant import SettingError, Variant

__all__ = ["Game", "IllegalAction", "RecordError", "SettingError", "State", "Variant"]
