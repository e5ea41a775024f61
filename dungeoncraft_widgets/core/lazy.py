"""Names a game package offers but imports only when first used.

The analysis (sympy, networkx) and the widgets (ipywidgets) are heavy; playing a
game needs none of them. A game's ``__init__`` maps such names to the module that
holds them and sets ``__getattr__ = lazy_attributes(__name__, that_map)``.

>>> getattr_ = lazy_attributes("dungeoncraft_widgets.core", {"Rng": "rng"})
>>> getattr_("Rng").__name__
'Rng'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_attributes(package: str, modules: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` that imports ``package.<modules[name]>`` for ``name``."""

    def __getattr__(name: str) -> object:
        if name in modules:
            return getattr(importlib.import_module(f"{package}.{modules[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
