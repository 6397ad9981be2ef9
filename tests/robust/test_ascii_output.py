"""A pipe that cannot carry UTF-8 (LANG=POSIX, no UTF-8 mode, no locale coercion) gets ASCII
words, never a UnicodeEncodeError traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rummy_tui.ascii_streams import degrade_to_ascii

POSIX_ONLY = {
    "LANG": "POSIX",
    "LC_ALL": "",
    "LC_CTYPE": "",
    "PYTHONUTF8": "0",
    "PYTHONCOERCECLOCALE": "0",
    "PYTHONIOENCODING": "",
}


def rummy(*arguments: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, **POSIX_ONLY}
    return subprocess.run(
        [sys.executable, "-m", "rummy_tui", *arguments], env=environment, capture_output=True, timeout=60
    )


def test_hungarian_rules_through_an_ascii_pipe():
    done = rummy("--lang", "hu", "rules", "hungarian")
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert done.stderr == b""
    assert done.stdout.isascii()
    assert b"Ket 52 lapos pakli es 2" in done.stdout  # "Két 52 lapos pakli és 2", accents dropped


def test_an_error_in_hungarian_through_an_ascii_pipe():
    done = rummy("--lang", "hu", "play", "--variant", "nope")
    assert done.returncode == 2
    assert done.stderr.isascii() and b"Traceback" not in done.stderr
    assert done.stderr.decode().startswith("Hiba: ")


@pytest.mark.parametrize(
    ("encoding", "written"), [("ascii", "Romi - 10S ...\n"), ("latin-1", "Römi · 10S ...\n")]
)  # latin-1 has ö and ·
def test_a_stream_writes_what_its_encoding_lacks_as_ascii(tmp_path, encoding, written):
    with open(tmp_path / "out.txt", "w", encoding=encoding) as stream:
        degrade_to_ascii(stream)
        stream.write("Römi · 10♠ …\n")
    assert (tmp_path / "out.txt").read_text(encoding=encoding) == written
