"""The game template: a game forked from it is the process a spawned game was (its session,
terminal, folder, signals, parent, screen), it reaches neither the template nor another
visitor's terminal, the template comes back after a kill -9 (and a server stopped while it
comes back leaves nothing behind), and a template that cannot start leaves the server starting
games the old way, said once in the log. The tests that only look at games share one server;
the one that kills its template and stops it starts its own."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui.serve.child import CODE_ROOT
from rummy_tui.serve.eventlog import EventLog
from rummy_tui.serve.forks import GameTemplate

from .sshplay import (
    Terminal,
    connect,
    game_pids,
    parent_of,
    processes_using,
    running,
    running_server,
    shared_server,
    start_server,
    template_pids,
    wait_until,
)

START_SCREEN = ("Rummy: five variants", "Seat 2", "AI (normal)", "^s Start")


@pytest.fixture
def own_server(tmp_path):
    yield from running_server(tmp_path)


@pytest.fixture(scope="module")
def one_server(tmp_path_factory):
    """Started with SIGHUP ignored, as nohup does: its games must not inherit that."""
    yield from running_server(tmp_path_factory.mktemp("serve"), under_nohup=True)


@pytest.fixture
def server(one_server):
    yield from shared_server(one_server)


def descriptors(pid: int) -> dict[int, str]:
    """What each open descriptor of `pid` is: a path, `socket:[inode]`, `pipe:[inode]`..."""
    found = {}
    for entry in Path(f"/proc/{pid}/fd").iterdir():
        try:
            found[int(entry.name)] = os.readlink(entry)
        except OSError:
            continue
    return found


def process_facts(pid: int) -> dict:
    """What makes a game a game: session and group leader, a controlling terminal, its signal
    dispositions and mask."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    status = Path(f"/proc/{pid}/status").read_text()
    return {
        "leader": int(fields[3]) == int(fields[2]) == pid,  # process group and session are its own
        "controlling_terminal": int(fields[4]) != 0,
        "signals": {name: re.search(rf"{name}:\s+(\w+)", status).group(1) for name in ("SigBlk", "SigIgn", "SigCgt")},
        "threads": int(re.search(r"Threads:\s+(\d+)", status).group(1)) > 0,
    }


def unix_socket_names(inodes: set[str]) -> list[str]:
    """The paths (if any) of the unix sockets with these inodes."""
    names = []
    for line in Path("/proc/net/unix").read_text().splitlines()[1:]:
        parts = line.split()
        if parts[6] in inodes:
            names.append(parts[7] if len(parts) > 7 else "")
    return names


async def open_game(server, name: str, **environment: str) -> Terminal:
    conn = await connect(server, name)
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(80, 24), encoding=None, env=environment or None
    )
    terminal = Terminal(process, 80, 24)
    await terminal.wait_for(*START_SCREEN)
    return terminal


def colours(terminal: Terminal) -> set[str]:
    return {colour for row in terminal.screen.buffer.values() for char in row.values() for colour in (char.fg, char.bg)}


def grey(colour: str) -> bool:
    """The terminal's default, or a shade of grey (NO_COLOR: Textual draws in greys)."""
    return colour == "default" or (len(colour) == 6 and colour[0:2] == colour[2:4] == colour[4:6])


async def test_a_forked_game_is_the_process_a_spawned_game_was(server, tmp_path):
    facts, screens = {}, {}
    spawning = start_server(tmp_path, "--spawn", under_nohup=True)
    try:
        for way, serving in (("template", server), ("spawn", spawning)):
            terminal = await open_game(serving, "eve", NO_COLOR="1")
            [pid] = game_pids(serving)
            assert f"start={way}" in serving.log()
            assert parent_of(pid) == serving.process.pid  # the server reaps it, whoever forked it
            assert Path(os.readlink(f"/proc/{pid}/cwd")) == serving.players / "guest-eve"
            assert [link for number, link in descriptors(pid).items() if number < 3] == [
                os.readlink(f"/proc/{pid}/fd/0")
            ] * 3
            assert os.readlink(f"/proc/{pid}/fd/0").startswith("/dev/pts/")
            facts[way] = process_facts(pid)
            screens[way] = colours(terminal)
            terminal.press(b"\x11")  # ctrl+q: the game ends by itself, and its status reaches the visitor
            await terminal.process.wait_closed()
            assert terminal.process.exit_status == 0
            await wait_until(lambda pid=pid: not running(pid), message=f"the game {pid} outlived its player")
    finally:
        assert spawning.stop() == 0
    assert facts["template"] == facts["spawn"]
    assert facts["template"]["leader"] and facts["template"]["controlling_terminal"]
    assert int(facts["template"]["signals"]["SigIgn"], 16) & (1 << (signal.SIGHUP - 1)) == 0  # not nohup's
    for way, used in screens.items():  # NO_COLOR reached both games: greys only
        assert len(used) > 2 and all(grey(colour) for colour in used), (way, used)


