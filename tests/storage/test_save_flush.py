"""A save written without flushing (what a shared table does before it tells its players) is
whole and loads at once; make_durable flushes it and its folder entry afterwards."""

from __future__ import annotations

import os

from rummy_tui.engine import Game
from rummy_tui.storage import SaveStore


def test_a_save_not_yet_flushed_loads_and_is_flushed_later(tmp_path, monkeypatch):
    store = SaveStore(tmp_path / "tables")
    game = Game("gin", 2, seed=5)
    game.apply(game.legal_actions()[0])
    flushed = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda descriptor: flushed.append(descriptor) or real_fsync(descriptor))

    store.save("KDFM", game, durable=False)
    assert flushed == []
    assert store.load("KDFM").to_json() == game.to_json()

    store.make_durable("KDFM")
    assert len(flushed) == 2  # the file, then its folder
    store.save("KDFM", game)
    assert len(flushed) == 4  # an ordinary save flushes as it always did


def test_making_a_missing_save_durable_is_harmless(tmp_path):
    SaveStore(tmp_path / "tables").make_durable("NONE")
