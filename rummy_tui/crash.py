"""When the app itself fails: the traceback goes to a crash file in the data folder, the player
gets one line saying where it is, and the process exits with the app's non-zero return code.

Textual catches every exception raised in a handler, a timer or a worker and hands it to
``App._handle_exception`` (textual 8.2.8, pinned): that is where the crash file is written.
"""

from __future__ import annotations

import platform
import sys
import traceback
from datetime import datetime
from pathlib import Path

import click
from textual.app import App

from rummy_tui import textual_guards  # noqa: F401  (every app of ours runs with them)

CRASH_PREFIX = "crash-"


def write_crash_file(error: BaseException) -> Path | None:
    """The traceback, with the versions and the command line, in ``<data dir>/crash-<time>.txt``;
    None when the data folder cannot take it."""
    from rummy_tui import __version__
    from rummy_tui.storage.paths import data_dir

    try:
        import textual

        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        path = data_dir() / f"{CRASH_PREFIX}{stamp}.txt"
        lines = [
            f"rummy-tui {__version__}, textual {textual.__version__}, Python {platform.python_version()} "
            f"on {platform.platform()}",
            f"command: {' '.join(sys.argv)}",
            "",
        ]
        lines += traceback.format_exception(error)
        path.write_text("\n".join(line.rstrip("\n") for line in lines) + "\n", encoding="utf-8")
    except Exception:  # a crash report must never raise in turn (read-only or missing folder...)
        return None
    return path


def crash_line(error: BaseException, path: Path | None) -> str:
    """What the player reads after a crash: one line, the error and where its details are."""
    cause = error.__cause__ or error  # a worker's failure wraps the real error
    what = f"{type(cause).__name__}: {cause}".splitlines()[0][:200]
    if path is None:
        return (
            f"rummy stopped on an unexpected error ({what}); the traceback is above (no crash file could be written)."
        )
    return f"rummy stopped on an unexpected error ({what}); please report it with the file {path}"


class CrashReporting(App):
    """An app whose unexpected errors end in a crash file rather than a traceback on screen."""

    crash_error: BaseException | None = None
    crash_file: Path | None = None

    def _handle_exception(self, error: Exception) -> None:
        if self.crash_error is None:  # the first error is the one to report
            self.crash_error = error
            self.crash_file = write_crash_file(error)
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if self.crash_file is not None:  # the traceback is in the file; the line is printed after exit
            self._exit_renderables.clear()
            return
        super()._print_error_renderables()


def run_reporting_crashes(app: CrashReporting, **run_options) -> int:
    """Run the app; after a crash print the one line. Returns the app's return code."""
    app.run(**run_options)
    if app.crash_error is not None:
        click.echo(crash_line(app.crash_error, app.crash_file), err=True)
    return app.return_code or 0
