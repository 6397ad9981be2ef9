"""A player's process for the tests: sits at table CODE on SOCKET as NAME, says "seated", then
does nothing but what its client's reader does by itself (answer pings, keep views).

    python seat_process.py SOCKET CODE NAME
"""

import asyncio
import sys

from rummy_tui.tableserver.client import TableClient


async def main(socket_path: str, code: str, name: str) -> None:
    client = await TableClient().connect(socket_path)
    await client.hello(name)
    await client.join(code)
    print("seated", flush=True)
    while client.connected:
        await asyncio.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
