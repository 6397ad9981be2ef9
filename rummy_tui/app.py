"""The Textual app: a thin shell that opens the start screen or goes straight to a table."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import Theme

import variants  # noqa: F401  (the app is a composition root: the variant registry comes with it)

# Textual 8.2.8 patched for every app of this package (each module says what and why): hidden lines
# undrawn, a message's handlers looked up once per kind, each layout once, strips' caches made when
# used, a reactive read in one call, each style sheet parsed once per process.
from rummy_tui import (  # noqa: F401
    covered_lines,
    dispatch_plans,
    layout_once,
    lazy_strips,
    reactive_reads,
    shared_css,
)
from rummy_tui.crash import CrashReporting, run_reporting_crashes
from rummy_tui.display import HIGH_CONTRAST, HIGH_CONTRAST_THEME, OPTIONS, remember_option, remembered_options
from rummy_tui.i18n import _
from rummy_tui.plain import PlainDisplay, plain_terminal

if TYPE_CHECKING:
    from rummy_tui.screens.navigation import Navigation
from rummy_tui.quiet_input import QuietInput

AI_SPEEDS = {_("slow"): 1.2, _("normal"): 0.6, _("fast"): 0.25, _("instant"): 0.0}


class RummyApp(QuietInput, PlainDisplay, CrashReporting):
    CSS_PATH = Path(__file__).with_name("rummy.tcss")  # absolute, so subclasses elsewhere find it
    # Textual's own palette key, in the player's words (Textual adds it in English otherwise)
    BINDINGS = [
        Binding(
            "ctrl+p", "command_palette", _("palette"), show=False, priority=True, tooltip=_("Open the command palette")
        )
    ]
    TITLE = "rummy"
    restart_language: str | None = None  # set by the start screen: start again in this language

    def __init__(
        self,
        ascii_only: bool = False,
        four_colour: bool = False,
        ai_delay: float = 0.6,
        table_options: dict[str, Any] | None = None,
        large_cards: bool = False,
        high_contrast: bool = False,
    ) -> None:
        super().__init__()
        self.ascii_only = ascii_only
        self.four_colour = four_colour
        self.large_cards = large_cards  # framed cards in the hand where the terminal has room
        self.high_contrast = high_contrast
        self.register_theme(HIGH_CONTRAST)
        self._usual_theme = self.theme
        self.ai_delay = ai_delay
        self.table_options = table_options

    def get_default_screen(self) -> Screen:
        from rummy_tui.screens.blank import BlankScreen

        return BlankScreen(id="_default")

    @property
    def current_theme(self) -> Theme:
        """Textual's current theme (the first of the names in `theme` registered, else
        textual-dark), looked up without copying every registered theme twice: Textual asks for
        it twice for each widget it draws."""
        themes = self._registered_themes
        for name in self.theme.split(","):
            if (theme := themes.get(name.strip())) is not None:
                return theme
        return themes["textual-dark"]

    def on_mount(self) -> None:
        if self.high_contrast:
            self.theme = HIGH_CONTRAST_THEME
        if self.table_options and "resume" in self.table_options:
            self.resume_game(self.table_options["resume"])
        elif self.table_options and "lesson" in self.table_options:  # `rummy learn VARIANT`
            self.start_lesson(self.table_options["lesson"])
        elif self.table_options and "daily" in self.table_options:  # `rummy daily`
            self.open_daily(self.table_options["daily"])
        elif self.table_options and "shared" in self.table_options:  # `rummy host`, `rummy join CODE`
            self.open_shared_table_form(*self.table_options["shared"])
        elif self.table_options and "play_now" in self.table_options:  # `rummy play-now VARIANT`
            from rummy_tui.screens.start import StartScreen

            self.push_screen(StartScreen())
            self.open_play_now(**self.table_options["play_now"], at_once=True)
        elif self.table_options:
            self.start_game(**self.table_options)
        else:
            from rummy_tui.screens.start import StartScreen

            self.push_screen(StartScreen())
        self.check_size()
        self.listen_for_size_limit()
        self._say_the_first_screen_once_drawn()

    def _say_the_first_screen_once_drawn(self) -> None:
        """Served: a first screen other than the start screen (a table, a form, a list) is
        complete once drawn, and the game says so then (rummy_tui/served.py). The start screen
        says it itself once its variants are in (screens/start.py); with only the blank screen
        in front, the first screen comes later (the daily deal's table, through show_table)."""
        from rummy_tui import served

        if not served.waiting_to_say():
            return
        from rummy_tui.screens.blank import BlankScreen
        from rummy_tui.screens.start import StartScreen

        if not isinstance(self.screen, StartScreen | BlankScreen):
            served.first_screen_complete_once_drawn(self)

    # --- games ------------------------------------------------------------------------------

    def start_game(
        self,
        variant: str,
        players: int,
        settings: dict | None,
        seed: int | None,
        seats: list[dict],
        clock: dict | None = None,
    ) -> None:
        from rummy_tui.engine import Game
        from rummy_tui.engine.deals import own_randomness
        from rummy_tui.screens.table import TableScreen
        from rummy_tui.tableserver.seat import LocalSeat

        # the humans here add their own randomness to each deal (not to a chosen seed's: it repeats)
        game = Game(
            variant,
            players,
            settings,
            seed,
            seats=seats,
            contributions={1: own_randomness(seats)} if seed is None else None,
        )
        if clock is not None:
            game.record["clock"] = clock  # seconds a turn and a bank (tableserver/clock.py)
        self.show_table(TableScreen(LocalSeat(game, None, seats), ai_delay=self.ai_delay))

    def start_lesson(self, variant: str | None) -> None:
        """The variant's lesson at the table, from the step the player reached; without a
        variant, the list of lessons (over the start screen)."""
        if variant is None:
            from rummy_tui.screens.lessons import LessonsScreen
            from rummy_tui.screens.start import StartScreen

            if not self.screen_stack[1:]:
                self.push_screen(StartScreen())
            self.push_screen(LessonsScreen(), self._lesson_chosen)
            return
        from rummy_tui.screens.lesson import open_lesson

        self.show_table(open_lesson(variant, ai_delay=self.ai_delay))

    def on_review_wanted(self, message: Any) -> None:
        """The coach's review of a hand, asked for at its end (screens/results.py's ReviewWanted)."""
        from rummy_tui.screens.review import ReviewScreen

        self.push_screen(ReviewScreen(message.record, message.seat, message.hand, message.names))

    def _lesson_chosen(self, variant: str | None) -> None:
        if variant:
            self.start_lesson(variant)

    def resume_game(self, game_id: str) -> None:
        """Go back to a saved game where it was left."""
        from rummy_tui.screens.table import TableScreen
        from rummy_tui.storage import BadSave, SaveStore

        try:
            game = SaveStore().load(game_id)
        except (BadSave, OSError, ValueError) as error:
            self.notify(str(error), severity="error", timeout=10)
            if len(self.screen_stack) < 2:
                from rummy_tui.screens.start import StartScreen

                self.push_screen(StartScreen())
            return
        from rummy_tui.storage.saves import seat_entries
        from rummy_tui.tableserver.seat import LocalSeat

        seats = seat_entries(game.record)  # every seat with a name, a kind and a level, whatever the record holds
        self.show_table(TableScreen(LocalSeat(game, None, seats), ai_delay=self.ai_delay, game_id=game_id))

    def open_daily(self, variant: str) -> None:
        """Today's daily deal of ``variant`` (its results, if it was played already)."""
        from rummy_tui.screens.daily import open_daily

        open_daily(self, variant)

    def open_remote_table(self, client) -> None:
        """Sit down at a shared table: ``client`` is a connected, seated TableClient, and the
        table screen owns it from now on (it closes the connection when the screen goes)."""
        from rummy_tui.screens.table import TableScreen
        from rummy_tui.tableserver.seat import RemoteSeat

        self.show_table(TableScreen(RemoteSeat(client), ai_delay=self.ai_delay))

    def open_shared_table_form(self, form: str, code: str | None = None, host_options: dict | None = None) -> None:
        """The host or join form over the start screen (Back there leads to the start screen);
        ``host_options`` preset the host form's public and watchable choices (`rummy host`'s)."""
        from rummy_tui.screens.start import StartScreen

        self.push_screen(StartScreen())
        if form == "host":
            self.open_host_form(**(host_options or {}))
        else:
            self.open_join_form(code or "")

    def open_host_form(self, **host_options: Any) -> None:
        from rummy_tui.screens.lobby import HostScreen

        self._form_over_start()
        self.push_screen(HostScreen(**host_options))

    def open_join_form(self, code: str = "") -> None:
        from rummy_tui.screens.lobby_join import JoinScreen

        self._form_over_start()
        self.push_screen(JoinScreen(code))

    def _form_over_start(self) -> None:
        """The start screen under a shared-table form asks once before ctrl+s starts a game."""
        coming_back = getattr(self.screen, "coming_back_from_form", None) if self.screen_stack else None
        if coming_back is not None:
            coming_back()

    def open_play_now(self, variant: str | None = None, **options: Any) -> None:
        """Play now: the variant's form, to be seated with the next players who want the same."""
        from rummy_tui.screens.play_now import PlayNowScreen

        self._form_over_start()  # its ctrl+s finds players, and must not start a game here
        self.push_screen(PlayNowScreen(variant, **options))

    def open_ratings(self, variant: str | None = None) -> None:
        from rummy_tui.screens.leaderboard import LeaderboardScreen

        self.push_screen(LeaderboardScreen(variant))

    def show_table(self, table) -> None:
        """The table in place of the screen in front (the start screen, the saved games, a
        shared table's lobby, which leaves the start screen under a shared table)."""
        if self._exit or not self.screen_stack:  # quitting: the screens are going away
            return
        if len(self.screen_stack) > 1:
            self.switch_screen(table)
        else:
            self.push_screen(table)
        self._say_the_first_screen_once_drawn()

    def action_new_game(self) -> None:
        from rummy_tui.screens.start import StartScreen

        if isinstance(self.main_screen(), StartScreen) and self.screen is self.main_screen():
            return  # a New game that piled up behind another: the start screen is in front already
        self.show_main_screen(StartScreen())

    # --- the screen stack ------------------------------------------------------------------
    # A blank screen (screens/blank.py) is at the bottom; above it is the main screen (the start
    # screen, or a table), and above that what it opened (menus, help, hand-offs, a shared
    # table over the start screen). New game goes through show_main_screen, a late dismiss does
    # nothing (textual_guards), and nothing pops the main screen itself: whatever keys pile up,
    # the stack is never left bare.

    def main_screen(self) -> Screen | None:
        return self.screen_stack[1] if len(self.screen_stack) > 1 else None

    def show_main_screen(self, screen: Screen) -> None:
        """Make ``screen`` the main screen, closing whatever is open above the current one."""
        if self._exit or not self.screen_stack:  # quitting: the screens are going away
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def pop_screen(self) -> AwaitComplete:
        """Back from a screen the main one opened; the main screen itself stays (a second Back
        that piled up behind the first lands here and does nothing)."""
        from rummy_tui.screens.too_small import TooSmallScreen

        if len(self.screen_stack) <= 2 and not isinstance(self.screen, TooSmallScreen):
            return AwaitComplete.nothing()
        return super().pop_screen()

    async def action_quit(self) -> None:
        """ctrl+q: leave at once; an unfinished game is saved first, and the terminal says how
        to come back to it. When moves could not be saved, say so and ask once."""
        from rummy_tui.screens.quit import QuitAnywayScreen

        table = self.table()
        if table is None or not table.local or not table.saves_the_game:  # a shared table's server saves it
            self.exit()
            return
        if isinstance(self.screen, QuitAnywayScreen):  # asked already: it waits for a yes or a no
            return
        status = await table.save_before_quit()
        if status.unsaved_moves:
            self.push_screen(QuitAnywayScreen(status), self._quit_anyway)
        elif status.save_problem or table.game.is_over:  # nothing lost, but nothing untrue said either
            self.exit()
        else:
            self.exit(message=_("The game is saved: continue it with `rummy resume`."))

    def _quit_anyway(self, quit: bool | None) -> None:
        if quit:
            self.exit()

    def table(self):
        from rummy_tui.screens.table import TableScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, TableScreen)), None)

    # --- display options ----------------------------------------------------------------------

    def toggle_option(self, name: str) -> None:
        """Turn a display option on or off; the readable-card options are remembered."""
        on = not getattr(self, name)
        setattr(self, name, on)
        if name in OPTIONS:
            remember_option(name, on)
        if name == "high_contrast":
            self.theme = HIGH_CONTRAST_THEME if on else self._usual_theme
        self.redraw_table()
        if name == "ascii_only":
            self.repaint_everything()

    def set_ai_speed(self, delay: float) -> None:
        self.ai_delay = delay
        table = self.table()
        if table is not None:
            table.ai_delay = delay

    def redraw_table(self) -> None:
        table = self.table()
        if table is not None:
            table.refresh_table()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(_("New game"), _("Leave this game and set up a new one"), self.action_new_game)
        table = self.table()
        if table is not None:
            yield SystemCommand(_("Sort hand"), _("Sort by suit or by rank (toggle)"), table.action_sort)
            yield SystemCommand(_("Rules"), _("The rules of this variant"), table.action_rules)
            yield SystemCommand(_("Score sheet"), _("The full score sheet"), table.action_score_sheet)
            yield SystemCommand(_("Keys"), _("Every key of the table"), table.action_help)
        yield SystemCommand(
            _("ASCII suits"),
            _("Suit letters S H D C instead of glyphs (toggle)"),
            lambda: self.toggle_option("ascii_only"),
        )
        for name, (words, about) in OPTIONS.items():
            yield SystemCommand(
                _(words), _("{about} (toggle, remembered)", about=_(about)), lambda name=name: self.toggle_option(name)
            )
        for words, delay in AI_SPEEDS.items():
            yield SystemCommand(
                _("AI speed: {speed}", speed=words),
                _("How long each computer move stays on screen"),
                lambda delay=delay: self.set_ai_speed(delay),
            )

    def action_command_palette(self) -> None:
        """Open the palette, unless one is open already (perhaps under the too-small screen)
        or the terminal is too small to use it."""
        from rummy_tui.screens.too_small import TooSmallScreen

        if not self.use_command_palette or isinstance(self.screen, TooSmallScreen):
            return
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        self.push_screen(CommandPalette(id="--command-palette"))  # dismissed once: see textual_guards

    # --- terminal size ------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        if event.size == self._size and self._resize_event is None:
            # The size the app has, told again (every driver tells it once more as it starts):
            # Textual would send it on to the screens and lay each out again for nothing.
            event.prevent_default()
            return
        self.check_size()
        # Textual settles a resize a moment later (it debounces them); look again once it has,
        # or a shrink seen while the table is busy is only noticed at the next resize.
        self.set_timer(0.05, self.check_size)

    def listen_for_size_limit(self) -> None:
        """Under `rummy serve`: say once that the visitor's terminal is larger than the server
        draws, whether it was so from the start or became so at a resize."""
        from rummy_tui import served

        limit = served.size_limit()
        if limit is None:
            return
        self._size_limit_told = False
        if served.clamped_from_the_start():
            self.tell_size_limit(*limit)
        asyncio.get_running_loop().add_signal_handler(served.SIZE_CLAMPED_SIGNAL, self.tell_size_limit, *limit)

    def tell_size_limit(self, width: int, height: int) -> None:
        if self._size_limit_told:
            return
        self._size_limit_told = True
        self.notify(
            _(
                "Your terminal is larger than this server draws: the game uses {width}×{height} characters of it.",
                width=width,
                height=height,
            ),
            timeout=15,
        )

    def check_size(self) -> None:
        from rummy_tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        if not self.is_running or not self.screen_stack:  # a timer firing while the app shuts down
            return
        too_small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif not too_small and showing:
            self.pop_screen()


