"""The registry of variants: every package (or module) in this package that defines ``VARIANT``.

Adding a sixth variant means adding one package here; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from rummy_tui.engine.variant import SettingError, Variant, install_lookup

ORDER = ("gin", "ten-card", "hungarian", "traditional", "basic")


@cache
def registry() -> dict[str, Variant]:
    """All variants by key, the five of the mission first, any others after them."""
    found: dict[str, Variant] = {}
    for module_info in pkgutil.iter_modules(__path__):
        if module_info.name.startswith("_"):  # helpers shared by variants, not variants
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        variant = getattr(module, "VARIANT", None)
        if isinstance(variant, Variant):
            found[variant.key] = variant
    ranked = sorted(found, key=lambda key: (ORDER.index(key) if key in ORDER else len(ORDER), key))
    return {key: found[key] for key in ranked}


def get_variant(key: str) -> Variant:
    variants = registry()
    if key not in variants:
        raise SettingError(f"unknown variant '{key}' (choose one of: {', '.join(variants)})")
    return variants[key]


install_lookup(get_variant)  # Game("gin", ...) finds its variant here; the engine never imports this package
