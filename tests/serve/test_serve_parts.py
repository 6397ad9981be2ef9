"""The server's parts on their own: identities, caps, the game's environment, the log line."""

from __future__ import annotations

import io
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import rummy_tui
from rummy_tui.serve.child import child_command, child_environment
from rummy_tui.serve.eventlog import EventLog
from rummy_tui.serve.identity import guest_identity, key_identity, player_dir, safe_text
from rummy_tui.serve.limits import ConnectionRate, Limits, SessionSeats


def test_plain_rummy_does_not_load_the_servers():
    code = "import sys, rummy_tui.cli; print(sorted({'asyncssh', 'textual_serve', 'pyte'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_text_from_a_client_is_shown_without_control_characters_or_markup():
    assert safe_text("bob\x1b[2J\x07\n") == "bob[2J"
    assert safe_text("[bold red]boss[/]") == r"\[bold red]boss\[/]"
    assert len(safe_text("x" * 500)) == 32


def test_guests_get_folder_safe_identities_that_never_collide():
    assert guest_identity("bob") == "guest-bob"
    odd = guest_identity("../../etc")
    assert "/" not in odd and odd.startswith("guest-") and odd != guest_identity("etc")
    assert guest_identity("a b") != guest_identity("ab")
    assert re.fullmatch(r"guest-[0-9a-f]{8}", guest_identity("\x1b"))
    assert key_identity("SHA256:ab/c+d") == "key-ab_c-d"


def test_each_identity_has_a_private_folder(tmp_path):
    folder = player_dir(tmp_path / "players", "guest-bob")
    assert folder.is_dir() and folder.stat().st_mode & 0o777 == 0o700


def test_the_game_gets_only_its_terminal_locale_and_folder(tmp_path):
    environment = child_environment(
        "xterm-256color", tmp_path, {"COLORTERM": "truecolor", "COLUMNS": "80", "LINES": "24", "PATH": "/evil"}
    )
    assert environment == {
        "TERM": "xterm-256color",
        "LANG": environment["LANG"],
        "HOME": str(tmp_path),
        "RUMMY_TUI_DATA_DIR": str(tmp_path),
        "COLORTERM": "truecolor",
        "PYTHONPATH": str(Path(rummy_tui.__file__).resolve().parent.parent),
    }
    assert environment["LANG"].endswith("UTF-8")
    assert child_command(["--no-mouse"]) == [sys.executable, "-m", "rummy_tui", "--no-mouse"]


def test_new_connections_per_minute_slide_with_the_clock():
    now = [0.0]
    rate = ConnectionRate(2, clock=lambda: now[0])
    assert rate.allow("a") and rate.allow("a") and not rate.allow("a")
    assert rate.allow("b")
    now[0] = 61.0
    assert rate.allow("a")
    now[0] = 200.0
    rate.forget_idle()
    assert rate.recent == {}


def test_session_seats_cap_per_address_and_in_all():
    seats = SessionSeats(Limits(max_sessions=3, max_sessions_per_ip=2))
    assert seats.take("a") is None and seats.take("a") is None
    assert "for your address" in seats.take("a")
    assert seats.take("b") is None
    assert "server is full" in seats.take("c")
    seats.give_back("a")
    assert seats.take("c") is None


def test_a_log_line_cannot_be_forged_by_a_client():
    stream = io.StringIO()
    EventLog(stream).write("connect", "10.0.0.1", user="bob\nfake ip=1.2.3.4 line", duration=1.25)
    [line] = stream.getvalue().splitlines()
    assert re.search(
        r"rummy-serve\[\d+\]: connect ip=10\.0\.0\.1 user=bob\?fake\?ip=1\.2\.3\.4\?line duration=1\.2s$", line
    ), line


def serve(tmp_path, *options: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, RUMMY_TUI_DATA_DIR=str(tmp_path))
    return subprocess.run(
        [sys.executable, "-m", "rummy_tui", "serve", *options],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


def test_an_unreadable_authorized_keys_file_is_a_one_line_error(tmp_path):
    keys = tmp_path / "authorized_keys"
    keys.write_text("this is not a key\n")
    result = serve(tmp_path, "--authorized-keys", str(keys), "--port", "0")
    assert result.returncode == 2
    assert result.stderr.startswith(f"Error: cannot use {keys}:") and len(result.stderr.splitlines()) == 1


def test_a_port_in_use_is_a_one_line_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = serve(tmp_path, "--port", str(taken.getsockname()[1]))
    assert result.returncode == 2
    assert result.stderr.startswith("Error: cannot listen on 127.0.0.1:") and len(result.stderr.splitlines()) == 1


def test_the_web_server_has_no_keys_to_check(tmp_path):
    keys = tmp_path / "authorized_keys"
    keys.write_text("")
    result = serve(tmp_path, "--web", "--authorized-keys", str(keys))
    assert result.returncode == 2 and "--web has no authentication" in result.stderr


def test_a_game_is_told_the_table_socket_and_only_a_key_as_its_identity(tmp_path):
    from rummy_tui.serve.session import Session, Visit

    def told(visit: Visit) -> dict[str, str]:
        return Session(None, visit, None, tmp_path, [], 60, None, table_socket=tmp_path / "t.sock")._tables()

    keyed = told(Visit("1.2.3.4", "key-abc", "anna", "SHA256:abc"))
    assert keyed == {
        "RUMMY_TUI_TABLE_SOCKET": str(tmp_path / "t.sock"),
        "RUMMY_TUI_IDENTITY": "key-abc",
        "RUMMY_TUI_PLAYER_NAME": "anna",
        "RUMMY_TUI_ADDRESS": "1.2.3.4",
    }
    guest = told(Visit("1.2.3.4", "guest-bob", "bob\x1b[2J", None))
    assert "RUMMY_TUI_IDENTITY" not in guest  # anyone can type a user name: a guest's seat needs its token
    assert guest["RUMMY_TUI_PLAYER_NAME"] == "bob[2J"
    environment = child_environment("xterm", tmp_path, {"RUMMY_TUI_IDENTITY": "key-forged"}, guest)
    assert "RUMMY_TUI_IDENTITY" not in environment  # the client's own variables never get through


def test_serve_takes_the_usual_table_socket_unless_a_table_server_holds_it(tmp_path, monkeypatch):
    from rummy_tui.serve.ssh import table_socket_path

    usual = tmp_path / "usual.sock"
    monkeypatch.setenv("RUMMY_TUI_TABLE_SOCKET", str(usual))
    assert table_socket_path(tmp_path / "serve") == usual  # local players find the same tables
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(usual))
    listener.listen()
    try:
        assert table_socket_path(tmp_path / "serve") == (tmp_path / "serve").resolve() / "tables.sock"
    finally:
        listener.close()
