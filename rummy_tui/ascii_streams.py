"""Output to a stream that cannot carry every character (a pipe under ``LANG=POSIX``, an old
terminal): what it cannot encode is written as ASCII words (``ö`` as ``o``, ``♠`` as ``S``,
``…`` as ``...``) instead of stopping the command with a UnicodeEncodeError."""

from __future__ import annotations

import codecs
import contextlib
import sys

ERRORS = "rummy-ascii"
SAMPLE = "é♠…"  # what the game's texts need: accents, suits and typographic signs


def _as_ascii(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    from rummy_tui.plain import ascii_words  # only when needed: it loads Textual

    return ascii_words(error.object[error.start : error.end]), error.end


codecs.register_error(ERRORS, _as_ascii)


def degrade_to_ascii(*streams) -> None:
    """Make each stream (standard output and error by default) write ASCII for what its
    encoding cannot carry. Streams that can carry it all are left alone."""
    for stream in streams or (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "reconfigure") or _carries(stream, SAMPLE):
            continue
        with contextlib.suppress(ValueError, OSError):  # a closed or detached stream: nothing is written to it
            stream.reconfigure(errors=ERRORS)


def _carries(stream, text: str) -> bool:
    try:
        codecs.encode(text, getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
