"""Lint and format: ruff, with the rules chosen in pyproject.toml ([tool.ruff]), finds nothing to change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ruff(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments, "--no-cache"], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_ruff_finds_nothing():
    done = ruff("check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_reads_our_rules(tmp_path):
    """The check can fail: an unused import in a file under the same rules is found."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "sloppy.py").write_text("import os\n")
    done = ruff("check", "--output-format", "concise", ".", cwd=tmp_path)
    assert done.returncode == 1 and "F401" in done.stdout, done.stdout + done.stderr


def test_ruff_format_changes_nothing():
    done = ruff("format", "--check", ".")
    assert done.returncode == 0, "run `ruff format .`\n" + done.stdout[-4000:] + done.stderr[-2000:]


def test_ruff_format_reads_our_layout(tmp_path):
    """The check can fail: a badly laid out file under the same settings would be reformatted."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "cramped.py").write_text("x=[1,2 ,3]\n")
    done = ruff("format", "--check", ".", cwd=tmp_path)
    assert done.returncode == 1 and "cramped.py" in done.stdout, done.stdout + done.stderr
