"""One browser tab's game: `python -m rummy_tui.serve.websession ROOT [rummy options]` makes a
fresh 0700 data folder under ROOT and becomes `rummy` with it (same process, so textual-serve
still ends the game when the tab closes)."""

from __future__ import annotations

import os
import sys
import tempfile


def main(arguments: list[str]) -> None:
    root, options = arguments[0], arguments[1:]
    folder = tempfile.mkdtemp(prefix="tab-", dir=root)  # mkdtemp makes it 0700
    os.environ["RUMMY_TUI_DATA_DIR"] = folder
    os.environ["HOME"] = folder
    os.execv(sys.executable, [sys.executable, "-m", "rummy_tui", *options])


if __name__ == "__main__":
    main(sys.argv[1:])
