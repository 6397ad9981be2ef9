"""The SSH server: every connection lands at the rummy start screen, never at a shell.

Any public key is welcome and is the visitor's identity; a visitor without a key is a guest
(`guest-<username>`), unless `--authorized-keys` makes the server private. Exec requests,
sessions without a terminal, subsystems (sftp), port forwarding, agent and X11 forwarding are
refused, each with a one-line message where the protocol lets the server send one.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import signal
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from rummy_tui.tableserver.server import TableServer
from rummy_tui.tableserver.socket_folder import default_socket_path, runtime_folder

from .child import CLIENT_VARIABLES, CODE_ROOT, child_environment
from .eventlog import EventLog
from .forks import GameTemplate, reap_strays
from .hostkey import fingerprint, load_or_create_host_key
from .identity import guest_identity, key_identity, safe_text
from .limits import ConnectionRate, Limits, SessionSeats, allow_every_descriptor
from .session import DEFAULT_TERM, Session, Visit

NO_SESSION_TIMEOUT = 30.0  # an authenticated connection that opens no session is closed after this
FORWARDING_REFUSED = "rummy serve does not forward ports or sockets"
TABLE_AI_DELAY = 0.5  # seconds an AI seat at a shared table waits, so players can follow
MAX_SOCKET_PATH = 100
KEPT_VARIABLES = frozenset(name.encode() for name in CLIENT_VARIABLES)
MAX_VARIABLE_BYTES = 64
MAX_CHANNELS = 8  # session channels open at once on one connection (OpenSSH's MaxSessions: 10)
INPUT_WINDOW = 128 * 1024  # bytes a visitor may send before the session reads them (asyncssh's default: 2 MiB)


@dataclass
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    limits: Limits = field(default_factory=Limits)
    game_options: list[str] = field(default_factory=list)  # e.g. --no-mouse for every game
    spawn: bool = False  # every game a fresh process, not forked from the game template


class GameSession(asyncssh.SSHServerProcess):
    """asyncssh's server process, except that an sftp request is taken like any other subsystem,
    so the session refuses it with our own message and log line (asyncssh, offering no sftp,
    would fail the request in its own words, unlogged)."""

    def __init__(self, visitor: Visitor) -> None:
        super().__init__(visitor.server.handle_session, None, 0, False)
        self.visitor = visitor

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.visitor.channels -= 1

    def subsystem_requested(self, subsystem: str) -> bool:
        return True

    def session_started(self) -> None:
        # asyncssh's own version starts its sftp server for "sftp"; every request comes to us
        stdin = asyncssh.SSHReader(self, self._chan)
        stdout = asyncssh.SSHWriter(self, self._chan)
        stderr = asyncssh.SSHWriter(self, self._chan, asyncssh.EXTENDED_DATA_STDERR)
        handler = self._start_process(stdin, stdout, stderr)
        if inspect.isawaitable(handler) and self._conn is not None:  # as asyncssh's own version
            self._conn.create_task(handler, stdin.logger)


def keep_only_the_games_variables(channel: asyncssh.SSHServerChannel) -> None:
    """asyncssh keeps every environment variable a client sends, any number of any size, for
    as long as the session lasts (4,000 of 16 KB took the server from 47 to 170 MiB). The game
    only ever gets CLIENT_VARIABLES (child.py), so only those are kept, and only short values."""
    kept = channel._env  # asyncssh 2.x: the channel's variables, bytes to bytes

    def env_request(packet) -> bool:
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        if name in KEPT_VARIABLES and len(value) <= MAX_VARIABLE_BYTES:
            kept[name] = value
        return True  # the rest is ignored, as OpenSSH's sshd ignores what AcceptEnv does not name

    # asyncssh looks the handler up on the channel: replacing it there is the point
    channel._process_env_request = env_request  # type: ignore[method-assign]


class Visitor(asyncssh.SSHServer):
    """One connection: its address, how it authenticated, and its identity."""

    def __init__(self, server: RummyServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.ip = "-"
        self.username = ""
        self.key_fingerprint: str | None = None
        self.identity: str | None = None
        self.connected_at = time.monotonic()
        self.sessions = 0
        self.rate_limited = False
        self.channels = 0  # session channels open now
        self.told_channels = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.ip = (conn.get_extra_info("peername") or ("-",))[0]
        if not self.server.rate.allow(self.ip):
            self.rate_limited = True  # turned away once the key exchange lets the client read why
            self.server.log.write("rate-limited", self.ip)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.identity is not None:
            self.server.log.write(
                "disconnect",
                self.ip,
                identity=self.identity,
                duration=time.monotonic() - self.connected_at,
                sessions=self.sessions,
            )
        elif not self.rate_limited:
            self.server.log.write("auth-failed", self.ip, user=safe_text(self.username) or "-")

    # --- authentication -------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        self.username = username
        if self.rate_limited:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                "rummy: too many new connections from your address; try again in a minute",
            )
        return True

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.server.authorized
        if allowed is not None and allowed.validate(key, self.ip, self.ip) is None:
            return False
        self.key_fingerprint = fingerprint(key)  # the last key validated is the one that signs
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.server.authorized is None  # guests only on an open server

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key_fingerprint = None
        return True  # a guest needs to answer nothing

    def auth_completed(self) -> None:
        if self.key_fingerprint:
            self.identity = key_identity(self.key_fingerprint)
        else:
            self.identity = guest_identity(self.username)
        self.server.log.write(
            "connect",
            self.ip,
            identity=self.identity,
            user=safe_text(self.username),
            key=self.key_fingerprint or "none",
        )
        asyncio.get_running_loop().call_later(NO_SESSION_TIMEOUT, self._close_if_idle)

    def _close_if_idle(self) -> None:
        if self.sessions == 0 and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "rummy: no session was opened")

    # --- everything but a session is refused ----------------------------------------------

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, GameSession]:
        """A session channel, at most MAX_CHANNELS open on one connection (asyncssh has no
        limit: 17,000 channels left unused took the server from 47 to 178 MiB in 30 s)."""
        if self.channels >= MAX_CHANNELS:
            if not self.told_channels:
                self.told_channels = True
                self.server.log.write("refused", self.ip, identity=self.identity, reason="channels")
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, f"rummy: at most {MAX_CHANNELS} sessions on one connection"
            )
        assert self.conn is not None  # connection_made comes before any session
        channel = self.conn.create_server_channel()  # the server's options: raw bytes, INPUT_WINDOW
        keep_only_the_games_variables(channel)
        self.channels += 1
        return channel, GameSession(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int):
        self.server.log.write("refused", self.ip, identity=self.identity, reason="port-forward")
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, FORWARDING_REFUSED)

    def unix_connection_requested(self, dest_path: str):
        self.server.log.write("refused", self.ip, identity=self.identity, reason="socket-forward")
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, FORWARDING_REFUSED)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self.server.log.write("refused", self.ip, identity=self.identity, reason="remote-forward")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self.server.log.write("refused", self.ip, identity=self.identity, reason="remote-forward")
        return False


class RummyServer:
    def __init__(self, options: ServeOptions, data_root: Path, log: EventLog | None = None) -> None:
        self.options = options
        self.limits = options.limits
        self.data_root = data_root
        self.players_root = data_root / "players"
        self.log = log or EventLog()
        self.rate = ConnectionRate(self.limits.connections_per_minute)
        self.seats = SessionSeats(self.limits)
        self.authorized = (
            asyncssh.read_authorized_keys(str(options.authorized_keys)) if options.authorized_keys else None
        )
        self.host_key = load_or_create_host_key(data_root)
        self.sessions: set[Session] = set()
        self.listener: asyncssh.SSHAcceptor | None = None
        self.tables = TableServer(table_socket_path(data_root), data_root / "tables", ai_delay=TABLE_AI_DELAY)
        self.template: GameTemplate | None = None

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.host_key)

    async def start(self) -> int:
        """Start the table service, then listen; returns the port (useful with --port 0)."""
        await self.tables.start()
        limits = self.limits
        self.listener = await asyncssh.create_server(
            lambda: Visitor(self),
            self.options.host,
            self.options.port,
            server_host_keys=[self.host_key],
            server_version="rummy",
            encoding=None,
            line_editor=False,  # sessions: Visitor.session_requested
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            password_auth=False,
            login_timeout=limits.login_timeout,
            window=INPUT_WINDOW,
            keepalive_interval=limits.keepalive_interval,
            keepalive_count_max=limits.keepalive_count_max,
        )
        if not self.options.spawn:  # once the port is ours; a game asked for meanwhile is spawned
            await self._start_template()
        return self.listener.get_port()

    async def _start_template(self) -> None:
        """The game template, with an environment of a game's shape (no visitor's values)."""
        self.players_root.mkdir(mode=0o700, parents=True, exist_ok=True)
        environment = child_environment(DEFAULT_TERM, self.players_root, {})
        self.template = GameTemplate(self.log, CODE_ROOT, environment)
        await self.template.start()

    async def handle_session(self, process: asyncssh.SSHServerProcess) -> None:
        visitor = process.channel.get_connection().get_owner()
        assert isinstance(visitor, Visitor)  # every connection's server_factory makes one
        visitor.sessions += 1
        visit = Visit(visitor.ip, visitor.identity or "-", visitor.username, visitor.key_fingerprint)
        session = Session(
            process,
            visit,
            self.seats,
            self.players_root,
            self.options.game_options,
            self.limits.idle_timeout,
            self.log,
            table_socket=self.tables.socket_path,
            limits=self.limits,
            template=self.template,
        )
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
            self._reap_strays()
        self.rate.forget_idle()

    def _reap_strays(self) -> None:
        """With the template, the server is a child subreaper: no orphan below it stays a zombie."""
        if self.template is None:
            return
        known = {session.game.pid for session in self.sessions if session.game is not None}
        if self.template.pid is not None:
            known.add(self.template.pid)
        for pid in reap_strays(known):
            self.log.write("stray-reaped", "-", pid=pid)

    async def stop(self) -> None:
        """Stop listening and end every session (the games save after every move)."""
        if self.listener is not None:
            self.listener.close()
        if self.template is not None:  # first: a template that a stopping service killed is not restarted
            await self.template.close()
        for session in list(self.sessions):
            session.stop("the server is stopping; your game is saved")
        deadline = time.monotonic() + 10
        while self.sessions and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await self.tables.close()


def table_socket_path(data_root: Path) -> Path:
    """The table service's socket: this user's usual one when no table server holds it, so
    players at this machine's own terminals (plain `rummy`) find the same tables; else one of
    its own, in the server's data folder (or the runtime folder, if that path is too long for
    a unix socket)."""
    usual = default_socket_path()
    if not _answers(usual):
        return usual
    beside = data_root.resolve() / "tables.sock"
    if len(str(beside).encode()) <= MAX_SOCKET_PATH:
        return beside
    digest = hashlib.sha256(str(data_root.resolve()).encode()).hexdigest()[:12]
    return runtime_folder() / f"serve-{digest}.sock"


def _answers(path: Path) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def announce(server: RummyServer, port: int) -> None:
    host = server.options.host
    print(f"rummy serve listening on {host}:{port} (SSH)", flush=True)
    print(f"host key fingerprint: {server.fingerprint} (ED25519)", flush=True)
    print(f"players connect with: ssh -p {port} {host}", flush=True)
    tables = server.tables.socket_path
    if tables == default_socket_path():
        print(f"shared tables: {tables} (players at this machine's terminals join them too)", flush=True)
    else:
        print(
            f"shared tables: {tables} (another table server holds {default_socket_path()}; local players "
            f"reach these with RUMMY_TUI_TABLE_SOCKET={tables})",
            flush=True,
        )
    if server.authorized is not None:
        print(f"only keys in {server.options.authorized_keys} get in", flush=True)
    else:
        print("anyone who can reach this port may play (any key, or none as a guest)", flush=True)


async def serve_forever(options: ServeOptions, data_root: Path) -> None:
    allow_every_descriptor()
    server = RummyServer(options, data_root)
    port = await server.start()
    announce(server, port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    print("rummy serve: stopping", flush=True)
    await server.stop()
