"""UI tests never touch a player's real saves: the data directory is a temporary one."""

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"