async def test_a_game_reaches_neither_the_template_nor_another_visitors_terminal(server):
    first, second = await open_game(server, "ann"), await open_game(server, "ben")
    ann, ben = game_pids(server)
    [template] = template_pids(server)
    ann_open, ben_open = descriptors(ann), descriptors(ben)
    template_open = descriptors(template)

    ann_terminal, ben_terminal = ann_open[0], ben_open[0]
    assert ann_terminal != ben_terminal
    assert ben_terminal not in ann_open.values() and ann_terminal not in ben_open.values()
    assert not [link for link in template_open.values() if link.startswith("/dev/pts/")]  # it keeps no visitor's PTY

    template_sockets = {link[8:-1] for link in template_open.values() if link.startswith("socket:[")}
    assert len(template_sockets) == 1
    for game_open in (ann_open, ben_open):
        assert not template_sockets & {link[8:-1] for link in game_open.values() if link.startswith("socket:[")}
    assert unix_socket_names(template_sockets) == [""]  # no path leads to it
    for terminal in (first, second):
        terminal.process.close()


def anonymous_mappings(pid: int) -> list[tuple[int, int, bool]]:
    """The heap and the anonymous writable mappings (Python's arenas) of `pid`: (start, end,
    whether the kernel may merge its pages with identical ones: VmFlags `mg`)."""
    mappings, current = [], None
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if re.match(r"[0-9a-f]+-[0-9a-f]+ ", line):
            anonymous = fields[1].startswith("rw") and (len(fields) == 5 or fields[5] == "[heap]")
            current = [int(address, 16) for address in fields[0].split("-")] if anonymous else None
        elif fields[0] == "VmFlags:" and current is not None:
            mappings.append((current[0], current[1], "mg" in fields[1:]))
    return mappings


@pytest.mark.skipif(not Path("/sys/kernel/mm/ksm").exists(), reason="a kernel without same-page merging (KSM)")
async def test_a_forked_game_offers_the_heap_it_shares_for_merging(server):
    terminal = await open_game(server, "kim")
    [game] = game_pids(server)
    [template] = template_pids(server)
    offered = [(start, end) for start, end, mergeable in anonymous_mappings(template) if mergeable]
    assert sum(end - start for start, end in offered) > 16 * 2**20  # the heap and the arenas: most of it
    in_the_game = anonymous_mappings(game)
    for start, _end in offered:  # the game's copy of each keeps the mark
        assert [mergeable for low, high, mergeable in in_the_game if low <= start < high] == [True], hex(start)
    terminal.process.close()


async def test_the_template_is_restarted_after_a_kill_and_a_stop_while_it_restarts_leaves_nothing(own_server):
    server = own_server
    playing = await open_game(server, "early")
    [template] = template_pids(server)
    os.kill(template, signal.SIGKILL)
    await wait_until(lambda: len(template_pids(server)) == 2, message=f"no new template:\n{server.log()}")
    assert f"template-died ip=- pid={template} status=-9" in server.log()
    assert not running(template)

    playing.press(b"\x13")  # the game forked before the kill plays on
    await playing.wait_for("You · 10 cards")
    later = await open_game(server, "late")
    [_, late_game] = game_pids(server)
    assert server.log().count("start=template") == 2
    assert parent_of(late_game) == server.process.pid
    for terminal in (playing, later):
        terminal.process.close()
    for game in game_pids(server):
        await wait_until(lambda game=game: not running(game), message=f"the game {game} outlived its player")

    [_, restarted] = template_pids(server)
    os.kill(restarted, signal.SIGKILL)
    await wait_until(lambda: server.log().count("template-died") == 2, message=server.log())
    server.process.send_signal(signal.SIGTERM)  # while the next template is still loading the game
    assert server.process.wait(timeout=60) == 0
    assert "template-off" not in server.log()  # stopping is not giving up
    assert processes_using(server.players) == []  # no template is left


async def test_a_template_that_cannot_start_leaves_the_spawn_path_and_says_so_once(tmp_path):
    log = io.StringIO()
    template = GameTemplate(EventLog(log), CODE_ROOT, {"PYTHONHOME": str(tmp_path / "no-python-here")})
    assert await template.start() is False
    assert await template.fork([], {}, tmp_path, 0) is None
    assert await template.fork([], {}, tmp_path, 0) is None
    await template.close()
    lines = log.getvalue().splitlines()
    assert len(lines) == 1 and "template-off" in lines[0] and "games=spawned" in lines[0]


def test_orphans_that_became_the_servers_children_are_reaped_and_its_own_games_are_not():
    """Run in a process of its own: reaping there touches no child of the test run."""
    code = """
import os
from rummy_tui.serve.forks import reap_strays, zombie
stray, ours = os.fork() or os._exit(0), os.fork() or os._exit(0)
for pid in (stray, ours):
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # until it has exited, leaving it a zombie
print(reap_strays({ours}) == [stray], zombie(ours), reap_strays({ours}) == [])
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.split() == ["True", "True", "True"]
