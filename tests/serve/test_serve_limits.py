"""The window clamp, the input gate and the open files limit on their own (the end-to-end
tests are in test_ssh_abuse.py)."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from rummy_tui import served
from rummy_tui.serve.inputgate import KEY, InputGate
from rummy_tui.serve.limits import Limits, fit_window

LIMITS = Limits(max_width=400, max_height=150)


def test_a_window_within_the_limits_is_kept_with_its_pixels():
    assert fit_window(120, 40, 960, 640, LIMITS) == ((120, 40, 960, 640), False)


def test_a_huge_window_is_clamped_and_its_pixels_dropped():
    assert fit_window(20000, 20000, 1, 1, LIMITS) == ((400, 150, 0, 0), True)
    assert fit_window(70000, 24, 0, 0, LIMITS) == ((400, 24, 0, 0), True)
    assert fit_window(80, 24, 70000, 70000, LIMITS) == ((80, 24, 0, 0), False)  # pixels that do not fit


def test_an_unknown_size_is_the_default_at_login_and_ignored_at_a_resize():
    assert fit_window(0, 0, 0, 0, LIMITS) == ((80, 24, 0, 0), False)
    assert fit_window(0, 30, 0, 0, LIMITS, default=None) is None


@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_every_window_a_client_can_ask_for_fits_the_kernel_and_the_limits(width, height, pixel_width, pixel_height):
    (columns, rows, pixels_wide, pixels_high), _ = fit_window(width, height, pixel_width, pixel_height, LIMITS)
    assert 1 <= columns <= 400 and 1 <= rows <= 150
    assert 0 <= pixels_wide <= 65535 and 0 <= pixels_high <= 65535


def test_the_size_limit_reaches_the_game_only_when_served():
    assert served.size_limit({}) is None
    assert served.size_limit({served.SIZE_LIMIT_VARIABLE: "400x150"}) == (400, 150)
    assert served.size_limit({served.SIZE_LIMIT_VARIABLE: "lots"}) is None
    assert served.clamped_from_the_start({served.SIZE_CLAMPED_VARIABLE: "1"})


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_keys_within_the_rate_pass_unchanged():
    gate = InputGate(10, 1000, 4, clock=Clock())
    typed = b"ab\x1b[A\xc3\xa9\r"
    assert gate.admit(typed) == typed and gate.dropped_bytes == 0


def test_a_flood_is_cut_at_the_burst_and_the_rest_dropped_not_queued():
    clock = Clock()
    gate = InputGate(10, 1000, 4, clock=clock)  # 40 keys at once
    assert gate.admit(b"x" * 100) == b"x" * 40
    assert gate.dropped_bytes == 60 and gate.bursts == 1
    assert gate.admit(b"y") == b""  # nothing kept from before, and nothing left for now
    clock.now = 0.5
    assert gate.admit(b"z" * 10) == b"zzzzz"  # 10 keys a second refilled
    assert gate.bursts == 1  # the same burst: logged once
    clock.now = 10.0
    gate.admit(b"w" * 100)
    assert gate.bursts == 2


def test_bytes_are_limited_as_well_as_keys():
    gate = InputGate(1000, 100, 1, clock=Clock())
    assert gate.admit("é".encode() * 80) == "é".encode() * 50  # 100 bytes hold 50 two-byte keys


def test_a_key_is_never_cut_in_two():
    gate = InputGate(2, 1000, 1, clock=Clock())
    assert gate.admit(b"\x1b[<35;10;5M\x1b[<35;11;5M\x1b[<35;12;5M") == b"\x1b[<35;10;5M\x1b[<35;11;5M"


def test_an_unfinished_sequence_waits_for_its_end():
    gate = InputGate(100, 1000, 1, clock=Clock())
    assert gate.admit(b"a\x1b[<35;1") == b"a"
    assert gate.admit(b"0;5Mb") == b"\x1b[<35;10;5Mb"
    assert gate.admit(b"\xc3") == b"" and gate.admit(b"\xa9") == "é".encode()
    assert gate.admit(b"\x1b") == b"\x1b"  # a lone Escape is a key of its own, not held back


def test_a_cut_paste_still_ends():
    gate = InputGate(10, 100000, 1, clock=Clock())
    paste = b"\x1b[200~" + b"p" * 1000 + b"\x1b[201~"
    assert gate.admit(paste) == b"\x1b[200~" + b"p" * 10 + b"\x1b[201~"


def test_a_megabyte_costs_the_gate_little():
    gate = InputGate(200, 4096, 4, clock=Clock())
    passed = b"".join(gate.admit(b"\x1b[A" * 5000) for _ in range(70))  # about 1 MB
    assert len(passed) <= 800 * 3 and gate.dropped_bytes >= 1_000_000


@given(st.binary(max_size=300), st.integers(1, 299))
def test_whatever_passes_is_a_prefix_made_of_whole_keys(data, cut):
    gate = InputGate(10**6, 10**6, 1, clock=Clock())
    passed = gate.admit(data[:cut]) + gate.admit(data[cut:])
    assert data.startswith(passed) and len(data) - len(passed) <= 32
    assert b"".join(KEY.findall(passed)) == passed


def test_the_server_lifts_its_open_files_limit_to_the_hard_one():
    """About 4 descriptors a session: a soft limit of 1024 would stop the server near 250."""
    code = (
        "import resource; from rummy_tui.serve.limits import allow_every_descriptor\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
        "wanted = 1 << 20 if hard == resource.RLIM_INFINITY else min(hard, 1 << 20)\n"
        "print(allow_every_descriptor(), resource.getrlimit(resource.RLIMIT_NOFILE)[0], wanted)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    in_force, soft, wanted = (int(value) for value in result.stdout.split())
    assert in_force == soft == wanted > 256
