"""A finished shared game goes into each player's own history (their data folder): the table's
files on the server are removed after the retention period."""

from __future__ import annotations

import asyncio
import copy

from rummy_tui.engine.verify import verify_record
from rummy_tui.storage.history import History
from rummy_tui.tableserver.client import TableClient
from rummy_tui.tableserver.connect import keep_in_history

from .players import play_all


async def test_each_player_keeps_the_finished_game_in_their_own_history(server, tmp_path, monkeypatch):
    histories = {}
    clients = []
    for name in ("Anna", "Béla"):
        folder = tmp_path / name
        histories[name] = folder

        def keep(code, record, folder=folder):
            monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(folder))  # one data folder per player
            return keep_in_history(code, record)

        client = await TableClient(keep_record=keep).connect(server.socket_path)
        await client.hello(name)
        clients.append(client)
    anna, bela = clients
    await anna.create("gin", ["human", "human"], settings={"single_hand": True})
    await bela.join(anna.table)
    await anna.start()
    await play_all(clients, lambda view: view["observation"]["result"] is not None)
    for client in clients:
        while not client.kept:  # the record arrives right after the last view
            await client.why_not("draw")
        assert await asyncio.gather(*client.kept) == [True]
    table = server.tables[anna.table]
    for seat, folder in enumerate(histories.values()):
        monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(folder))
        games = History().finished_games()
        assert [game.game_id for game in games] == [f"shared-{anna.table}"]
        kept = History().record(f"shared-{anna.table}")
        assert kept["actions"] == table.game.record["actions"]
        # what only this player knows of their randomness, for `rummy verify` to check again
        sent = clients[seat].witness.sent[1]
        assert kept["my_randomness"] == {"seat": seat, "sent": {"1": sent}, "confirmed": [1]}
        assert kept["deals"][0]["contributions"][seat] == sent
        verification = verify_record(kept)
        assert verification.ok and not verification.hands[0].notes, verification.hands[0].text()
        other = copy.deepcopy(kept)  # as if the server had dealt with other bytes than this player's
        other["my_randomness"]["sent"]["1"] = "0" * 32
        assert verify_record(other).hands[0].text().endswith("the server used other bytes in its place")
    for client in clients:
        client.writer.close()


async def test_a_player_back_after_the_end_gets_the_record_too(server, connect):
    host = await connect("Anna")
    await host.create("gin", ["human", "normal"], settings={"single_hand": True})
    await host.start()
    await play_all([host], lambda view: view["observation"]["result"] is not None)
    token, code = host.token, host.table
    host.writer.close()
    kept = []
    back = await TableClient(keep_record=lambda code, record: kept.append((code, record))).connect(server.socket_path)
    await back.hello("Anna", token=token)
    await back.join(code)
    while not back.kept:
        await back.why_not("draw")
    await asyncio.gather(*back.kept)
    assert kept and kept[0][0] == code and kept[0][1]["actions"]
    back.writer.close()
