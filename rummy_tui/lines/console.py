"""The terminal of line mode: lines out, typed lines in, with readline's editing and history.

Nothing is ever redrawn: each line is written once and the terminal scrolls. Reading happens
in a thread of its own (readline works there), so a shared table's news can be written while
the player has not answered yet; each read is one :meth:`Console.ask`.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sys
from collections.abc import Iterator
from typing import TextIO

HISTORY_LENGTH = 500
CONTROL = dict.fromkeys(range(32), " ") | {127: " "}  # a chat line's control characters: never sent on


def plain_text(text: str) -> str:
    """Text from elsewhere (a name, a chat line) without control characters: no escape
    sequence reaches the terminal through it."""
    return text.translate(CONTROL)


def use_readline() -> None:
    """Line editing and history for input(), when the platform has readline; bracketed paste
    off, so that nothing but the typed text is echoed."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: input() still works, without editing
        return
    readline.set_history_length(HISTORY_LENGTH)
    readline.parse_and_bind("set enable-bracketed-paste off")


class Console:
    """Lines out, typed lines in. The game runs its event loop in a thread of its own and the
    main thread reads the keyboard (:meth:`serve_input`): readline belongs on the main thread."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self._pending: asyncio.Future[str | None] | None = None
        self._held: list[str] | None = None  # lines kept to be written together
        self._prompt: str | None = None  # the prompt on the screen while a line is being typed
        self._requests: queue.SimpleQueue[tuple[str, asyncio.AbstractEventLoop, asyncio.Future[str | None]] | None] = (
            queue.SimpleQueue()
        )

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Lines said meanwhile are written at once (below a waiting prompt, one prompt after them)."""
        outer, self._held = self._held, []
        held = self._held
        try:
            yield
        finally:
            self._held = outer
            if held:
                self.say(*held)

    def say(self, *lines: str) -> None:
        """Write whole lines. While a prompt waits (a shared table's news comes in), the lines go
        below it and the prompt, with what is typed so far, is written again after them."""
        if self._held is not None:
            self._held.extend(lines)
            return
        waiting = self._prompt
        text = "".join(part + "\n" for line in lines for part in line.split("\n"))
        if waiting is not None:
            text = "\n" + text + waiting + typed_so_far()
        self.out.write(text)
        self.out.flush()

    def ask(self, prompt: str) -> asyncio.Future[str | None]:
        """The next typed line (None at the end of input). A read already waiting is the one
        returned: its prompt is on the screen."""
        if self._pending is None or self._pending.done():
            loop = asyncio.get_running_loop()
            self._pending = loop.create_future()
            self._requests.put((prompt, loop, self._pending))
        return self._pending

    def close(self) -> None:
        """The game is over: the keyboard is not read again."""
        self._requests.put(None)

    def serve_input(self) -> None:
        """Read a line each time the game asks for one, until :meth:`close`. After ctrl+c every
        question is answered with the end of input, so the game leaves as after `quit` (saved)."""
        interrupted = False
        while True:
            try:
                request = self._requests.get()
            except KeyboardInterrupt:
                interrupted = True
                continue
            if request is None:
                return
            prompt, loop, future = request
            line: str | None = None
            if not interrupted:
                self._prompt = prompt
                try:
                    line = input(prompt)
                except (EOFError, OSError, ValueError):
                    line = None
                except KeyboardInterrupt:
                    interrupted = True
                    self.out.write("\n")
                finally:
                    self._prompt = None
            if not loop.is_closed():
                loop.call_soon_threadsafe(_settle, future, line)


def typed_so_far() -> str:
    try:
        import readline
    except ImportError:
        return ""
    return readline.get_line_buffer()


def _settle(future: asyncio.Future[str | None], line: str | None) -> None:
    if not future.done():
        future.set_result(line)
