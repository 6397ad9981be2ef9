"""What `rummy serve` refuses, each with its one-line message and never a shell or a game; the
private server (--authorized-keys); the host key kept across restarts.

The refusals share one server (each test reads its own part of the log); a server whose
settings a test chooses starts no game template where no game, or one, is played (`--spawn`:
the template costs more CPU than the game it would fork)."""

from __future__ import annotations

import asyncio
import stat

import asyncssh
import pytest

from rummy_tui.serve.hostkey import HOST_KEY_NAME

from .sshplay import Terminal, connect, game_pids, running_server, shared_server, start_server, wait_until

START_SCREEN = ("Rummy: five variants", "^s Start")


@pytest.fixture(scope="module")
def one_per_address(tmp_path_factory):
    yield from running_server(tmp_path_factory.mktemp("serve"), "--max-per-ip", "1")


@pytest.fixture
def server(one_per_address):
    yield from shared_server(one_per_address)


async def test_a_command_is_refused_with_a_message(server):
    async with await connect(server, "eve") as conn:
        result = await conn.run("cat /etc/passwd")
    assert result.exit_status == 2
    assert result.stderr.strip() == (
        "rummy: this server only plays rummy: connect without a command (ssh -p PORT HOST)"
    )
    assert result.stdout == ""
    assert "reason=exec" in server.log() and game_pids(server) == []


async def test_a_session_without_a_terminal_is_refused(server):
    async with await connect(server, "eve") as conn:
        process = await conn.create_process(encoding=None)  # like `ssh -T`: no PTY
        stdout, stderr = await process.communicate()
    assert process.exit_status == 1
    assert stderr.decode().strip() == "rummy: the game needs a terminal: connect without -T (or add -t)"
    assert stdout == b""
    assert "reason=no-pty" in server.log() and game_pids(server) == []


async def test_port_forwarding_is_refused(server):
    async with await connect(server, "eve") as conn:
        with pytest.raises(asyncssh.ChannelOpenError, match="does not forward ports"):
            await conn.open_connection("127.0.0.1", server.port)
    assert "reason=port-forward" in server.log() and game_pids(server) == []


async def test_sftp_is_refused_with_our_message_and_logged(server):
    async with await connect(server, "eve") as conn:
        result = await conn.run(subsystem="sftp")  # what `sftp -P PORT host` asks for
        with pytest.raises(asyncssh.SFTPConnectionLost):  # accepted, then closed: no sftp server spoke
            await conn.start_sftp_client()
    assert result.exit_status == 1
    assert result.stderr.strip() == "rummy: this server offers no sftp; connect with plain ssh to play"
    assert result.stdout == ""
    assert server.log().count("refused ip=127.0.0.1 identity=guest-eve reason=subsystem") == 2
    assert game_pids(server) == []


async def test_over_the_per_ip_cap_a_visitor_gets_a_message_not_a_game(server):
    first = await connect(server, "ann")
    terminal = await Terminal.open(first, 80, 24)
    await terminal.wait_for(*START_SCREEN)
    async with await connect(server, "ben") as second:
        crowded = await Terminal.open(second, 80, 24)
        await crowded.process.wait_closed()
    assert crowded.process.exit_status == 1
    assert "table is full for your address" in crowded.text()
    assert "Rummy: five variants" not in crowded.text()
    assert len(game_pids(server)) == 1 and "reason=full" in server.log()
    first.close()


async def test_too_many_new_connections_from_one_address_are_turned_away(tmp_path):
    server = start_server(tmp_path, "--connections-per-minute", "2", "--spawn")  # the later option wins
    try:
        for _ in range(2):
            async with await connect(server, "eve"):
                pass
        with pytest.raises(asyncssh.DisconnectError, match="too many new connections"):
            await connect(server, "eve")
        assert "rate-limited ip=127.0.0.1" in server.log()
    finally:
        assert server.stop() == 0


async def test_authorized_keys_admit_only_their_keys(tmp_path):
    friend, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())
    server = start_server(tmp_path, "--authorized-keys", str(keys), "--spawn")
    try:
        async with await connect(server, "friend", friend) as conn:
            terminal = await Terminal.open(conn, 80, 24)
            await terminal.wait_for(*START_SCREEN)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, "stranger", stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server, "guest")  # no guests on a private server
        await wait_until(lambda: server.log().count("auth-failed ip=127.0.0.1") == 2, timeout=10, message=server.log())
        assert "user=stranger" in server.log()
    finally:
        assert server.stop() == 0


async def test_the_host_key_is_made_once_and_reused(tmp_path):
    first = start_server(tmp_path, "--spawn")
    try:
        async with await connect(first, "eve") as conn:
            seen = conn.get_server_host_key().get_fingerprint("sha256")
    finally:
        first.stop()
    key_file = tmp_path / "serve" / HOST_KEY_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert seen == first.fingerprint and seen.startswith("SHA256:")
    second = start_server(tmp_path, "--spawn")
    second.stop()
    assert second.fingerprint == first.fingerprint


async def open_bare_channel(conn: asyncssh.SSHClientConnection):
    """A session channel with no request on it, as a hostile client can hold any number of
    (asyncssh's client has no public call that opens one without a request)."""
    from asyncssh.channel import SSHClientChannel

    channel = SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None, "strict", 2**20, 32768)
    await channel._open(b"session")
    return channel


async def test_at_most_eight_sessions_on_one_connection(server):
    async with await connect(server, "eve") as conn:
        channels = [await open_bare_channel(conn) for _ in range(8)]
        for _ in range(3):
            with pytest.raises(asyncssh.ChannelOpenError, match="at most 8 sessions on one connection"):
                await open_bare_channel(conn)
        channels[0].close()
        await channels[0].wait_closed()
        await open_again(conn)  # a closed channel's place is free again
    assert server.log().count("reason=channels") == 1  # once per connection, not per refusal


async def open_again(conn: asyncssh.SSHClientConnection, tries: int = 100) -> None:
    for _ in range(tries):  # the server frees the place once it has seen the close
        try:
            await open_bare_channel(conn)
            return
        except asyncssh.ChannelOpenError:
            await asyncio.sleep(0.05)
    raise AssertionError("a closed channel's place was never given back")
