"""rummy_tui/reactive_reads.py reads a stored, uncomputed reactive at once and leaves the rest
to Textual: a value set or defaulted reads back as Textual reads it, a computed one is computed
on every read, and a widget never initialised is reported as Textual reports it."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.reactive import ReactiveError, reactive
from textual.widget import Widget

from rummy_tui import reactive_reads


class Counter(Widget):
    count = reactive(0)
    doubled = reactive(0)
    computed_reads = 0

    def _compute_doubled(self) -> int:
        Counter.computed_reads += 1
        return self.count * 2


class Uninitialised(Widget):
    count = reactive(0)

    def __init__(self) -> None:  # no Widget.__init__: Textual's error, not ours
        pass


async def test_stored_values_read_back_without_textuals_read(monkeypatch):
    asked: list[str] = []
    textual_get = reactive_reads._textual_get

    def counted(descriptor, obj, obj_type):
        asked.append(descriptor.name)
        return textual_get(descriptor, obj, obj_type)

    monkeypatch.setattr(reactive_reads, "_textual_get", counted)
    async with App().run_test():
        counter = Counter()
        assert counter.count == 0  # the default, stored by Textual's first read (Widget made it already)
        counter.count = 5
        asked.clear()
        assert [counter.count, counter.count] == [5, 5]
        assert asked == []  # stored and not computed: read at once


async def test_a_computed_reactive_is_computed_on_every_read():
    async with App().run_test():
        counter = Counter()
        counter.count = 3
        Counter.computed_reads = 0
        assert [counter.doubled, counter.doubled] == [6, 6]
        assert Counter.computed_reads == 2
        counter.count = 4
        assert counter.doubled == 8


def test_a_widget_never_initialised_is_reported_as_textual_reports_it():
    with pytest.raises(ReactiveError):
        Uninitialised().count  # noqa: B018


def test_the_class_itself_reads_the_descriptor():
    assert isinstance(Counter.count, reactive)
