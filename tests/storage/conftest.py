from __future__ import annotations

import pytest

from .test_writer import held_lock  # noqa: F401  (a fixture: another program holds the history locked)
from .toy_variant import register, unregister


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every storage test gets its own data directory, and the toy variant while it runs."""
    directory = tmp_path / "data"
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(directory))
    register()
    yield directory
    unregister()
