"""A small notebook the export tests turn into a page: a game app, a calculator
with values typed in, and a formula in Markdown."""

from __future__ import annotations

import json
import pathlib

CELLS = [
    ("markdown", "# Exported\n\nHalf is $\\frac{1}{2}$."),
    ("code", "from dungeoncraft_widgets.adventure_land import AdventureLandApp\n"
             "AdventureLandApp(players=['You', 'Bot'], seed=7)"),
    ("code", "from dungeoncraft_widgets.adventure_land import FightCalculator\n"
             "fight = FightCalculator()\n"
             "fight.swords.value = '2, 1'\n"
             "fight.companions.value = 2\n"
             "fight"),
    ("code", "from dungeoncraft_widgets.widgets.panels import text_label\n"
             "text_label('Bot $3$ offers you a trade.')"),
]


def write(path: pathlib.Path) -> pathlib.Path:
    cells = [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": source,
              **({"execution_count": None, "outputs": []} if kind == "code" else {})}
             for i, (kind, source) in enumerate(CELLS)]
    path.write_text(json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}}}))
    return path
