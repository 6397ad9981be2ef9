"""Textual's Select without its mount race (Textual issue #6581, open in 8.2.8).

A Select sets its value as it mounts, and its current-value line then looks up its label. When
the Select mounts late (the start screen builds part of its form after the first frame) or its
screen is taken down meanwhile (a key that leaves the screen, the app quitting), that label or
the option list may not be there yet, or no longer: Textual raised NoMatches, which ended the
app. Here the value is kept and shown once the label is mounted, and a Select whose parts are
already gone sets nothing up.
"""

from __future__ import annotations

from textual import events
from textual.css.query import NoMatches
from textual.widgets import Select as TextualSelect
from textual.widgets import Static
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay


class SteadySelectCurrent(SelectCurrent):
    """The current-value line, which may be told its value before its label is mounted."""

    def update(self, label) -> None:
        self.label = label
        self.has_value = label is not TextualSelect.NULL
        self._show_label()

    def _on_mount(self, _event: events.Mount) -> None:
        self._show_label()

    def _show_label(self) -> None:
        try:
            shown = self.query_one("#label", Static)
        except NoMatches:
            return  # not mounted yet: shown when this line mounts
        shown.update(self.placeholder if isinstance(self.label, NoSelection) else self.label)


class Select(TextualSelect):
    """Textual's Select, steady when mounted late or taken down while mounting."""

    def compose(self):
        current = SteadySelectCurrent(self.prompt)
        if not self._allow_blank:  # it always shows a value: styled so from the start, not restyled at mount
            current.set_class(True, "-has-value", update=False)
        yield current
        yield SelectOverlay(type_to_search=self._type_to_search).data_bind(compact=TextualSelect.compact)

    def _on_mount(self, event: events.Mount) -> None:
        if not self._has_its_parts():
            event.prevent_default()  # taken down before it mounted: Textual's set-up would fail

    def _watch_value(self, value) -> None:
        if self._has_its_parts():
            super()._watch_value(value)
        else:
            self._value = value

    def _has_its_parts(self) -> bool:
        return bool(self.query(SteadySelectCurrent)) and bool(self.query(SelectOverlay))
