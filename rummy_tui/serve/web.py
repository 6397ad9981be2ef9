"""`rummy serve --web`: the game in a browser, through textual-serve.

textual-serve starts one process per browser tab with a copy of the server's environment, so
on its own every tab would share one set of saves. Each tab's command therefore goes through
`websession`, which gives it a fresh data folder of its own, runs `rummy` in it and removes
it when the tab's game ends.
There is no authentication: put it behind a reverse proxy with TLS and a login before it
faces a network.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path


def web_command(sessions_root: Path, game_options: list[str]) -> str:
    """The shell command textual-serve runs per tab (it always runs commands through a shell)."""
    return shlex.join([sys.executable, "-m", "rummy_tui.serve.websession", str(sessions_root), *game_options])


def serve_web(host: str, port: int, sessions_root: Path, game_options: list[str]) -> None:
    from textual_serve.server import Server

    from .websession import remove_abandoned_tabs

    sessions_root.mkdir(mode=0o700, parents=True, exist_ok=True)
    remove_abandoned_tabs(sessions_root)  # left by a server that was killed
    print(f"rummy serve --web listening on http://{host}:{port}", flush=True)
    print(
        "NO AUTHENTICATION: anyone who can open this address plays; keep it on loopback or put it "
        "behind a proxy with TLS and a login",
        flush=True,
    )
    Server(web_command(sessions_root, game_options), host=host, port=port, title="rummy").serve()
