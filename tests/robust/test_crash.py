"""A crash in the app: a crash file in the data folder, one line saying where, a non-zero exit."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import textwrap
import time

from rummy_tui.app import RummyApp
from rummy_tui.crash import run_reporting_crashes


class FailingApp(RummyApp):
    def on_mount(self) -> None:
        raise RuntimeError("induced for the test")


def test_a_crash_is_written_to_a_crash_file_and_the_return_code_is_kept(data_dir, capsys):
    app = FailingApp()
    assert run_reporting_crashes(app, headless=True) == 1
    [crash_file] = data_dir.glob("crash-*.txt")
    report = crash_file.read_text()
    assert "Traceback (most recent call last)" in report and "RuntimeError: induced for the test" in report
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [
        f"rummy stopped on an unexpected error (RuntimeError: induced for the test); "
        f"please report it with the file {crash_file}"
    ]


def test_a_crash_with_no_usable_data_folder_still_says_what_happened(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(blocker / "data"))
    assert run_reporting_crashes(FailingApp(), headless=True) == 1
    assert "RuntimeError: induced for the test" in capsys.readouterr().err


CRASHING_RUMMY = textwrap.dedent("""
    import sys
    from rummy_tui.screens.start import StartScreen

    def fail(self):
        raise RuntimeError("induced for the test")

    StartScreen.on_mount = fail
    from rummy_tui.cli import main
    sys.argv = ["rummy"]
    main()
""")


def test_the_rummy_process_exits_non_zero_after_a_crash_in_a_real_terminal(data_dir):
    """Bare `rummy` in a pseudo-terminal, with the start screen made to fail."""
    leader, follower = pty.openpty()
    os.set_blocking(leader, False)
    environment = {**os.environ, "RUMMY_TUI_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-c", CRASHING_RUMMY],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=environment,
        close_fds=True,
    )
    os.close(follower)
    output = b""
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                output += os.read(leader, 65536)
            except OSError:
                break
    process.wait(timeout=10)
    os.close(leader)
    [crash_file] = data_dir.glob("crash-*.txt")
    assert process.returncode == 1
    text = output.decode("utf-8", "replace").replace("\r", "").replace("\n", "")
    assert "rummy stopped on an unexpected error (RuntimeError: induced for the test)" in text
    assert crash_file.name in text
    assert "Traceback" not in text
    assert "RuntimeError: induced for the test" in crash_file.read_text()
