"""The game template: one process that has imported everything a game needs and forks a game
per visitor, so a visitor's game starts without a fresh Python importing Textual and the app.

`python -m rummy_tui.serve.template FD` is started by the server (forks.py) with FD one end of
an unnamed socket pair: no path leads to it, so a game (which runs as the same user) has no
way to reach it. The template imports the whole game, draws one start screen off-screen (an
event loop that is closed again before any game is forked), freezes its heap (`gc.freeze()`:
no collection writes to the shared pages), offers it to the kernel's same-page merging, and
then waits on that socket, with no event loop and no thread. For each visitor the server
sends the game's options, environment and data folder, the slave end of the visitor's PTY and
the pipe the game says on that its first screen is out (SCM_RIGHTS). The template forks twice:
the middle process exits at once, so the game is handed to the server (a child subreaper),
which reaps it and hangs it up exactly as a game it started itself. The game then becomes what `python -m rummy_tui OPTIONS` would be: a new
session with the PTY as its controlling terminal, default signals, only the whitelisted
environment, the data folder as its working directory, and no descriptor but its terminal
and that pipe (as descriptor 3, named in its environment: rummy_tui/served.py).
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import mmap
import os
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from rummy_tui.served import STARTED_FD_VARIABLE

MAX_REQUEST = 64 * 1024  # a game's options and environment (a few hundred bytes in practice)
GAME_NAME = b"rummy-game"  # what `ps -o comm`, top and /proc/PID/comm show for a forked game
TEMPLATE_NAME = b"rummy-template"
MAIN_PATH = str(Path(__file__).resolve().parents[1] / "__main__.py")  # sys.argv[0] of `python -m rummy_tui`
PR_SET_NAME = 15
WARM_UP_LIMIT = 30.0  # seconds the off-screen start screen may take
STARTED_DESCRIPTOR = 3  # where a game finds the pipe it closes once its first screen is out
FIRST_COLLECTION_AFTER = 50_000  # new objects a forked game makes before its first collection


@dataclass
class Job:
    """What the server asks for: a game with these options, environment and working directory."""

    options: list[str]
    environment: dict[str, str]
    folder: str
    terminal: int  # the PTY's slave end
    started: int | None = None  # the write end of the pipe the game closes once its first screen is out

    def descriptors(self) -> list[int]:
        return [self.terminal] if self.started is None else [self.terminal, self.started]

    def close(self) -> None:
        """The template's copies, once the game has its own (or has none)."""
        for descriptor in self.descriptors():
            os.close(descriptor)


PRELOADED_PACKAGES = (
    "rummy_tui.engine",
    "rummy_tui.screens",
    "rummy_tui.storage",
    "rummy_tui.tableserver",
    "rummy_tui.widgets",
    "variants",
)
PRELOADED_MODULES = (
    "click.shell_completion",  # click looks for a completion request at every start
    "rummy_tui.app",
    "rummy_tui.cli",
    "rummy_tui.served",
    "sqlite3",
    "textual.drivers.linux_driver",  # what App.run picks on Linux
    "textual.layouts.factory",
    "textual.layouts.grid",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.layouts.vertical",
    "textual.scrollbar",
)


def load_the_game() -> None:
    """Import everything a visitor's game may need (every screen, widget and variant, the
    storage and the table client), the cell-width tables and the Hungarian catalogue, so that a
    forked game only builds its screen and the code stays shared between all the games."""
    import importlib
    import pkgutil

    for name in PRELOADED_MODULES:
        importlib.import_module(name)
    for name in PRELOADED_PACKAGES:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, f"{name}."):
            importlib.import_module(module.name)
    from rich.cells import cell_len

    cell_len("\u00e9\u2660")  # loads rich's unicode width table
    from rummy_tui.i18n import LANGUAGES, set_language

    for code in LANGUAGES:  # gettext keeps each catalogue it read: the games find it loaded
        set_language(code)
    set_language("en")


