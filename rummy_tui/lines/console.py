"""The terminal of line mode: lines out, typed lines in, with readline's editing and history.

Nothing is ever redrawn: each line is written once and the terminal scrolls. Reading happens
in a thread of its own (readline works there), so a shared table's news can be written while
the player has not answered yet; each read is one :meth:`Console.ask`.

Two threads share the terminal, so two things are made sure of:

- A say's lines and readline's prompt never interleave. Readline draws its prompt between its
  startup and pre-input hooks, and holds the screen meanwhile; a say holds it while it looks
  whether the prompt is on the screen (then the news goes below it and the prompt is written
  again) or still to come (then the lines simply go first).
- Ctrl+c always ends a read. CPython's readline looks at signals only when its wait for a key
  is interrupted, so a ctrl+c that lands just before that wait would be seen only at the next
  key. The signal also wakes the game's thread, which interrupts the reading thread again until
  the ctrl+c has been taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

from rummy_tui import served

HISTORY_LENGTH = 500
CONTROL = dict.fromkeys(range(32), " ") | {127: " "}  # a chat line's control characters: never sent on
NUDGE_SECONDS = 0.05  # how soon the reading thread is interrupted again while a ctrl+c waits to be taken


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
        self._screen = threading.Lock()  # held by a say while it writes, and by readline while it draws the prompt
        self._asked: str | None = None  # the prompt of the read under way
        self._prompt: str | None = None  # the prompt on the screen while a line is being typed
        self._hooked = False  # readline's hooks tell when its prompt is drawn
        self._drawing = False  # readline is drawing the prompt (and holds the screen)
        self._reading = False  # readline waits for keys: there a ctrl+c ends the read
        self._interrupted = False  # ctrl+c was pressed
        self._taken = False  # the reading thread has taken the ctrl+c: it reads no more
        self._signals: socket.socket | None = None  # where the game's thread hears of a ctrl+c
        self._watched: asyncio.AbstractEventLoop | None = None
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
        text = "".join(part + "\n" for line in lines for part in line.split("\n"))
        with self._screen:
            if self._prompt is not None:
                text = "\n" + text + self._prompt + typed_so_far()
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

    # --- the main thread: the keyboard --------------------------------------------------------

    def serve_input(self) -> None:
        """Read a line each time the game asks for one, until :meth:`close`. After ctrl+c every
        question is answered with the end of input, so the game leaves as after `quit` (saved)."""
        with self._hooks(), self._ctrl_c_heard():
            while (request := self._next_request()) is not None:
                prompt, loop, future = request
                self._watch_for_ctrl_c(loop)
                line = None if self._interrupted else self._read_line(prompt)
                self._taken = self._interrupted
                if not loop.is_closed():
                    loop.call_soon_threadsafe(_settle, future, line)

    def _next_request(self) -> tuple[str, asyncio.AbstractEventLoop, asyncio.Future[str | None]] | None:
        while True:
            try:
                return self._requests.get()
            except KeyboardInterrupt:  # Python's own handler (where this one is not set): the next read is not made
                self._interrupted = True

    def _read_line(self, prompt: str) -> str | None:
        self._asked = prompt
        line: str | None = None
        try:
            if not self._hooked:
                with self._screen:
                    self._prompt, self._reading = prompt, True
            served.first_screen_complete()  # the question is out, its prompt comes now
            line = input(prompt)
        except (EOFError, OSError, ValueError):
            pass
        except KeyboardInterrupt:
            self._interrupted = True
        finally:
            self._reading = False
            if self._drawing:  # readline's drawing of the prompt was cut short
                self._drawing = False
                self._screen.release()
            with self._screen:
                self._prompt = None
                if self._interrupted:  # the line typed so far is left as it is, under it the game's goodbye
                    self.out.write("\n")
                    self.out.flush()
        return line

    @contextlib.contextmanager
    def _hooks(self) -> Iterator[None]:
        """Readline's hooks around its drawing of the prompt (where readline has them; input()
        reads through readline only when the keyboard and the screen are a terminal)."""
        try:
            import readline

            if not (sys.stdin.isatty() and sys.stdout.isatty()):
                raise ImportError
            readline.set_startup_hook(self._prompt_coming)
            readline.set_pre_input_hook(self._prompt_shown)
        except (ImportError, AttributeError, ValueError):  # no readline, one without these hooks, or no terminal
            yield
            return
        self._hooked = True
        try:
            yield
        finally:
            readline.set_startup_hook(None)
            readline.set_pre_input_hook(None)

    def _prompt_coming(self) -> None:
        self._screen.acquire()
        self._drawing = True

    def _prompt_shown(self) -> None:
        self._prompt = self._asked
        self._drawing = False
        self._screen.release()
        self._reading = True

    # --- ctrl+c ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def _ctrl_c_heard(self) -> Iterator[None]:
        """Ctrl+c ends the read under way, or the next one; the game's thread hears of it too."""
        if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_kill"):
            yield
            return
        self._signals, wakeup = socket.socketpair()
        for end in (self._signals, wakeup):
            end.setblocking(False)
        previous_handler = signal.signal(signal.SIGINT, self._on_ctrl_c)
        previous_wakeup = signal.set_wakeup_fd(wakeup.fileno(), warn_on_full_buffer=False)
        try:
            yield
        finally:
            signal.set_wakeup_fd(previous_wakeup)
            signal.signal(signal.SIGINT, previous_handler)
            self._signals.close()
            wakeup.close()

    def _on_ctrl_c(self, number: int, frame: object) -> None:
        """The main thread's SIGINT handler: outside readline's wait it only notes the ctrl+c
        (the next question is answered with the end of input)."""
        self._interrupted = True
        if self._reading:
            raise KeyboardInterrupt

    def _watch_for_ctrl_c(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._signals is not None and self._watched is not loop:
            self._watched = loop
            loop.call_soon_threadsafe(loop.add_reader, self._signals.fileno(), self._heard_signal, loop)

    def _heard_signal(self, loop: asyncio.AbstractEventLoop) -> None:
        """In the game's thread: a signal came. Until the reading thread has taken the ctrl+c,
        it is interrupted again a moment later (each time, this hears of it again)."""
        signals = self._signals
        if signals is None:
            return
        with contextlib.suppress(OSError):
            heard = signals.recv(512)
            if signal.SIGINT in heard and not self._taken:
                loop.call_later(NUDGE_SECONDS, self._interrupt_reading)

    def _interrupt_reading(self) -> None:
        if not self._taken:
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def typed_so_far() -> str:
    try:
        import readline
    except ImportError:
        return ""
    return readline.get_line_buffer()


def _settle(future: asyncio.Future[str | None], line: str | None) -> None:
    if not future.done():
        future.set_result(line)
