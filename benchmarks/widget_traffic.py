"""What the widgets send to the browser: bytes per click, and the size of a saved notebook.

Run: ``python benchmarks/widget_traffic.py [--actions 40] [--no-tour]``.
Run it again with ``PYTHONPATH=<an older checkout>`` to compare. Prints:

1. per game, the bytes the kernel sends to the browser for one action of the player
   (the app's own messages and the bots' answers drawn after it: every comm message,
   counted as the JSON text of its data), averaged over the first ``--actions``
   actions of a seeded game against the default bots (the player takes the first
   legal action each time), with the largest one; and the bytes of the first drawing
   (the widgets' state when the app is shown);
2. the tour (``notebooks/00_tour.ipynb``) run top to bottom as the offline export runs
   it (``dungeoncraft_widgets.export.execute``, which saves the widgets' state in the
   notebook), then written as a ``.ipynb``: its size, and the share of it that is
   widget state (the size less that of the same file without it). About 10 s.

No kernel is needed for table 1: every widget gets a comm that records what it
would send (``comm.create_comm`` replaced for this process only).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
import time

import comm
from comm.base_comm import BaseComm

ROOT = pathlib.Path(__file__).resolve().parents[1]
SENT: list[int] = []


class RecordingComm(BaseComm):
    """A comm that keeps the size of every message instead of sending it."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        text = json.dumps(data or {}, separators=(",", ":"), default=str)
        SENT.append(len(text.encode()) + sum(len(b) for b in buffers or ()))


def apps():
    """(game, a function making its app with seeded bots) for every game."""
    from dungeoncraft_widgets.adventure_land import AdventureLandApp
    from dungeoncraft_widgets.alderquest import AlderQuestApp
    from dungeoncraft_widgets.dobbers import DobbersApp
    from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp
    from dungeoncraft_widgets.hero_vs_guardian import HeroVsGuardianApp

    return [
        ("adventure_land", lambda: AdventureLandApp(players=["You", "Bot"], seed=7)),
        ("hero_vs_guardian", lambda: HeroVsGuardianApp(role="hero", seed=4)),
        ("dubious_alliance", lambda: DubiousAllianceApp(players=["You", "Bot", "Bot"], seed=2)),
        ("dobbers", lambda: DobbersApp(players=["You", "Bot"], seed=7)),
        ("alderquest", lambda: AlderQuestApp(seed=4)),
    ]


def per_click(make, actions: int) -> tuple[int, float, int, int]:
    """(bytes of the first drawing, mean bytes per action, the most for one, actions taken)."""
    SENT.clear()
    app = make()
    first = sum(SENT)
    sizes = []
    for _ in range(actions):
        state = app.state
        if state.is_over or state.current_player != app.seat:
            break
        legal = state.legal_actions()
        if not legal:
            break
        SENT.clear()
        app.act(legal[0])
        sizes.append(sum(SENT))
    mean = sum(sizes) / len(sizes) if sizes else 0.0
    return first, mean, max(sizes, default=0), len(sizes)


def saved_tour() -> tuple[int, int, float]:
    """(bytes of the executed tour, bytes of its widget state, seconds to run it)."""
    import nbformat

    from dungeoncraft_widgets.export import execute

    source = ROOT / "notebooks" / "00_tour.ipynb"
    notebook = nbformat.read(source, as_version=4)
    start = time.perf_counter()
    execute(notebook, source.parent)
    seconds = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "tour.ipynb"
        nbformat.write(notebook, path)
        total = path.stat().st_size
        notebook.metadata.pop("widgets", None)  # the same notebook without widget state
        nbformat.write(notebook, path)
        without = path.stat().st_size
    return total, total - without, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--no-tour", action="store_true", help="skip table 2")
    args = parser.parse_args(argv)
    comm.create_comm = RecordingComm
    print(f"1. bytes sent to the browser (the first {args.actions} actions of the player)")
    print(f"{'game':<18}{'first drawing':>15}{'per action':>12}{'most':>10}{'actions':>9}")
    for name, make in apps():
        first, mean, most, taken = per_click(make, args.actions)
        print(f"{name:<18}{first:>15,}{mean:>12,.0f}{most:>10,}{taken:>9}")
    if not args.no_tour:
        total, state, seconds = saved_tour()
        print("\n2. the tour run and saved with its widgets' state")
        print(f"notebook {total:,} bytes, of which widget state {state:,} "
              f"(run in {seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
