"""The server's persistent ed25519 host key: created once (mode 0600), then reused, so players
can check its fingerprint and their ssh client remembers it."""

from __future__ import annotations

import os
from pathlib import Path

HOST_KEY_NAME = "ssh_host_ed25519_key"


def load_or_create_host_key(folder: Path):
    """The host key in `folder`, generated on the first run. Returns an asyncssh private key."""
    import asyncssh

    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / HOST_KEY_NAME
    if path.exists():
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)  # a key others can read is a key others can use
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="rummy serve host key")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(key.export_private_key())
    (folder / f"{HOST_KEY_NAME}.pub").write_bytes(key.export_public_key())
    return key


def fingerprint(key) -> str:
    """SHA256:... as `ssh-keygen -lf` and the ssh client's first-connect prompt show it."""
    return key.get_fingerprint("sha256")