def draw_a_start_screen() -> None:
    """Draw the start screen once, off-screen, before the games are forked: Python specialises
    the code that runs (3.11 writes that into the code objects) and Textual and Rich fill their
    caches here, once, in pages every game shares, instead of in each game's own copies. Drawn
    as a served game draws it (the server's window limit in the environment): the first screen
    of the form, not the rest a visitor builds only when they need it; what the whole form left
    in the template cost every idle game 0.7 MiB of copied pages (docs/SPEED.md)."""
    import asyncio
    import tempfile

    from rummy_tui.app import RummyApp
    from rummy_tui.screens.start import StartScreen
    from rummy_tui.served import SIZE_LIMIT_VARIABLE
    from rummy_tui.storage.paths import DATA_DIR_VARIABLE

    async def draw(app: RummyApp) -> None:
        # With Textual's tooltip and notification widgets, as App.run has them (run_test leaves
        # them out unless asked): without them, every game parsed their style sheets again and,
        # its rules then being others, worked out every widget's style again (docs/SPEED.md).
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            # _busy: 2 while the variants and the first screen's form are built, 1 once they are
            # (the rest waits for the visitor), 0 with the whole form
            while not (isinstance(app.screen, StartScreen) and app.screen._busy <= 1):
                await pilot.pause(0.01)
            await pilot.pause()  # its frame drawn

    with tempfile.TemporaryDirectory(prefix="rummy-template-") as folder:
        saved = {name: os.environ.get(name) for name in (DATA_DIR_VARIABLE, SIZE_LIMIT_VARIABLE)}
        os.environ[DATA_DIR_VARIABLE] = folder
        os.environ[SIZE_LIMIT_VARIABLE] = "400x150"
        try:
            asyncio.run(asyncio.wait_for(draw(RummyApp()), WARM_UP_LIMIT))
        except Exception as error:  # a warm-up is worth having, never worth failing for
            print(f"rummy-template: the off-screen start screen failed: {error!r}", file=sys.stderr, flush=True)
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def forget_the_off_screen_app() -> None:
    """Let go of what the off-screen start screen left behind. Textual (8.2.8) memoises
    `StylesCache.get_inner_outer` with a functools.lru_cache on the method, so the cache's keys
    keep every widget's StylesCache, and through it the lines that widget drew, alive after
    its app is gone: some 4,800 objects, among the pages a game copies. Emptied here, they go
    before the heap is frozen (0.3-0.4 MiB less per idle session, docs/SPEED.md)."""
    from textual._styles_cache import StylesCache

    cache_clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if cache_clear is not None:
        cache_clear()


def main(arguments: list[str]) -> None:
    channel = socket.socket(fileno=int(arguments[0]))
    name_this_process(TEMPLATE_NAME)
    load_the_game()
    draw_a_start_screen()
    forget_the_off_screen_app()
    gc.collect()
    gc.freeze()
    offer_the_heap_for_merging()
    channel.send(json.dumps({"ready": os.getpid()}).encode())
    job = wait_for_visitors(channel)  # returns only in a game's process
    become_the_game(job)


def offer_the_heap_for_merging() -> None:
    """Mark the template's heap (the brk heap and the anonymous mappings that hold Python's
    object arenas) as pages the kernel may merge with identical ones (madvise MADV_MERGEABLE;
    the games inherit the mark at fork). Python 3.11 writes the reference count of every object
    a game touches, so a game copies about half of the template's heap while drawing its start
    screen; the copies of an idle game are mostly byte for byte the template's page (the count
    went up and back down) or another idle game's copy (the same screen, drawn the same way).
    Where the host runs same-page merging (KSM: /sys/kernel/mm/ksm/run is 1), the kernel finds
    them and keeps one page for all; elsewhere the mark does nothing."""
    import ctypes

    mergeable = getattr(mmap, "MADV_MERGEABLE", None)  # Linux only
    if mergeable is None:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    for start, end in writable_anonymous_mappings():
        libc.madvise(start, end - start, mergeable)  # refused (EINVAL) without KSM in the kernel


def writable_anonymous_mappings() -> list[tuple[int, int]]:
    """(start, end) of this process's private writable mappings backed by no file: the heap and
    the mmapped arenas, not the stack."""
    found = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            name = fields[5] if len(fields) > 5 else ""
            if fields[1].startswith("rw") and fields[1].endswith("p") and name in ("", "[heap]"):
                start, end = (int(address, 16) for address in fields[0].split("-"))
                found.append((start, end))
    return found


def wait_for_visitors(channel: socket.socket) -> Job:
    """Fork a game for each request until the server closes the socket (then exit). Returns
    only in a forked game, with its job."""
    while True:
        try:
            message, descriptors, _flags, _address = socket.recv_fds(channel, MAX_REQUEST, 2)
        except InterruptedError:
            continue
        if not message:
            sys.exit(0)  # the server is gone
        try:
            job = read_job(message, descriptors)
        except (ValueError, KeyError, TypeError) as error:
            for descriptor in descriptors:
                os.close(descriptor)
            channel.send(json.dumps({"error": f"bad request: {error}"}).encode())
            continue
        try:
            game = fork_game(job)
        except OSError as error:
            job.close()
            channel.send(json.dumps({"error": f"fork: {error.strerror}"}).encode())
            continue
        if game == 0:
            channel.close()
            return job
        job.close()
        channel.send(json.dumps({"pid": game}).encode())


