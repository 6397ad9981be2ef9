"""Shared test settings: Hypothesis never times single examples (a game step may take a while
on a busy CI machine), and prints how to reproduce a failure; the variants are registered.

Every test gets a private runtime folder, so a table server a test starts (by hand, or the one
the app starts in the background) never listens on the player's real socket; a background
server still running when its test ends is stopped, and the run fails if any process it
started outlives it (tests/support/processes.py)."""

import gc
import shutil
import sys
import tempfile

import pytest

import variants  # noqa: F401  (installs the registry's lookup, as the rummy command does: Game("gin", ...))
from tests.support.processes import left_behind, mark_this_session
from tests.support.table_server_fixture import server  # noqa: F401  (the ``server`` fixture, for every test)

# Textual's Pilot waits, after every key and pause(), until the process has used almost no CPU
# for a whole 20 ms slice, twice per key: most of a UI test's wall time was those slices. Slices
# of 5 ms decide "idle" by the same ratio (a twentieth of the slice). A test never relies on a
# pause being long: it waits for what it checks (tests/ui/test_lobby.py's ``until``).
IDLE_SLICE = 0.005

# The youngest objects are collected every 10,000 new ones, not 700 (collection's imports and
# assert rewriting too: half its garbage collector's CPU): an app a test ends leaves its
# widgets as cyclic garbage, and at 700 the garbage collector took 8% of the UI tests' CPU, two
# thirds of it in full collections as survivors piled into the oldest generation; at 10,000 the
# young collections find most of it dead and full collections are four times rarer. Only this
# process's pace changes (a test's subprocesses keep Python's own); gc.collect() is unchanged.
YOUNGEST_COLLECTED_AFTER = 10_000

STOP_WAIT = 10.0  # seconds a background table server gets to stop on SIGTERM before SIGKILL


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    mark_this_session()
    quick_idle_checks()
    gc.set_threshold(YOUNGEST_COLLECTED_AFTER, *gc.get_threshold()[1:])  # from collection on
    from hypothesis import settings  # (first imported here: see leave_hypothesis_unrewritten)

    settings.register_profile("rummy", deadline=None, print_blob=True)
    settings.load_profile("rummy")


def leave_hypothesis_unrewritten() -> None:
    """Pytest rewrites the asserts of every module in an installed plugin's distribution, and
    Hypothesis is one: in every pytest process some ninety of its modules were parsed, rewritten
    and compiled again, their installed bytecode unused (a tenth of a worker's collection). Their
    asserts are Hypothesis's own invariants, never a test's: left as installed, they fail alike,
    only without pytest's explanation. Test modules and conftests are rewritten as before. Called
    before anything imports Hypothesis (this conftest imports it in pytest_configure)."""
    from _pytest.assertion.rewrite import AssertionRewritingHook

    for finder in sys.meta_path:
        if isinstance(finder, AssertionRewritingHook):
            finder._must_rewrite.discard("hypothesis")
            finder._marked_for_rewrite_cache.clear()


leave_hypothesis_unrewritten()


def quick_idle_checks() -> None:
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = IDLE_SLICE
    textual._wait.SLEEP_IDLE = IDLE_SLICE / 20


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long soaks (tests marked soak)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    for item in items:
        if item.get_closest_marker("soak"):
            item.add_marker(pytest.mark.skip(reason="a long soak: pytest --soak runs it"))


@pytest.fixture
def soak(request) -> bool:
    """True under --soak: a property then runs its long form (more examples, more steps)."""
    return request.config.getoption("--soak")


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """What each module's collection leaves alive is frozen at once, so the collector's full
    collections while the next modules are imported no longer look through the earlier ones: a
    sixth of a worker's collection was the garbage collector. Unfrozen when collection ends."""
    report = yield
    gc.freeze()
    return report


def pytest_collection_finish(session):
    """Freeze what collection left alive (Textual, Hypothesis, the app and every test module:
    a quarter of a million objects that live as long as the process), so that the garbage
    collector's full collections during the tests no longer look through it each time. The
    garbage collection left (frozen with the rest as it went) is collected first."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    forget_the_lines_textual_memoised()


def forget_the_lines_textual_memoised() -> None:
    """Textual (8.2.8) memoises ``StylesCache.get_inner_outer`` with an lru_cache of 1024 on the
    method, whose keys keep each widget's StylesCache, and the lines it drew, alive after its app
    has ended (rummy_tui/serve/template.py empties it for the same reason). A test's app never
    meets the widgets of the tests before it, so emptying it after each test changes nothing a
    test sees; kept, it grew a worker's heap to some 600,000 objects, and every full garbage
    collection looked through them all: a tenth of the suite's CPU."""
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        collect_before_reporting_finished()
    yield  # after xdist has stopped its workers
    if hasattr(session.config, "workerinput"):
        return  # the controller looks once every worker is gone
    found = left_behind()
    if found:
        lines = "\n".join(f"  {pid}: {command}" for pid, command in sorted(found.items()))
        session.config.get_terminal_writer().line(
            f"\nProcesses started by the test suite are still running:\n{lines}", red=True
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def collect_before_reporting_finished() -> None:
    """An xdist worker, before it tells the controller it has finished: collect the garbage the
    tests left, then freeze what is still alive.

    Once told, the controller ends the worker at once, and execnet gives the worker's run 5 seconds
    before it sends the worker a SIGINT ("execution ongoing after 5 secs"). In those seconds
    pytest's clean-up collects garbage five times over the whole heap (to report exceptions from
    finalizers); on a busy machine that took longer, and the KeyboardInterrupt landed in whatever
    ran then, typically hypothesis's gc callback: a PytestUnraisableExceptionWarning after the
    run's summary. Collected here, the same finalizers run while pytest still reports them, and
    its five collections afterwards have only what is new to look at."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def private_runtime_folder(monkeypatch):
    """A short private folder as XDG_RUNTIME_DIR (a unix socket path is at most 107 bytes),
    and no table socket named from outside; removed after the test, once the table servers
    started in the background meanwhile are stopped."""
    from rummy_tui.tableserver import connect
    from rummy_tui.tableserver.socket_folder import SOCKET_VARIABLE

    folder = tempfile.mkdtemp(prefix="rt-")
    monkeypatch.setenv("XDG_RUNTIME_DIR", folder)
    monkeypatch.delenv(SOCKET_VARIABLE, raising=False)
    started_before = len(connect._started)
    yield folder
    for process in connect._started[started_before:]:
        stop_process(process)
    shutil.rmtree(folder, ignore_errors=True)


def stop_process(process) -> None:
    """SIGTERM, then SIGKILL if it has not stopped in time; reaped either way."""
    import subprocess

    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(STOP_WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def hungarian():
    """The test runs in Hungarian; the screens' import-time texts were made in English first, and
    English comes back after it."""
    from rummy_tui.i18n import set_language
    from tests.support.words import import_the_screens_in_english

    import_the_screens_in_english()
    set_language("hu")
    yield
    set_language("en")


# The tests mirror the code (tests/engine/, tests/variants/<name>/, tests/ui/, ...). tests/variants/
# and its folders have no __init__.py on purpose: as a package it would be named ``variants`` and
# hide the real variants package; their test files therefore need names unique in the suite.
