"""These tests never touch a player's real data: the data directory is a temporary one."""

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    directory = tmp_path / "data"
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(directory))
    return directory
