"""The server's side of the game template (template.py): start it, ask it for a game per
visitor, restart it when it dies, and fall back to starting games as fresh processes when it
cannot run (then the log says so once).

The games the template forks become the server's children (the server is their child
subreaper), so the server reaps them and reads their exit status itself, whether or not the
template is still alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from .eventlog import EventLog

READY_LIMIT = 60.0  # seconds the template may take to import the game (a loaded machine is slow)
ANSWER_LIMIT = 10.0  # seconds it may take to fork one game before it counts as hung
RESTARTS = 5  # deaths within RESTART_WINDOW before the server gives up on the template
RESTART_WINDOW = 60.0
PR_SET_CHILD_SUBREAPER = 36


class ForkedProcess:
    """A game the template forked, reaped by the server: what GameProcess needs of an
    asyncio subprocess (pid, returncode, wait)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._loop = asyncio.get_running_loop()
        self._exited: asyncio.Future[int] = self._loop.create_future()
        self._pidfd = os.pidfd_open(pid)
        self._loop.add_reader(self._pidfd, self._reap)
        self._reap()  # it may be gone already

    def _reap(self) -> None:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:  # not ours after all: nothing to read its status from
            pid, status = self.pid, 255 << 8
        if pid == 0:
            return
        self._loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        self.returncode = os.waitstatus_to_exitcode(status)
        if not self._exited.done():
            self._exited.set_result(self.returncode)

    async def wait(self) -> int:
        return await asyncio.shield(self._exited)


def become_child_subreaper() -> bool:
    """Orphans below this process become its children (Linux 3.4+), so the games the
    template forks through a middle process are the server's to reap."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_strays(known: set[int]) -> list[int]:
    """Reap the zombie children nothing else waits for, and return their pids. As a child
    subreaper the server inherits every orphan below it, such as a game forked by a template
    that died before it could say the game's pid (the game then ends with its terminal)."""
    reaped = []
    for pid in sorted(children() - known):
        if not zombie(pid):
            continue
        try:
            found, _status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # reaped meanwhile by whoever waits for it after all
            continue
        if found:
            reaped.append(pid)
    return reaped


def children() -> set[int]:
    pids: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            pids.update(int(pid) for pid in (task / "children").read_text().split())
    return pids


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except (OSError, IndexError):
        return False


class GameTemplate:
    """One template process at a time; `fork` returns None whenever it cannot give a game
    (not running, restarting, given up), and the caller starts the game the old way."""

    def __init__(self, log: EventLog, code_root: Path, environment: dict[str, str]) -> None:
        self.log = log
        self.code_root = code_root
        self.environment = environment  # the template's own: the shape of a game's, no visitor's values
        self.process: asyncio.subprocess.Process | None = None
        self.channel: socket.socket | None = None
        self.asking = asyncio.Lock()  # one request on the socket at a time
        self.watcher: asyncio.Task | None = None
        self.deaths: list[float] = []
        self.given_up = False
        self.closing = False

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None and self.process.returncode is None else None

    @property
    def ready(self) -> bool:
        return self.channel is not None and not self.given_up

    async def start(self) -> bool:
        """Start the template and wait until it has loaded the game; False (logged once) when it
        cannot run here."""
        if not (hasattr(os, "pidfd_open") and hasattr(socket, "send_fds") and become_child_subreaper()):
            self._give_up("not-supported")
            return False
        return await self._launch()

    async def _launch(self) -> bool:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "rummy_tui.serve.template",
                str(theirs.fileno()),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                env=self.environment,
                cwd=self.code_root,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,  # a ctrl+c at the server's terminal is the server's alone
            )
        except OSError as error:
            ours.close()
            theirs.close()
            self._give_up(f"start-failed:{error.errno}")
            return False
        theirs.close()
        ours.setblocking(False)
        try:
            answer = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(ours, 4096), READY_LIMIT)
            ready = json.loads(answer)["ready"] == self.process.pid
        except (TimeoutError, OSError, ValueError, KeyError, TypeError):
            ready = False
        if not ready:
            ours.close()
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
            self._give_up(f"not-ready:{self.process.returncode}")
            return False
        self.channel = ours
        self.log.write("template-ready", "-", pid=self.process.pid)
        self.watcher = asyncio.create_task(self._watch(self.process, ours))
        return True

    async def _watch(self, process: asyncio.subprocess.Process, channel: socket.socket) -> None:
        """Restart the template when it dies; give up after RESTARTS deaths in RESTART_WINDOW."""
        status = await process.wait()
        if self.channel is channel:
            self.channel = None
        channel.close()
        if self.closing:
            return
        now = time.monotonic()
        self.deaths = [moment for moment in self.deaths if now - moment < RESTART_WINDOW] + [now]
        self.log.write("template-died", "-", pid=process.pid, status=status)
        if len(self.deaths) >= RESTARTS:
            self._give_up("dying")
            return
        await self._launch()

    def _give_up(self, reason: str) -> None:
        if not self.given_up and not self.closing:
            self.given_up = True
            self.log.write("template-off", "-", reason=reason, games="spawned")

    async def fork(
        self, options: list[str], environment: dict[str, str], folder: Path, terminal: int, started: int | None = None
    ):
        """A game forked from the template on `terminal` (a PTY's slave end), or None. `started`:
        the pipe the game closes once its first screen is out (the template names it to the game)."""
        async with self.asking:
            channel = self.channel
            if channel is None or self.given_up:
                return None
            request = json.dumps({"options": options, "environment": environment, "folder": str(folder)})
            try:
                socket.send_fds(channel, [request.encode()], [terminal] if started is None else [terminal, started])
                answer = json.loads(
                    await asyncio.wait_for(asyncio.get_running_loop().sock_recv(channel, 4096), ANSWER_LIMIT)
                )
            except (OSError, TimeoutError, ValueError) as error:
                self._hung(error)
                return None
            if "pid" not in answer:
                self.log.write("template-refused", "-", error=answer.get("error", "?"))
                return None
            return ForkedProcess(int(answer["pid"]))

    def _hung(self, error: Exception) -> None:
        """A template that does not answer is killed; its watcher starts another."""
        if self.process is not None and self.process.returncode is None:
            self.log.write("template-hung", "-", pid=self.process.pid, error=type(error).__name__)
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()

    async def close(self) -> None:
        self.closing = True
        if self.channel is not None:
            self.channel.close()  # the template sees the end of its socket and exits
            self.channel = None
        elif self.process is not None and self.process.returncode is None:
            self.process.kill()  # still starting: nothing to finish
        if self.process is not None:
            try:
                await asyncio.wait_for(self.process.wait(), 5)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        if self.watcher is not None:
            await asyncio.gather(self.watcher, return_exceptions=True)