if TYPE_CHECKING:  # the screens reach the app through screens/navigation.py: RummyApp is that
    _navigation: type[Navigation] = RummyApp


def run_app(ascii_only: bool = False, mouse: bool = True, **table_options: Any) -> int:
    """Open the game: the start screen, or straight to a table when ``table_options`` are given.
    Returns the app's return code (non-zero after a crash, whose details are in a crash file)."""
    options = dict(table_options)
    ai_delay = options.pop("ai_delay", 0.6)
    shown = remembered_options()
    for name in OPTIONS:  # a flag turns an option on for this game; the start screen remembers it
        shown[name] = bool(options.pop(name, False)) or shown.get(name, False)
    ascii_only = ascii_only or plain_terminal()  # a vt100 or a C locale cannot show box drawing
    app = RummyApp(ascii_only=ascii_only, ai_delay=ai_delay, table_options=options or None, **shown)
    code = run_reporting_crashes(app, mouse=mouse)
    if app.restart_language:
        restart_in_language(app.restart_language)
    return code


def restart_in_language(language: str) -> None:
    """Start the game again, in ``language`` (chosen on the start screen and remembered)."""
    import os
    import sys

    arguments, skip = [], False
    for argument in sys.argv[1:]:  # an explicit --lang would win over the new choice
        if skip:
            skip = False
        elif argument == "--lang":
            skip = True
        elif not argument.startswith("--lang="):
            arguments.append(argument)
    os.execv(sys.executable, [sys.executable, "-m", "rummy_tui", *arguments, "--lang", language])


class ReplayApp(QuietInput, PlainDisplay, CrashReporting):
    """``rummy replay``: the viewer on its own."""

    CSS_PATH = RummyApp.CSS_PATH
    TITLE = "rummy replay"

    def __init__(self, record: dict[str, Any], ascii_only: bool = False, viewer: int | None = None) -> None:
        super().__init__()
        self.record, self.viewer = record, viewer
        self.ascii_only = ascii_only
        self.four_colour = self.large_cards = self.high_contrast = False

    def on_mount(self) -> None:
        from rummy_tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(self.record, viewer=self.viewer), lambda _closed: self.exit())


def run_replay(record: dict[str, Any], ascii_only: bool = False, mouse: bool = True, viewer: int | None = None) -> int:
    """``viewer``: show only what that seat saw (a game not yet over); None: every hand."""
    return run_reporting_crashes(
        ReplayApp(record, ascii_only=ascii_only or plain_terminal(), viewer=viewer), mouse=mouse
    )
