"""An App mixin: on a Linux or macOS terminal, read keys with :mod:`rummy_tui.quiet_driver`,
whose input thread sleeps until a key comes (Textual's own wakes ten times a second)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App
    from textual.driver import Driver

    _App = App  # what QuietInput is mixed into
else:
    _App = object


class QuietInput(_App):
    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if (driver.__module__, driver.__name__) == ("textual.drivers.linux_driver", "LinuxDriver"):
            from rummy_tui.quiet_driver import QuietLinuxDriver

            return QuietLinuxDriver
        return driver