def read_job(message: bytes, descriptors: list[int]) -> Job:
    if len(descriptors) not in (1, 2):
        raise ValueError("a terminal expected, and at most the pipe to say the game started on")
    request = json.loads(message)
    job = Job(list(request["options"]), dict(request["environment"]), str(request["folder"]), *descriptors)
    if not all(isinstance(value, str) for value in [*job.options, *job.environment, *job.environment.values()]):
        raise TypeError("options and environment are text")
    return job


def fork_game(job: Job) -> int:
    """Fork the game through a middle process that exits at once, so the game's parent becomes
    the server (its child subreaper). Returns the game's pid; in the game itself, returns 0."""
    read_end, write_end = os.pipe()
    try:
        middle = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        raise
    if middle == 0:
        os.close(read_end)
        try:
            game = os.fork()
        except OSError:
            os._exit(1)
        if game == 0:
            os.close(write_end)
            return 0
        os.write(write_end, str(game).encode())
        os._exit(0)
    os.close(write_end)
    answer = b""
    while chunk := os.read(read_end, 32):
        answer += chunk
    os.close(read_end)
    os.waitpid(middle, 0)  # once it is gone, the game is the server's child
    if not answer:
        raise OSError(0, "the game could not be forked")
    return int(answer)


def become_the_game(job: Job) -> None:
    """In the forked game: everything `python -m rummy_tui` started by the server would have,
    then the game itself (its exit ends this process, through the interpreter's usual exit)."""
    os.setsid()
    for descriptor in (0, 1, 2):
        os.dup2(job.terminal, descriptor)
    kept = 3
    if job.started is not None:
        os.dup2(job.started, STARTED_DESCRIPTOR)
        job.environment[STARTED_FD_VARIABLE] = str(STARTED_DESCRIPTOR)
        kept = STARTED_DESCRIPTOR + 1
    close_everything_but(kept)
    import fcntl
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    default_signals()
    os.environ.clear()
    os.environ.update(job.environment)
    os.chdir(job.folder)
    fresh_standard_streams()
    name_this_process(GAME_NAME)
    first_collection_after_the_start()
    sys.argv = [MAIN_PATH, *job.options]
    from rummy_tui.cli import main

    main(job.options, prog_name="python -m rummy_tui")


def first_collection_after_the_start() -> None:
    """Python collects the youngest objects every 700 new ones: about 30 times while a forked
    game draws its start screen, 8-13 ms of its 0.15-0.2 s of CPU, and the start screen's objects
    live on (the template's are frozen, never looked at). The first collection waits for
    FIRST_COLLECTION_AFTER new objects, after the start screen (it makes about 30,000); from
    then on, the usual thresholds."""
    usual = gc.get_threshold()
    gc.set_threshold(FIRST_COLLECTION_AFTER, *usual[1:])

    def back_to_usual(phase: str, info: dict) -> None:
        if phase == "stop":
            gc.set_threshold(*usual)
            gc.callbacks.remove(back_to_usual)

    gc.callbacks.append(back_to_usual)


def close_everything_but(kept: int) -> None:
    """Only the descriptors below `kept` stay open (the terminal on 0, 1 and 2, and the pipe on 3
    if the game has one): never the template's socket, nor anything of another visitor."""
    for name in os.listdir("/proc/self/fd"):
        descriptor = int(name)
        if descriptor >= kept:
            with contextlib.suppress(OSError):  # the listing's own descriptor, closed already
                os.close(descriptor)


def default_signals() -> None:
    """As in a fresh interpreter: SIGINT raises KeyboardInterrupt, SIGPIPE and SIGXFSZ are
    ignored, the rest do what the system does; nothing blocked."""
    for number in (signal.SIGHUP, signal.SIGQUIT, signal.SIGTERM, signal.SIGCHLD, signal.SIGURG):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def fresh_standard_streams() -> None:
    """sys.stdin, stdout and stderr as Python makes them for a terminal (the template's were
    made for /dev/null: block-buffered). Textual reads sys.__stdin__ and writes sys.__stderr__."""
    streams = []
    for descriptor, old in ((0, sys.__stdin__), (1, sys.__stdout__), (2, sys.__stderr__)):
        encoding, errors = (old.encoding, old.errors) if old is not None else ("utf-8", "strict")
        raw = io.FileIO(descriptor, "rb" if descriptor == 0 else "wb", closefd=False)
        buffer = io.BufferedReader(raw) if descriptor == 0 else io.BufferedWriter(raw)
        errors = "backslashreplace" if descriptor == 2 else errors
        streams.append(io.TextIOWrapper(buffer, encoding=encoding, errors=errors, line_buffering=descriptor > 0))
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]


def name_this_process(name: bytes) -> None:
    """The name `ps -o comm` and top show (the command line stays the template's)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_NAME, ctypes.c_char_p(name), 0, 0, 0)
    except (OSError, AttributeError):
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
