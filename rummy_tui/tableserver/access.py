"""Who may see and reach which table: the table list after a hello only, public and private
tables, watching on or off, and wrong table codes throttled per identity and per address, so
that guessing a private table's code is hopeless.

The address of a connection is the unix user at the other end of the socket (SO_PEERCRED). A
`rummy serve` game runs as the server's own user, so for it the address it names in its hello
(the SSH visitor's IP) is taken instead; another local user cannot claim an address.
"""

from __future__ import annotations

import os
import socket
import stat
import struct
from pathlib import Path
from typing import Any

from rummy_tui.i18n import _, msg_n

from .limits import TableLimits, Throttle


def peer_uid(writer) -> int | None:
    """The unix user of the process at the other end of the socket, if the system says."""
    sock = writer.get_extra_info("socket")
    if sock is None or not hasattr(socket, "SO_PEERCRED"):
        return None
    try:
        _pid, uid, _gid = struct.unpack(
            "3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        )
    except OSError:
        return None
    return uid


def connection_address(uid: int | None, claimed: str | None) -> str:
    """``claimed`` (the visitor's address a served game names) when the peer is this server's
    own user; else the peer's user."""
    if claimed and uid == os.getuid():
        return f"visitor {claimed}"
    return f"local user {uid}" if uid is not None else "local"


class CodeGuard:
    """Wrong codes cost a token from the guesser's identity bucket and address bucket; with
    either empty, every code from them is refused until it refills."""

    def __init__(self, limits: TableLimits):
        rate = limits.wrong_codes_per_minute / 60
        self.identities = Throttle(rate, limits.wrong_code_burst)
        self.addresses = Throttle(rate, limits.wrong_code_burst)

    def _buckets(self, identity: str | None, address: str):
        buckets = [self.addresses.bucket(address)]
        if identity:
            buckets.append(self.identities.bucket(identity))
        return buckets

    def refusal(self, identity: str | None, address: str) -> dict[str, Any] | None:
        """Why no code is tried for this player now (a message for their language), or None."""
        wait = max(bucket.seconds_to_token() for bucket in self._buckets(identity, address))
        if wait <= 0:
            return None
        return msg_n(
            "Too many wrong table codes: try again in {n} second.",
            "Too many wrong table codes: try again in {n} seconds.",
            max(1, round(wait)),
        )

    def wrong_code(self, identity: str | None, address: str) -> None:
        for bucket in self._buckets(identity, address):
            bucket.take()


class UnsafeSocket(PermissionError):
    """The table socket, or its folder, could belong to someone else: not connecting (a fake
    server there would collect seat tokens). The text says why, in the player's words."""


def check_socket_is_ours(path: Path) -> None:
    """Raise :class:`UnsafeSocket` unless the socket (if there) and its folder belong to this
    user and nobody else may write to the folder."""
    folder = path.parent
    why = None
    try:
        folder_info = folder.stat()
    except FileNotFoundError:
        return  # nothing there yet: a server of ours will make the folder, privately
    if folder_info.st_uid != os.getuid():
        why = _("its folder belongs to another user")
    elif folder_info.st_mode & 0o022:
        why = _("others may write to its folder")
    else:
        try:
            info = path.lstat()
        except FileNotFoundError:
            return
        if not stat.S_ISSOCK(info.st_mode):
            why = _("it is not a socket")
        elif info.st_uid != os.getuid():
            why = _("it belongs to another user")
    if why is not None:
        raise UnsafeSocket(
            _(
                "Not connecting to the table socket {path}: {why}. Remove it, or set XDG_RUNTIME_DIR "
                "to a folder of your own.",
                path=str(path),
                why=why,
            )
        )
