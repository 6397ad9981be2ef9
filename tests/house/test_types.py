"""The type checker finds nothing in the code declared clean, and the clean part only grows.

mypy, configured in pyproject.toml (``[tool.mypy]``): strict for ``rummy_tui/engine/`` and
``rummy_tui/i18n.py`` below it, mypy's default checks elsewhere plus the bodies of functions
without annotations (``check_untyped_defs``). ``CHECKED`` is what this test runs mypy on:
all of the code, since the last screens were made clean (imports are followed for their types).
The table screen's mixins are checked against ``screens/table_parts.TableParts``; a screen asks
the app for navigation through ``screens/navigation.Navigation``.

``NOT_YET_CHECKED`` may only shrink, and it is empty: a module mypy cannot check is made clean,
never listed; a module in neither list fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECKED = ["rummy_tui", "variants"]  # all of the code

NOT_YET_CHECKED: list[str] = []  # may only shrink; empty since the last screens were made clean


def _covered(path: Path, entries: list[str]) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(relative == entry or relative.startswith(entry + "/") for entry in entries)


def test_every_module_is_checked_or_listed_as_not_yet():
    modules = [path for package in ("rummy_tui", "variants") for path in sorted((ROOT / package).rglob("*.py"))]
    unlisted = [
        path.relative_to(ROOT).as_posix()
        for path in modules
        if not _covered(path, CHECKED) and not _covered(path, NOT_YET_CHECKED)
    ]
    assert unlisted == [], "add these to CHECKED (after making them clean), never to NOT_YET_CHECKED"
    both = [entry for entry in CHECKED if entry in NOT_YET_CHECKED]
    assert both == []
    gone = [entry for entry in CHECKED + NOT_YET_CHECKED if not (ROOT / entry).exists()]
    assert gone == [], "a listed path no longer exists: update the lists"


def test_mypy_finds_nothing_in_the_checked_code(pytestconfig):
    cache = pytestconfig.cache.mkdir("mypy")  # under .pytest_cache: a warm run takes seconds
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            "pyproject.toml",
            "--follow-imports=silent",
            "--cache-dir",
            str(cache),
            *CHECKED,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"
