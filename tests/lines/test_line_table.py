"""The line table in this process, with a scripted keyboard: hot-seat hand-offs, undo, hints,
refusals in the engine's words, and the save."""

from __future__ import annotations

import asyncio

from rummy_tui.engine import Game
from rummy_tui.lines.console import Console
from rummy_tui.lines.table import LineTable
from rummy_tui.tableserver.seat import LocalSeat


class ScriptedConsole(Console):
    """Answers each question with the next scripted line (None once they run out) and keeps
    every line said."""

    def __init__(self, typed: list[str]) -> None:
        super().__init__()
        self.typed = list(typed)
        self.said: list[str] = []

    def say(self, *lines: str) -> None:
        if self._held is not None:
            self._held.extend(lines)
        else:
            self.said.extend(lines)

    def ask(self, prompt: str) -> asyncio.Future[str | None]:
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        future.set_result(self.typed.pop(0) if self.typed else None)
        return future


def table(variant: str, humans: list[str], typed: list[str], seed: int = 5) -> tuple[LineTable, ScriptedConsole]:
    seats = [{"name": name, "kind": "human", "level": None} for name in humans]
    if len(humans) == 1:
        seats.append({"name": "North", "kind": "ai", "level": "easy"})
    game = Game(variant, len(seats), seed=seed, seats=seats)
    console = ScriptedConsole(typed)
    return LineTable(LocalSeat(game, None, seats), console), console


async def test_hot_seat_hands_the_keyboard_over_and_names_nobody_you_before():
    line_table, console = table("gin", ["Ann", "Bob"], ["", "pass", "", "hand", "quit"])
    await line_table.play()
    said = "\n".join(console.said)
    before = said.split("Pass the terminal to Bob")[0]
    assert "You " not in before and "Ann cut the " in before
    assert "You are Bob." in said and "You are Ann." in said
    assert said.index("You are Bob.") < said.index("You passed the upcard") < said.index("You are Ann.")


async def test_refusals_undo_and_hint_against_the_computer(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path))
    line_table, console = table("gin", ["Ann"], ["discard 7 of hearts", "pass", "undo", "hint", "dance", "quit"], 3)
    await line_table.play()
    said = "\n".join(console.said)
    assert "First take the upcard" in said  # the engine's reason, in one line
    assert "Taken back: Pass" in said
    assert "Hint: " in said and "[" not in said.split("Hint: ")[1].split("\n")[0]
    assert "I do not know the command 'dance'." in said
    assert line_table.seat.game.record["hints"] == 1 and line_table.seat.game.record["undos"] >= 1
    assert "The game is saved" in said and list((tmp_path / "saves").glob("*.json"))


async def test_a_computer_turn_is_one_line():
    line_table, console = table("basic", ["Ann"], ["draw", "discard jack of spades", "quit"], 2)
    await line_table.play()
    turns = [
        line for line in console.said if line.startswith("North took the jack of spades from the discard pile and")
    ]
    assert len(turns) == 1 and turns[0].endswith(" and discarded the 8 of spades.")
    assert turns, "\n".join(console.said)


async def test_a_gin_knock_with_a_choice_of_melds_asks_which():
    from rummy_tui.engine.ai import choose_action

    line_table, console = table("gin", ["Ann"], ["knock 2c", "2", "quit"], 14)
    game = line_table.seat.game
    while len(game.record["actions"]) < 50:  # both seats play as the computer would, up to Ann's knock
        game.apply(choose_action(game, game.current_seat, "normal"))
    options = game.variant.choices(game, "knock:2C")
    assert len(options) == 3
    await line_table.play()
    assert "Knock: which melds do you show?" in console.said
    assert game.record["actions"][50] == options[1]
