"""`rummy serve --web`: a browser tab (a websocket, as textual-serve's page opens it) gets the
start screen, and every tab has a data folder of its own, removed when the tab's game ends."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import aiohttp
import pyte

from .sshplay import WAIT, processes_using, wait_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def open_tab(session: aiohttp.ClientSession, port: int) -> tuple[aiohttp.ClientWebSocketResponse, pyte.Screen]:
    """A tab whose start screen has been drawn."""
    socket_ = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    deadline = time.monotonic() + WAIT
    while "Rummy: five variants" not in "\n".join(screen.display):
        message = await socket_.receive(timeout=max(deadline - time.monotonic(), 0.1))
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            stream.feed(message.data)
    return socket_, screen


async def test_each_browser_tab_plays_in_its_own_folder(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "serve", "--web", "--port", str(port)],
        env=dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert "listening on http://127.0.0.1:" in server.stdout.readline()
        assert "NO AUTHENTICATION" in server.stdout.readline()
        async with aiohttp.ClientSession() as session:
            await wait_until(lambda: _answers(port), message="the web server never answered")
            first, _ = await open_tab(session, port)
            second, _ = await open_tab(session, port)
            tabs = sorted((tmp_path / "serve" / "web").iterdir())
            assert len(tabs) == 2 and all(tab.stat().st_mode & 0o777 == 0o700 for tab in tabs)
            assert all(processes_using(tab) for tab in tabs)  # each tab's game runs in its own folder
            await first.close()
            await second.close()
            await wait_until(
                lambda: not processes_using(tmp_path / "serve" / "web"), message="a tab's game outlived it"
            )
            await wait_until(
                lambda: not any((tmp_path / "serve" / "web").iterdir()),
                message=f"a closed tab's folder is still there: {tabs}",
            )
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
        server.stdout.close()


async def test_a_killed_tab_leaves_nothing_once_the_next_tab_opens(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "serve", "--web", "--port", str(port)],
        env=dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    web = tmp_path / "serve" / "web"
    try:
        async with aiohttp.ClientSession() as session:
            await wait_until(lambda: _answers(port), message="the web server never answered")
            first, _ = await open_tab(session, port)
            [killed] = web.iterdir()
            [game] = processes_using(killed)
            for pid in (_parent(game), game):  # the tab's session and its game, with no time to clean up
                os.kill(pid, signal.SIGKILL)
            await wait_until(lambda: not processes_using(killed), message="the killed game lives on")
            assert killed.exists()
            second, _ = await open_tab(session, port)
            assert killed.name not in {tab.name for tab in web.iterdir()}
            assert len(list(web.iterdir())) == 1  # only the live tab
            await first.close()
            await second.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rpartition(")")[2].split()[1])


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False
