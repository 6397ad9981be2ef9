"""Lint: ruff, with the rules chosen in pyproject.toml ([tool.ruff]), finds nothing in the repository."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ruff(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", *arguments, "--no-cache"], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing():
    done = ruff("check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_reads_our_rules(tmp_path):
    """The check can fail: an unused import in a file under the same rules is found."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "sloppy.py").write_text("import os\n")
    done = ruff("check", "--output-format", "concise", ".", cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout, done.stdout + done.stderr
