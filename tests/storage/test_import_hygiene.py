"""Saves, history and `rummy stats` work without Textual: importing them must not load it."""

import subprocess
import sys


def test_the_storage_layer_never_imports_textual():
    code = (
        "import sys, rummy_tui.storage, rummy_tui.storage.report, rummy_tui.storage.selfplay; "
        "print('textual' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
