"""Terminal input that sleeps until a key comes: no CPU while a game waits for its player.

Textual 8.2.8 (pinned) reads the terminal in a thread that wakes ten times a second
(``select`` with a 0.1 s timeout) only to see whether the app is stopping and whether a lone
Escape has waited long enough to be a key. Every idle game then costs CPU, and a host serving
a hundred of them pays it a hundred times. :class:`QuietLinuxDriver` waits on the terminal and
on a wake-up pipe instead: with no timeout at all, unless the key parser is waiting for the
rest of an escape sequence (then just until the parser's own deadline), and the pipe is
written when input stops (suspend, exit), so stopping never waits for a tick.
"""

from __future__ import annotations

import contextlib
import os
import selectors
from codecs import getincrementaldecoder
from threading import Event
from typing import Any

from textual._loop import loop_last
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

FALLBACK_TICK = 0.1  # Textual's own tick, if a parser ever lacks the deadline this reads


class WakingEvent(Event):
    """The driver's stop flag: setting it also wakes the input thread (after the flag is set,
    so the thread sees it)."""

    def __init__(self, wake_writer: int) -> None:
        super().__init__()
        self._wake_writer = wake_writer

    def set(self) -> None:
        super().set()
        with contextlib.suppress(OSError):  # already woken (the pipe is full) or closed
            os.write(self._wake_writer, b"!")


class QuietLinuxDriver(LinuxDriver):
    """Textual's Linux driver with an input thread that sleeps until there is input."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._wake_reader, self._wake_writer = os.pipe()
        os.set_blocking(self._wake_writer, False)
        self.exit_event = WakingEvent(self._wake_writer)

    def close(self) -> None:
        super().close()
        for descriptor in (self._wake_reader, self._wake_writer):
            with contextlib.suppress(OSError):
                os.close(descriptor)

    @staticmethod
    def _wait_for(parser: XTermParser) -> float | None:
        """How long the thread may sleep: until the parser's deadline, or until input."""
        try:
            deadline = parser._timeout_time
        except AttributeError:
            return FALLBACK_TICK
        return None if deadline is None else max(0.0, deadline - get_time())

    def run_input_thread(self) -> None:
        """LinuxDriver.run_input_thread (textual 8.2.8), with the select that sleeps."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._wake_reader, selectors.EVENT_READ)
        fileno, wake = self.fileno, self._wake_reader
        parser = XTermParser(self._debug)
        feed, tick = parser.feed, parser.tick
        decode = getincrementaldecoder("utf-8")().decode

        def process_selector_events(events: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for last, (key, mask) in loop_last(events):
                if key.fd == wake:
                    os.read(wake, 512)  # a wake-up: the loop looks at exit_event
                    continue
                if mask & selectors.EVENT_READ:
                    unicode_data = decode(os.read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        break  # stdin is piped and at its end
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process_selector_events(selector.select(self._wait_for(parser)))
            selector.unregister(self.fileno)
            process_selector_events(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass
