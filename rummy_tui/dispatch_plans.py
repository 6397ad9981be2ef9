"""Which methods handle a message, worked out once for each kind of widget and message.

Textual 8.2.8 looks for a message's handlers (its `on_...` methods and those decorated with
`@on`) by walking the receiving widget's classes, and the message's, on every message it
delivers (each a Python call to `typing.cast` per class, names built, dictionaries read): about
250 messages on a served game's way to its complete start screen, a few percent of its CPU. The
classes never change, so the candidates for a kind of widget, a kind of message and a handler
name are worked out once: each class with handlers, in the order Textual walks them, with its
decorated handlers (for the message's classes, in order) and its handler by name. Delivering a
message then does what Textual does with them: it stops when the message's default action is
prevented, skips a handler already called, and matches the `@on` selectors against the message.
Imported by the app (every app of this package).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual._on import OnNoWidget
from textual.css.match import match
from textual.message import Message
from textual.message_pump import MessagePump

Candidates = tuple[tuple[type, tuple[tuple[Callable, dict[str, Any]], ...], Callable | None], ...]

_textual_dispatch_methods = MessagePump._get_dispatch_methods  # (tests/ui/test_dispatch_plans.py compares)
PLANS: dict[tuple[type, type, str], Candidates] = {}
PLANS_KEPT = 4096  # kinds of widget, message and handler name: a few hundred in a game


def candidates(receiver: type, message: type, method_name: str) -> Candidates:
    """The classes of ``receiver`` that may handle ``message``, as Textual walks them."""
    message_classes = [kind for kind in message.__mro__ if issubclass(kind, Message)]
    found = []
    for cls in receiver.__mro__:
        decorated = cls.__dict__.get("_decorated_handlers")
        handlers: list[tuple[Callable, dict[str, Any]]] = []
        if decorated:
            for message_class in message_classes:
                handlers.extend(decorated.get(message_class, []))
        method = cls.__dict__.get(f"_{method_name}") or cls.__dict__.get(method_name)
        by_name = method if method is not None and not getattr(method, "_textual_on", None) else None
        if handlers or by_name is not None:
            found.append((cls, tuple(handlers), by_name))
    return tuple(found)


def _planned_dispatch_methods(self: MessagePump, method_name: str, message: Message) -> Iterator[tuple[type, Callable]]:
    from textual.widget import Widget

    key = (type(self), type(message), method_name)
    plan = PLANS.get(key)
    if plan is None:
        if len(PLANS) >= PLANS_KEPT:
            PLANS.clear()
        plan = PLANS[key] = candidates(*key)
    methods_dispatched: set[Callable] = set()
    for cls, handlers, by_name in plan:
        if message._no_default_action:
            break
        for method, selectors in handlers:
            if method in methods_dispatched:
                continue
            if not selectors:
                yield cls, method.__get__(self, cls)
                methods_dispatched.add(method)
            else:
                if not message._sender:
                    continue
                for attribute, selector in selectors.items():
                    node = getattr(message, attribute)
                    if node is None:
                        break
                    if not isinstance(node, Widget):
                        raise OnNoWidget(f"on decorator can't match against {attribute!r} as it is not a widget.")
                    if not match(selector, node):
                        break
                else:
                    yield cls, method.__get__(self, cls)
                    methods_dispatched.add(method)
        if by_name is not None:
            yield cls, by_name.__get__(self, cls)


MessagePump._get_dispatch_methods = _planned_dispatch_methods  # type: ignore[method-assign]
