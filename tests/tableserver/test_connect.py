"""How a player's `rummy` reaches the table service: a local one starts a table server when
none is running (and that server stops by itself once idle); a served one never does."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.tableserver import connect
from rummy_tui.tableserver.connect import NoTableServer, open_client
from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE


async def test_a_local_rummy_starts_a_table_server_which_stops_once_idle(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv(SOCKET_VARIABLE, raising=False)
    monkeypatch.setattr(connect, "IDLE_EXIT_SECONDS", 1)
    socket_path = tmp_path / "run" / "tables.sock"
    client = await open_client(socket_path)
    process = connect._started[-1]
    try:
        await client.hello("Anna")
        assert await client.lobby() == []
        await client.create("gin", ["human", "normal"])
        await client.close()
        status = await asyncio.to_thread(process.wait, 30)  # nobody connected: it stops by itself
        assert status == 0 and not socket_path.exists()
        assert list((tmp_path / "data" / "tables").glob("*.table"))  # the table is kept for its next start
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


async def test_a_served_game_never_starts_a_server_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv(SOCKET_VARIABLE, str(tmp_path / "nobody.sock"))
    started = len(connect._started)
    with pytest.raises(NoTableServer, match="not running"):
        await open_client()
    assert len(connect._started) == started


def test_the_default_name_is_printable_and_short(monkeypatch):
    monkeypatch.setenv(connect.NAME_VARIABLE, "bob")
    assert connect.default_name() == "bob"
    monkeypatch.setenv(connect.NAME_VARIABLE, "x" * 40)
    assert connect.default_name() == ""  # too long to be a name: the player types one


def test_the_protocols_ai_levels_are_the_engines():
    from rummy_tui.engine.ai import LEVELS
    from rummy_tui.tableserver.protocol import AI_LEVELS

    assert AI_LEVELS == LEVELS


def test_a_table_log_line_is_shown_from_its_template_with_names_escaped(monkeypatch):
    from rummy_tui import i18n
    from rummy_tui.tableserver.protocol import log_line_markup
    from rummy_tui.tableserver.table import TableLog

    log = TableLog()
    log.add("{name} sits down.", 0, name="[b]Anna")
    [line] = log.lines
    assert line["text"] == "\\[b]Anna sits down." == log_line_markup(line)
    i18n.set_language("hu")
    try:
        assert log_line_markup(line) == "\\[b]Anna leül."  # in the player's language
    finally:
        i18n.set_language("en")
    assert log_line_markup({"kind": "table", "seat": None, "text": "old line"}) == "old line"
