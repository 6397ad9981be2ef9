"""The start screen: choose a variant, the seats, the settings and a seed; or read the rules."""

from __future__ import annotations

import asyncio

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from rummy_tui import served
from rummy_tui.engine.variant import Variant
from rummy_tui.i18n import N_, _, language
from rummy_tui.widgets.caption_row import CaptionRow
from rummy_tui.widgets.key_line import KeyLine
from rummy_tui.widgets.select import Select
from rummy_tui.widgets.variant_list import VariantList

from .navigation import navigation
from .start_rows import (
    default_name,
    players_text,
    rest_of_the_form,
    seat_kinds,
    seat_rows,
    setting_rows,
    setting_value,
)

# How the start screen is used, for the `?` screen.
START_STEPS = (
    N_("Up and down choose the variant; tab goes to the next field, shift+tab back."),
    N_(
        "Seats: type a name; each seat is a human or the computer at a level (enter opens the list). "
        "Several humans play hot-seat at this terminal."
    ),
    N_("Settings: the label says what it is, the line beside it says what it does; space turns a checkbox on or off."),
    N_("The seed repeats a deal: the same seed gives the same cards. Empty: a random one."),
    N_(
        "ctrl+s or the New game button starts; ctrl+o continues a saved game; F1 shows the rules; "
        "F2 hosts a table for players at other terminals, F3 joins one."
    ),
    N_("F5 plays now: you sit down with the next players who want the same game; F6 shows the ratings."),
)


def builds_the_rest_on_demand() -> bool:
    """A game of `rummy serve` (its server gives it a window limit) builds the start form below
    the first screen only when the visitor needs it."""
    from rummy_tui.served import size_limit

    return size_limit() is not None


