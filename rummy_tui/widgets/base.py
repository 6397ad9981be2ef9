"""What every table widget shares: the view it renders from and the card colours."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.content import ContentType
from textual.widget import Widget, _BorderTitle

from rummy_tui.i18n import _

from .cards import CARD_CLASSES, CardLook
from .pictures import picture_key


@dataclass
class TableView:
    """One snapshot of the game as the viewing seat may see it."""

    observation: dict[str, Any]  # the viewer's observation (public parts only if hand_visible is False)
    names: list[str]
    kinds: list[str]  # "human" or an AI level, per seat
    viewer: int | None  # whose cards are shown; None hides every hand (hot-seat hand-off)
    variant: Any
    legal: list[str] = field(default_factory=list)  # offered to the viewer now (empty if not his turn)

    @property
    def hand_visible(self) -> bool:
        return self.viewer is not None

    def seat_label(self, seat: int) -> str:
        kind = self.kinds[seat]
        who = _("human") if kind == "human" else _("AI {level}", level=_(kind))
        return f"{self.names[seat]} ({who})"


class SteadyBorderTitle(_BorderTitle):
    """Textual's border title (or subtitle), which redraws its widget whenever it is set: this
    one only when it changes (the table sets every title at every move)."""

    def __set__(self, obj: Widget, title: Text | ContentType | None) -> None:
        key = picture_key(title)
        shown_name = self._internal_name + "_key"
        if key is not None and getattr(obj, shown_name, None) == key:
            return
        super().__set__(obj, title)
        setattr(obj, shown_name, key)


class Panel(Widget):
    """Shows one renderable. Unlike ``Static.update`` a new picture costs no layout pass: the
    panels have fixed sizes, and layout is what makes a key press slow. A picture that shows
    what is on screen already is not drawn again (each move updates every panel)."""

    border_title = SteadyBorderTitle()
    border_subtitle = SteadyBorderTitle()

    def __init__(self, renderable: RenderableType = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._picture: RenderableType = renderable
        self._picture_key: Hashable | None = None

    def update(self, renderable: RenderableType = "") -> None:
        key = picture_key(renderable)
        self._picture = renderable
        if key is not None and key == self._picture_key:
            return
        self._picture_key = key
        self.refresh()

    def render(self) -> RenderableType:
        return self._picture


class CardWidget(Panel):
    """A panel that draws cards in the colours its stylesheet gives them."""

    COMPONENT_CLASSES = CARD_CLASSES

    def card_look(self) -> CardLook:
        app = self.app
        styles = {name: self.get_component_rich_style(name, partial=True) for name in CARD_CLASSES}
        return CardLook(getattr(app, "ascii_only", False), getattr(app, "four_colour", False), styles)

    def show(self, view: TableView) -> None:
        raise NotImplementedError
