"""The end-of-run check that fails a test run leaving a process behind (tests/support/processes.py)
sees a process a test started, and forgets it once it has stopped."""

from __future__ import annotations

import subprocess
import sys

from tests.support.processes import marked_processes


def test_a_process_started_by_a_test_is_seen_until_it_stops():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert sleeper.pid in marked_processes()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert sleeper.pid not in marked_processes()


def test_the_player_runtime_folder_is_never_the_real_one(private_runtime_folder):
    from rummy_tui.tableserver.socket_folder import default_socket_path

    assert str(default_socket_path()).startswith(private_runtime_folder)
