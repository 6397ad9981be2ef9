"""A seat client connects only to a socket that is its user's own: one in a folder others may
write to, or belonging to someone else, could be a fake server collecting seat tokens. Without
XDG_RUNTIME_DIR the socket lives in a private folder, never the shared temp folder."""

from __future__ import annotations

import os
import tempfile

import pytest

from rummy_tui.tableserver import connect as connect_module
from rummy_tui.tableserver import socket_folder
from rummy_tui.tableserver.access import UnsafeSocket
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.connect import NoTableServer, open_client
from rummy_tui.tableserver.server import TableServer
from rummy_tui.tableserver.socket_folder import runtime_folder


async def test_a_socket_in_a_folder_others_may_write_to_is_refused_with_the_reason(server):
    server.socket_path.parent.chmod(0o777)
    try:
        with pytest.raises(UnsafeSocket, match="others may write to its folder"):
            await TableClient().connect(server.socket_path)
        started = len(connect_module._started)
        with pytest.raises(NoTableServer, match="Not connecting to the table socket .*XDG_RUNTIME_DIR"):
            await open_client(server.socket_path, start_server=True)
        assert len(connect_module._started) == started  # no server of ours started over it either
        assert not server._connections
    finally:
        server.socket_path.parent.chmod(0o700)
    client = await TableClient().connect(server.socket_path)  # private again: connected
    client.writer.close()


async def test_a_socket_folder_of_another_user_is_refused(server, monkeypatch):
    someone_else = os.getuid() + 1
    monkeypatch.setattr("rummy_tui.tableserver.access.os.getuid", lambda: someone_else)
    with pytest.raises(UnsafeSocket, match="its folder belongs to another user"):
        await TableClient().connect(server.socket_path)


async def test_something_that_is_not_a_socket_is_refused(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    (folder / "tables.sock").write_text("not a socket")
    with pytest.raises(UnsafeSocket, match="it is not a socket"):
        await TableClient().connect(folder / "tables.sock")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a socket to another user takes root")
async def test_a_socket_of_another_user_is_refused(server):
    os.chown(server.socket_path, 65534, -1)
    with pytest.raises(UnsafeSocket, match="it belongs to another user"):
        await TableClient().connect(server.socket_path)


async def test_without_xdg_runtime_dir_the_socket_folder_is_private_and_not_in_the_temp_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.setattr(socket_folder, "_private_to_me", lambda folder: False)  # no /run/user/<uid> either
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    folder = runtime_folder()
    assert folder == tmp_path / "data" / "run"
    assert not str(folder).startswith(tempfile.gettempdir() + "/rummy-tui")
    server = TableServer(ai_delay=0)
    await server.start()
    try:
        assert server.socket_path.parent == folder and folder.stat().st_mode & 0o777 == 0o700
        client = await TableClient().connect()
        await client.hello("Anna")
        client.writer.close()
    finally:
        await server.close()
