"""What a screen may ask of the app it runs in: open a table, a form or the start screen.

A screen never imports the app (the app is the composition root and imports the screens), so
it reaches the app's navigation through this :class:`Navigation` protocol. ``RummyApp``
implements it; ``rummy_tui/app.py`` has the type checker confirm that it does.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from textual.screen import Screen


class Navigation(Protocol):
    restart_language: str | None  # the start screen's language choice: start again in it

    def start_game(
        self,
        variant: str,
        players: int,
        settings: dict | None,
        seed: int | None,
        seats: list[dict],
        clock: dict | None = None,
    ) -> None: ...

    def resume_game(self, game_id: str) -> None: ...

    def start_lesson(self, variant: str | None) -> None: ...

    def open_host_form(self, **host_options: Any) -> None: ...

    def open_join_form(self, code: str = "") -> None: ...

    def open_play_now(self, variant: str | None = None, **options: Any) -> None: ...

    def open_ratings(self, variant: str | None = None) -> None: ...

    def open_daily(self, variant: str) -> None: ...

    def action_new_game(self) -> None: ...

    def check_size(self) -> None: ...


def navigation(screen: Screen[Any]) -> Navigation:
    """The app ``screen`` runs in, as the navigation it offers."""
    return cast(Navigation, screen.app)