class StartScreen(Screen):
    BINDINGS = [
        Binding("ctrl+s", "start", _("Start"), id="start"),
        Binding("ctrl+o", "continue_saved", _("Continue"), id="continue"),
        Binding("ctrl+t", "statistics", _("Statistics"), id="statistics"),
        Binding("f1", "rules", _("Rules"), id="rules"),
        Binding("f2", "host_table", _("Host"), id="host-table"),
        Binding("f3", "join_table", _("Join"), id="join-table"),
        Binding("f4", "learn", _("Learn"), id="learn"),
        Binding("f5", "play_now", _("Play now"), id="play-now"),
        Binding("f6", "ratings", _("Ratings"), id="ratings"),
        Binding("f7", "daily", _("Daily"), id="daily", tooltip=_("Today's daily deal of the variant chosen above")),
        Binding("question_mark", "help", _("Keys"), id="help"),
        Binding("ctrl+q", "app.quit", _("Quit"), id="quit"),
        # Before Textual's own tab: a field below the first screen may not be built yet (see
        # StartScreen._complete_the_form); these wait for it, so the order is always the same.
        Binding("tab", "next_field", show=False, priority=True),
        Binding("shift+tab", "previous_field", show=False, priority=True),
    ]
    # Left off the footer first when its keys do not fit (Hungarian at 80 columns): ctrl+q quits
    # every screen, and the keys screen (?) lists both.
    FOOTER_SPARE = ("app.quit", "statistics", "ratings")
    # The variant list has the focus from the start (it is focused once filled in any case):
    # Textual's first focusable, the form itself, was focused and then restyled with all it held.
    AUTO_FOCUS = "#variant"

    def __init__(self) -> None:
        super().__init__()
        self.variants: dict[str, Variant] = {}
        self.lessons_done: set[str] = set()  # the variants whose lesson is done (marked in the list)
        self.variant: Variant | None = None  # the one highlighted; None until the variants are loaded
        self._marked: int | None = None  # the variant row drawn with ">"
        self.players = 0
        # The seat and setting rows are rebuilt when the variant or the player count changes.
        # A rebuild removes the old rows and mounts new ones with the same ids, so rebuilds run
        # one at a time, each waiting for the removal (keys held down ask for many of them).
        self._form_lock = asyncio.Lock()
        self._stale: set[str] = set()  # parts of the form to rebuild: "players", "seats", "settings"
        # Builds asked for and not finished: the first build and the rest of the form count from the start.
        self._busy = 2
        self._rest_built = False  # the form below the first screen (see _complete_the_form)
        self._rest_wanted = asyncio.Event()
        self._rest_done = asyncio.Event()
        self._first_size: tuple[int, int] | None = None  # the window the first screen was built for
        self._start_requested = False  # Start pressed while the form was still being built
        self._started = False
        self._back_from_form = False  # a shared-table form just closed: ctrl+s asks once before starting
        self._kept_seats: dict[int, tuple[str, object]] = {}  # names and kinds typed, kept through a rebuild

    @property
    def form_ready(self) -> bool:
        """Every row of the form is mounted for the variant and player count shown."""
        return self._busy == 0

    @property
    def chosen(self) -> Variant:
        """The variant chosen in the form (the form is built once the variants are loaded)."""
        if self.variant is None:
            raise LookupError("the start form has no variant before the variants are loaded")
        return self.variant

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start-form"):
            yield Static(_("Rummy: five variants, against the computer or hot-seat"), id="start-title")
            yield VariantList(id="variant")  # the form's rows come below it, once the variants are loaded
        yield KeyLine()

    def _variant_prompt(self, variant, highlighted: bool = False) -> Text:
        """The variant's row; the highlighted one starts with ">", which shows without colour too;
        a variant whose lesson is done says so."""
        from .lessons import done_mark

        prompt = Text("> " if highlighted else "  ", style="bold")
        prompt.append(variant.shown_name(), style="bold")
        prompt.append(f"  {players_text(variant)}", style="")
        if variant.key in self.lessons_done:
            prompt.append("  " + done_mark(_("lesson done"), getattr(self.app, "ascii_only", False)), style="green")
        prompt.append("\n")
        prompt.append(variant.shown_description(), style="dim")
        return prompt

    def _mark_highlighted_variant(self, picker: OptionList) -> None:
        """The ">" on the highlighted variant's row: only the rows it leaves and comes to are made
        again (each row made again is drawn again, and the list is highlighted once it is filled)."""
        if picker.highlighted == self._marked:
            return
        keys = list(self.variants)
        for index in (index for index in {self._marked, picker.highlighted} if index is not None):
            variant = self.variants[keys[index]]
            picker.replace_option_prompt_at_index(index, self._variant_prompt(variant, index == picker.highlighted))
        self._marked = picker.highlighted

    def on_mount(self) -> None:
        # The variants and the form come right after the app's first frame, so it shows at once.
        self.app.call_after_refresh(self._load_variants_if_shown)
        self.watch(self.query_one("#start-form"), "scroll_y", self._want_the_rest, init=False)

    def _load_variants_if_shown(self) -> None:
        """Fill the form, unless the screen was closed before the frame came (a key pressed at
        once): a worker started on a closed screen is never cancelled and finds no form."""
        if self.is_attached and self in self.app.screen_stack:
            self.run_worker(self._load_variants(), group="start-form")

    async def _load_variants(self) -> None:
        from variants import registry

        from .lessons import finished_lessons

        self.lessons_done = await finished_lessons()
        try:
            # Drawn once, whole: a frame for each part as it came cost more CPU than the parts.
            async with self._form_lock:
                with self.app.batch_update():
                    self.variants = registry()
                    self.variant = next(iter(self.variants.values()))
                    self.players = self.variant.min_players
                    picker = self.query_one("#variant", OptionList)
                    picker.add_options(
                        [
                            Option(self._variant_prompt(v, index == 0), id=key)
                            for index, (key, v) in enumerate(self.variants.items())
                        ]
                    )
                    self._marked = 0
                    picker.highlighted = 0
                    picker.focus()
                    self._rest_built = not await self._build_details()
                    if not self._rest_built:
                        self._scroll_bar_from_the_start()
                self.check_idle()  # the screen may have gone idle during the batch: drawn now
            served.first_screen_complete_once_drawn(self.app)
        finally:
            self._busy -= 1
        self.run_worker(self._complete_the_form(), group="start-form")
        self._start_if_requested()

    def _scroll_bar_from_the_start(self) -> None:
        """The form left below the first screen will not fit: its scroll bar shows at once, so the
        first frame is laid out at the width the form keeps (Textual adds a scroll bar a frame
        after it finds the content too tall, and every line was laid out and drawn again)."""
        self.query_one("#start-form").styles.overflow_y = "scroll"

    async def _build_details(self) -> bool | None:
        """The part of the form the first screen can show: Players, the seats and the settings
        that may fit (all of it on a tall window); True if the rest is left for later (see
        _complete_the_form). Each widget costs a few milliseconds of CPU, and a crowd of
        visitors arriving at once waits for every one of theirs. (The host's form, a subclass,
        builds all of its form here and returns None.)"""
        self._first_size = (self.app.size.width, self.app.size.height)
        in_view = self._setting_rows_in_view()
        await self.query_one("#start-form").mount_all(
            [
                CaptionRow(
                    _("Players"),
                    Select(
                        self._player_choices(),
                        value=self.players,
                        allow_blank=False,
                        id="players",
                        classes="after-caption",
                    ),
                    classes="row",
                ),
                Vertical(*self._seat_rows(), id="seats"),
                Static(_("Settings"), classes="section"),
                Vertical(*self._setting_rows(stop=in_view), id="settings"),
            ]
        )
        if in_view > len(self.chosen.settings):  # the seed and the buttons show too
            await self._build_the_rest()
            return False
        return True

    def _setting_rows_in_view(self) -> int:
        """At most how many setting rows the first screen shows: every line above them and every
        row takes at least one line (a variant's description at least its length over the
        screen's width, the list at most its greatest height)."""
        width, height = self.app.size
        variant_lines = sum(1 + -(-cell_len(v.shown_description()) // max(width, 1)) for v in self.variants.values())
        most = self.query_one("#variant").styles.max_height
        if most is not None and most.is_cells:
            variant_lines = min(variant_lines, int(most.value))
        title, players, footer = 1, 1, 1
        gap_and_heading = 3  # the list's bottom margin, then the heading's padding and its line
        above = title + variant_lines + players + self.players + gap_and_heading
        return max(0, height - footer - above)

    async def _complete_the_form(self) -> None:
        """The rest of the form, below the first screen: the settings that did not fit, the seed,
        the clock and the buttons. A game of `rummy serve` builds it when the visitor first
        needs it (tab or shift+tab, Start, a scroll, a click, a resize), since a crowd arriving
        at once waits for every game's first screen and most visitors go straight to a variant;
        a game on one's own terminal builds it as soon as the first screen is drawn."""
        try:
            if not self._rest_built:
                await (self._rest_wanted.wait() if builds_the_rest_on_demand() else self.wait_for_refresh())
                async with self._form_lock:
                    if not self._rest_built:
                        await self._build_the_rest()
                        self._rest_built = True
                        self.query_one("#start-form").styles.overflow_y = None  # the style sheet's again
                # Laid out before a tab waiting for it moves on: Textual orders the fields by place.
                # (The screen's own refresh: the app's may be held by that tab's binding.)
                await self.wait_for_refresh()
        finally:
            self._busy -= 1
            self._rest_done.set()  # a key waiting for it goes on, even if the screen closed meanwhile
        self._start_if_requested()

    def _want_the_rest(self) -> None:
        self._rest_wanted.set()

    def on_mouse_down(self) -> None:
        self._want_the_rest()

    def on_resize(self) -> None:
        if self._first_size is not None and (self.app.size.width, self.app.size.height) != self._first_size:
            self._want_the_rest()  # the first screen was measured for the old window

    async def _whole_form(self) -> None:
        """Wait until the form below the first screen is there (built now if it was not)."""
        if self.variant is not None and not self._rest_built:
            self._want_the_rest()
            await self._rest_done.wait()

    async def action_next_field(self) -> None:
        await self._whole_form()
        self.app.action_focus_next()

    async def action_previous_field(self) -> None:
        await self._whole_form()
        self.app.action_focus_previous()

    async def _build_the_rest(self) -> None:
        settings = self.query_one("#settings", Vertical)
        await settings.mount_all(self._setting_rows(start=len(settings.children)))
        await self.query_one("#start-form").mount_all(rest_of_the_form())

    def _ask_rebuild(self, *parts: str) -> None:
        """Rebuild the named parts of the form in the background: a held key asks for many
        rebuilds, and those still waiting when one starts are all done by that one."""
        self._stale.update(parts)
        self._busy += 1
        self.run_worker(self._rebuild(), group="start-form")

    async def _rebuild(self) -> None:
        """Bring the stale parts of the form up to date with the variant and player count,
        once every rebuild asked for before has finished."""
        try:
            async with self._form_lock:
                parts, self._stale = self._stale, set()  # what later requests asked for is done here too
                if "players" in parts:
                    players = self.query_one("#players", Select)
                    players.set_options(self._player_choices())
                    players.value = self.players
                if "seats" in parts:
                    await self._rebuild_seats()
                if "settings" in parts:
                    await self._rebuild_settings()
        finally:
            self._busy -= 1
        self._start_if_requested()

    def _start_if_requested(self) -> None:
        if self.form_ready and self._start_requested:
            self._start_requested = False
            if self.app.screen is self:  # not under the rules or the too-small screen meanwhile
                self.action_start()

    def _player_choices(self) -> list[tuple[str, int]]:
        variant = self.chosen
        return [(str(n), n) for n in range(variant.min_players, variant.max_players + 1)]

    async def _rebuild_seats(self) -> None:
        """The seats for the player count; names typed and kinds chosen stay as they were."""
        self._kept_seats = {
            seat: (
                self.query_one(f"#seat-name-{seat}", Input).value,
                self.query_one(f"#seat-kind-{seat}", Select).value,
            )
            for seat in range(self.players)
            if self.query(f"#seat-name-{seat}") and self.query(f"#seat-kind-{seat}")
        }
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        await seats.mount_all(self._seat_rows())

    async def _rebuild_settings(self) -> None:
        box = self.query_one("#settings", Vertical)
        await box.remove_children()
        await box.mount_all(self._setting_rows(stop=None if self._rest_built else self._setting_rows_in_view()))

    def _seat_rows(self) -> list[Horizontal]:
        return seat_rows(self.players, self._kept_seats)

    def _setting_rows(self, start: int = 0, stop: int | None = None) -> list[Horizontal]:
        return setting_rows(self.chosen, start, stop)

    @on(OptionList.OptionHighlighted, "#variant")
    @on(OptionList.OptionSelected, "#variant")
    def variant_chosen(self, event) -> None:
        self._mark_highlighted_variant(event.option_list)
        self.choose_variant(event.option.id)

    def choose_variant(self, key: str) -> None:
        if self.variant is None or key == self.variant.key or key not in self.variants:
            return
        self.variant = self.variants[key]
        self.players = max(self.variant.min_players, min(self.players, self.variant.max_players))
        self._ask_rebuild("players", "seats", "settings")

    @on(Select.Changed, "#players")
    def players_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.players:
            self.players = event.value
            self._ask_rebuild("seats")

    @on(Button.Pressed, "#start-game")
    def action_start(self) -> None:
        from rummy_tui.engine.variant import SettingError

        if self._started:
            return  # one game per start screen: a second Start would replace the table being built
        if self._back_from_form:  # ctrl+s was the form's Join or Host: a game here only when meant
            self._back_from_form = False
            self.notify(_("Back at the start screen: ctrl+s again starts a game at this terminal."))
            return
        if not self.form_ready:
            self._start_requested = True  # started as soon as the form is complete
            self._want_the_rest()
            return
        try:
            options = self.table_options()
        except (SettingError, ValueError) as error:
            self.query_one("#start-error", Static).update(str(error))
            return
        self._started = True
        navigation(self).start_game(**options)

    @on(Button.Pressed, "#continue-saved")
    def action_continue_saved(self) -> None:
        from .saved_games import SavedGamesScreen

        try:
            screen = SavedGamesScreen()
        except OSError as error:  # an unusable data folder: the message names it
            self.notify(str(error), severity="error", timeout=10)
            return

        def resume(game_id: str | None) -> None:
            if game_id:
                navigation(self).resume_game(game_id)

        self.app.push_screen(screen, resume)

    @on(Button.Pressed, "#show-stats")
    def action_statistics(self) -> None:
        from .stats import StatsScreen

        self.app.push_screen(StatsScreen())

    @on(Button.Pressed, "#show-rules")
    def action_rules(self) -> None:
        from .help import RulesScreen

        self.app.push_screen(RulesScreen(self.variant))

    def action_learn(self) -> None:
        from .lessons import LessonsScreen

        highlighted = self.variant.key if self.variant else None

        def learn(key: str | None) -> None:
            if key:
                navigation(self).start_lesson(key)

        self.app.push_screen(LessonsScreen(highlighted), learn)

    def action_help(self) -> None:
        from .help import KeysScreen

        self.app.push_screen(
            KeysScreen(
                [b for b in self.BINDINGS if not isinstance(b, Binding) or b.show],
                how_to=[_(step) for step in START_STEPS],
                extra=False,
            )
        )

    @on(Button.Pressed, "#host-table")
    def action_host_table(self) -> None:
        navigation(self).open_host_form()

    @on(Button.Pressed, "#daily-deal")
    def action_daily(self) -> None:
        navigation(self).open_daily(self.variant.key if self.variant is not None else "gin")

    @on(Button.Pressed, "#join-table")
    def action_join_table(self) -> None:
        navigation(self).open_join_form()

    def coming_back_from_form(self) -> None:
        """A host or join form opens over this screen: when it closes, a ctrl+s meant for it
        (its Host or Join) must not start a local game here."""
        self._back_from_form = True

    def on_key(self, event) -> None:
        if event.key != "ctrl+s":
            self._back_from_form = False

    def action_play_now(self) -> None:
        navigation(self).open_play_now(self.variant.key if self.variant else None)

    def action_ratings(self) -> None:
        navigation(self).open_ratings(self.variant.key if self.variant else None)

    @on(Button.Pressed, "#quit")
    def quit_pressed(self) -> None:
        self.app.exit()

    @on(Button.Pressed, "#language")
    def switch_language(self) -> None:
        """Remember the other language and start again in it (every screen's keys and texts are
        made in the language of the start, so the app restarts rather than patch them)."""
        from rummy_tui.storage.preferences import save_preference

        chosen = "en" if language() == "hu" else "hu"
        save_preference("language", chosen)
        navigation(self).restart_language = chosen
        self.app.exit()

    def table_options(self) -> dict:
        from .table_clock import chosen_clock

        variant = self.chosen
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#seat-name-{seat}", Input).value.strip() or default_name(seat)
            kind = self.query_one(f"#seat-kind-{seat}", Select).value
            if kind == "human":
                seats.append({"name": name, "kind": "human", "level": None})
            elif kind in {code for code, _words in seat_kinds()}:
                seats.append({"name": name, "kind": "ai", "level": str(kind).partition(":")[2]})
            else:
                raise ValueError(_("Choose who plays seat {number}.", number=seat + 1))
        settings = {}
        for name in variant.settings:
            settings[name] = setting_value(self, name)
        settings = variant.resolve_settings(settings)
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None  # None: an unpredictable seed (Game draws it)
        return {
            "variant": variant.key,
            "players": self.players,
            "settings": settings,
            "seed": seed,
            "seats": seats,
            "clock": chosen_clock(self),
        }
