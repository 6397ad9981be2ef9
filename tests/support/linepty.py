"""A line-mode game on a real PTY, read as a screen reader would: whole lines, in order.

:class:`LineTerminal` starts ``python -m rummy_tui --lines ...`` with a pseudo-terminal as its
terminal, collects everything it writes, and waits (on the descriptor, never a sleep) for the
prompt that says the game waits for the player. :func:`scripted_hand` is a player that reads
only the game's text: the turn line and the numbered list of moves.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROMPT = b"> "
WAIT = 60.0  # seconds the game may take to answer (a hard AI on a busy machine)
# What line mode must never write: cursor movement, erasing, scrolling regions, the alternate
# screen, saving and restoring the cursor, a reset.
SCREEN_CONTROL = re.compile(rb"\x1b\[[0-9;?]*[ABCDEFGHJKSTfsu]|\x1b\[\?1049|\x1b\[[0-9;]*r|\x1b[78c]|\x1b\[\?25[lh]")


class LineTerminal:
    def __init__(self, arguments: list[str], environment: dict[str, str], width: int = 80, height: int = 24) -> None:
        import fcntl
        import struct
        import termios

        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui", *arguments],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=environment,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),  # its terminal: ctrl+c is SIGINT
        )
        os.close(slave)
        self.master = master
        self.output = b""
        self.read_to = 0  # what the player has read so far
        self.ended = False  # the game closed its terminal (it is over)

    def read_until(self, pattern: bytes | re.Pattern[bytes], wait: float = WAIT) -> bytes:
        """Everything new up to and including ``pattern``; AssertionError with the screen if it never came."""
        deadline = time.monotonic() + wait
        compiled = re.compile(re.escape(pattern)) if isinstance(pattern, bytes) else pattern
        while True:
            found = compiled.search(self.output, self.read_to)
            if found:
                new = self.output[self.read_to : found.end()]
                self.read_to = found.end()
                return new
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {compiled.pattern!r}; the game wrote:\n{self.text()[-3000:]}"
            ready, _w, _x = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data:
                    self.ended = True
                    new = self.output[self.read_to :]
                    self.read_to = len(self.output)
                    return new
                self.output += data

    def prompt(self) -> str:
        """The text up to the next prompt (a prompt at the start of a line)."""
        said = self.read_until(re.compile(rb"(?:^|\n)> $", re.MULTILINE))
        return said.decode().replace("\r\n", "\n")

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def text(self) -> str:
        return self.output.decode(errors="replace").replace("\r\n", "\n")

    def finish(self) -> int:
        """Wait for the game to exit (reading what it still writes); its exit status."""
        deadline = time.monotonic() + WAIT
        while not self.ended and self.process.poll() is None and time.monotonic() < deadline:
            ready, _w, _x = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                self.output += data
        if self.process.poll() is None:
            self.process.kill()
        os.close(self.master)
        return self.process.wait()


def line_environment(data_dir: Path, language: str = "en") -> dict[str, str]:
    environment = dict(os.environ)
    environment.update(
        {
            "TERM": "xterm-256color",
            "LANG": "hu_HU.UTF-8" if language == "hu" else "en_US.UTF-8",
            "LC_ALL": "C.UTF-8",
            "RUMMY_TUI_DATA_DIR": str(data_dir),
            "PYTHONPATH": str(ROOT),
        }
    )
    environment.pop("LC_MESSAGES", None)
    return environment


TURN = {"en": "Your turn:", "hu": "Te jössz:"}
HAND_OVER = {"en": re.compile(r"Hand 1 is over\."), "hu": re.compile(r"1\. játszma véget ért\.")}
PREFERRED = {  # the moves a player who wants the hand over picks first, by their words in the list
    "en": ("Go gin", "Knock", "Meld", "Lay off", "Draw from the stock", "Pass", "Keep the hand", "Play on", "Discard"),
    "hu": (
        "Römi, eldobva",
        "Kopogás",
        "Lerakás",
        "Szúrás",
        "Húzás a talonból",
        "Passz",
        "A lapok megtartása",
        "Játék",
        "Dobás",
    ),
}
MOVE = re.compile(r"^(\d+)\. (.+)$", re.MULTILINE)


def scripted_hand(terminal: LineTerminal, language: str = "en", most_turns: int = 400) -> str:
    """Play until the first hand is over, reading only the game's words: each turn's line, then
    the numbered moves it lists; a discard is typed as words ("discard 7 of hearts")."""
    said = terminal.prompt()
    for _turn in range(most_turns):
        if HAND_OVER[language].search(said) or terminal.ended:
            return said
        if TURN[language] not in said:
            raise AssertionError(f"no turn and no end of the hand in:\n{said}")
        terminal.type("lépések" if language == "hu" else "moves")
        listing = terminal.prompt()
        moves = {words: number for number, words in MOVE.findall(listing)}
        assert moves, listing
        terminal.type(choose(moves, language))
        said = terminal.prompt()
    raise AssertionError("the hand did not end")


def choose(moves: dict[str, str], language: str) -> str:
    for wanted in PREFERRED[language]:
        for words, number in moves.items():
            if words.startswith(wanted):
                if wanted in ("Discard", "Dobás"):
                    card = words.split(" ", 1)[1] if language == "en" else words.split(": ", 1)[1]
                    return ("dobom a " if language == "hu" else "discard ") + card
                return number
    return next(iter(moves.values()))
