"""A session's game process: the PTY is its controlling terminal, SIGHUP is back to default even
when the server ignores it (nohup), a game that ignores the hang-up is still ended, and input for
a game that does not read it is refused rather than queued."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time

from rummy_tui.serve import child
from rummy_tui.serve.child import INPUT_BACKLOG, GameProcess

REPORT = """
import json, os, signal, sys
print(json.dumps({"leader": os.getsid(0) == os.getpid(),
                  "controlling": os.tcgetpgrp(0) == os.getpgrp(),
                  "ttys": [os.isatty(n) for n in (0, 1, 2)],
                  "size": list(os.get_terminal_size(2)),
                  "sighup_default": signal.getsignal(signal.SIGHUP) == signal.SIG_DFL}), flush=True)
"""

DEAF = """
import time
print("ready", flush=True)
time.sleep(120)
"""

STUBBORN = """
import signal, time
signal.signal(signal.SIGHUP, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("ready", flush=True)
time.sleep(120)
"""


async def run_and_read(program: str, tmp_path, until: bytes) -> tuple[GameProcess, bytes, asyncio.Task]:
    game = await GameProcess.start([sys.executable, "-c", program], {"LANG": "C.UTF-8"}, tmp_path, (90, 33, 0, 0))
    output = bytearray()
    done = asyncio.Event()

    def write(data: bytes) -> None:
        output.extend(data)
        if until in output:
            done.set()

    async def drain() -> None:
        return None

    copying = asyncio.create_task(game.copy_output(write, drain))
    await asyncio.wait_for(done.wait(), 60)
    return game, bytes(output), copying


async def test_the_pty_is_the_games_controlling_terminal_and_sighup_is_default(tmp_path):
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        game, output, copying = await run_and_read(REPORT, tmp_path, b"}")
    finally:
        signal.signal(signal.SIGHUP, previous)
    await asyncio.wait_for(copying, 60)  # the child exited: the terminal reads as closed
    report = json.loads(output.decode().strip().splitlines()[-1])
    assert report == {
        "leader": True,
        "controlling": True,
        "ttys": [True, True, True],
        "size": [90, 33],
        "sighup_default": True,
    }
    assert await game.hang_up() == 0


async def test_a_game_that_ignores_the_hang_up_is_killed(tmp_path, monkeypatch):
    monkeypatch.setattr(child, "GRACE", 0.1)  # 2 s after each signal: a game that ignores them has 4 s to save
    game, _, copying = await run_and_read(STUBBORN, tmp_path, b"ready")
    started = time.monotonic()
    assert await game.hang_up() == -signal.SIGKILL
    assert time.monotonic() - started < 30
    copying.cancel()


async def test_input_for_a_game_that_does_not_read_is_refused_not_queued(tmp_path):
    game, _, copying = await run_and_read(DEAF, tmp_path, b"ready")
    offered = taken = 0
    for _ in range(256):  # 1 MiB in 4 KiB keystrokes' worth, never waiting on the game
        offered += 4096
        taken += 4096 * game.send_input(b"k" * 4096)
    assert taken < 256 * 1024 < offered  # the backlog is bounded; the rest was refused
    assert game.writer.transport.get_write_buffer_size() <= INPUT_BACKLOG + 4096
    await game.hang_up()
    copying.cancel()
