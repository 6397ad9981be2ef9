"""The footer of the table and the start screen: Textual's, except that when its keys do not
fit it chooses which to leave off, and never the help key.

Textual's footer cuts whatever runs past the right edge, and the help key comes last, so a
selection that offers many moves (a joker: meld, lay off, joker, joker as) pushed "? Keys" off
screen, and the Hungarian start screen lost "f3 Belépés" and "^q Kilépés". Here, when the keys do
not fit, the command palette key goes first (ctrl+p still works, and the keys screen names it),
then the keys the screen names in ``FOOTER_SPARE`` (in that order), then the keys just before
the help key, so that it always shows. Every key left off still works; the keys screen lists
them all.

Textual also builds its footer anew whenever the keys may have changed: every key widget is
unmounted and new ones mounted and styled, which took about half the CPU time of a move at
the table. Here the key widgets stay: each takes the key it now shows, the spare ones are
hidden, and new widgets are mounted only when more keys show than ever before.
"""

from __future__ import annotations

from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

HELP_ACTION = "help"
PALETTE_CLASS = "-command-palette"


def key_cells(key: FooterKey) -> int:
    """The columns a footer key takes: its key with a cell either side, then its words and a cell."""
    if not key.description:
        return len(key.key_display)
    return len(key.key_display) + 2 + len(key.description) + 1


def cells(widgets: list) -> int:
    return sum(key_cells(widget) for widget in widgets if isinstance(widget, FooterKey))


def without(widgets: list, action: str) -> list:
    return [widget for widget in widgets if not (isinstance(widget, FooterKey) and widget.action == action)]


class KeepHelpFooter(Footer):
    _shown: tuple | None = None  # what the keys shown were made from (see recompose)

    def _keys_to_show(self) -> tuple:
        """Everything the footer's keys are made from: the screen's active bindings and the width."""
        if not self._bindings_ready:
            return ()
        bindings = tuple(
            (binding.key, binding.action, binding.description, binding.show, binding.group, enabled, tooltip)
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
        )
        return bindings, self.app.size.width, self.show_command_palette, self.compact

    async def recompose(self) -> None:
        """Textual recomposes the footer whenever the bindings may have changed (every focus
        change, every mount of a focusable widget: 17 times while the start screen is built);
        the same keys are not made again, and new keys take the key widgets there are."""
        if not self.is_attached or self._pruning or self._keys_to_show() == self._shown:
            return
        wanted = compose(self)
        if await self._show_in_place(wanted):
            return
        async with self.batch():  # Textual's recompose, with the widgets composed already
            await self.query_children("*").exclude(".-textual-system").remove()
            if self.is_attached:
                await self.mount_all(wanted)

    def compose(self):
        self._shown = self._keys_to_show()
        widgets = list(super().compose())
        for widget in widgets:
            if isinstance(widget, FooterKey):
                compact_from_the_start(widget, self.compact)
        room = self.app.size.width - 1
        if cells(widgets) <= room:
            yield from widgets
            return
        widgets = [w for w in widgets if "-command-palette" not in w.classes]
        for action in getattr(self.screen, "FOOTER_SPARE", ()):
            if cells(widgets) <= room:
                break
            widgets = without(widgets, action)
        help_keys = [w for w in widgets if isinstance(w, FooterKey) and w.action == HELP_ACTION]
        others = [w for w in widgets if w not in help_keys]
        room -= cells(help_keys)
        kept = []
        for widget in others:
            need = key_cells(widget) if isinstance(widget, FooterKey) else 0
            if need > room:
                break
            kept.append(widget)
            room -= need
        yield from kept + help_keys

    def on_resize(self) -> None:
        if self.is_attached:
            self.call_after_refresh(self.recompose)

    async def _show_in_place(self, wanted: list[Widget]) -> bool:
        """Show the ``wanted`` keys with the key widgets there are; False, changing nothing,
        when the footer holds anything but keys (Textual's binding groups)."""
        current = [child for child in self.children if not child.has_class("-textual-system")]
        if not all(isinstance(widget, FooterKey) for widget in [*current, *wanted]):
            return False
        keys = [key for key in current if not key.has_class(PALETTE_CLASS)]
        palette = [key for key in current if key.has_class(PALETTE_CLASS)]
        wanted_keys = [key for key in wanted if not key.has_class(PALETTE_CLASS)]
        wanted_palette = [key for key in wanted if key.has_class(PALETTE_CLASS)]
        if len(palette) != len(wanted_palette) or any(key.has_class("-grouped") for key in wanted):
            return False
        for shown, key in [*zip(keys, wanted_keys, strict=False), *zip(palette, wanted_palette, strict=True)]:
            show_key(shown, key)  # type: ignore[arg-type]
        for spare in keys[len(wanted_keys) :]:
            if spare.display:  # setting it again would ask for a layout all the same
                spare.display = False
        extra = wanted_keys[len(keys) :]
        if extra:
            place = {"after": keys[-1]} if keys else {"before": palette[0]} if palette else {}
            await self.mount_all(extra, **place)
        return True


def compact_from_the_start(key: FooterKey, compact: bool) -> None:
    """Give a new key the footer's compact style before it mounts: Textual's keys start compact
    and take the footer's (not compact) once mounted, and each change restyled the key twice."""
    key.set_reactive(FooterKey.compact, compact)
    key.set_class(compact, "-compact", update=False)


def key_looks(key: FooterKey) -> tuple:
    return (key.key, key.key_display, key.description, key.action, key._disabled, key.tooltip)


def show_key(shown: FooterKey, key: FooterKey) -> None:
    """Make the key widget ``shown`` show what ``key`` (composed, never mounted) would."""
    if not shown.display:
        shown.display = True
    if key_looks(shown) == key_looks(key):
        return
    same_width = key_cells(shown) == key_cells(key)
    shown.key, shown.key_display, shown.description, shown.action = (
        key.key,
        key.key_display,
        key.description,
        key.action,
    )
    shown._disabled = key._disabled
    shown.set_class(key._disabled, "-disabled")
    shown.tooltip = key.tooltip
    shown.refresh(layout=not same_width)  # a key as wide as the last one takes its place as it is
