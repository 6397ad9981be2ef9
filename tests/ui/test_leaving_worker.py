"""A screen's network worker that comes back while the screen is being taken down (the app
quitting, Back pressed) finds its widgets gone. Textual prunes the widgets before it cancels
the screen's workers; in between, a query raised NoMatches and the failed worker ended the app
(seen on the join form: its table list arrived as the app closed). Such a worker now ends as
cancelled (rummy_tui/textual_guards.py); a worker of a screen still shown still fails loudly."""

from __future__ import annotations

import asyncio

import pytest
from textual import work
from textual.app import App, ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerFailed, WorkerState

import rummy_tui.textual_guards  # noqa: F401  (the guard under test, as every app of the package has it)


class Gone(Static):
    """Sets its event when Textual takes it down."""

    def __init__(self, unmounted: asyncio.Event) -> None:
        super().__init__("waiting", id="gone")
        self.unmounted = unmounted

    def on_unmount(self) -> None:
        self.unmounted.set()


class Waiting(Screen):
    """Waits for an answer, then fills in its widget: as the join form fills in its table list."""

    def __init__(self, answer: asyncio.Event, unmounted: asyncio.Event) -> None:
        super().__init__()
        self.answer, self.unmounted = answer, unmounted
        self.worker: Worker | None = None

    def compose(self) -> ComposeResult:
        yield Gone(self.unmounted)

    def on_mount(self) -> None:
        self.worker = self.fetch()

    @work(group="fetch")
    async def fetch(self) -> None:
        await self.answer.wait()
        self.query_one("#gone", Static).update("arrived")
        self.query_one("#never-there", Static)  # a mistake, when the screen is still shown


class WaitingApp(App):
    def __init__(self, answer: asyncio.Event, unmounted: asyncio.Event) -> None:
        super().__init__()
        self.waiting = Waiting(answer, unmounted)

    def on_mount(self) -> None:
        self.push_screen(self.waiting)


async def test_an_answer_that_comes_as_the_app_closes_is_dropped():
    unmounted = asyncio.Event()
    app = WaitingApp(answer=unmounted, unmounted=unmounted)  # the answer comes as the widgets go
    async with app.run_test() as pilot:
        await pilot.pause()
    worker = app.waiting.worker
    assert worker is not None and unmounted.is_set()
    await asyncio.wait_for(worker.wait(), 5) if worker.state is WorkerState.RUNNING else None
    assert worker.state is WorkerState.CANCELLED
    assert isinstance(worker.error, asyncio.CancelledError)


async def test_an_answer_on_a_screen_still_shown_fails_loudly():
    answer = asyncio.Event()
    app = WaitingApp(answer=answer, unmounted=asyncio.Event())
    with pytest.raises(WorkerFailed) as failed:
        async with app.run_test() as pilot:
            await pilot.pause()
            answer.set()
            await pilot.pause()
    assert isinstance(failed.value.error, NoMatches)
