"""Results and positions in plain text: for a terminal, a script, ``print``.

``print(state)`` shows a game as python-chess's ``print(board)`` does: the board in
text (a game draws it in its state's ``text_board()``; without one, nothing is
drawn) and a status line saying whose turn it is and how many actions are legal.

Odds results can take :class:`ResultDisplay`: ``repr`` is then a one-line summary
instead of every field, and IPython and Jupyter show the result's table.

>>> print(text_table(["swords", "P(win)", "%"], [(0, "0", "0.0%"), (2, "13/18", "72.2%")]))
swords  P(win)  %
------  ------  -----
     0  0       0.0%
     2  13/18   72.2%
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from .english import count, listing, possessive


def status_line(state: Any) -> str:
    """Whose turn it is and how many actions are legal, or the final scores.

    >>> from dungeoncraft_widgets import demo_game
    >>> state = demo_game.new_game(players=["You", "Bot"], seed=1)
    >>> status_line(state)
    'Your turn: 1 legal action.'
    """
    names = state.players
    if state.is_over:
        scores = ", ".join(f"{name} {score}" for name, score in
                           zip(names, state.scores(), strict=True))
        return f"Game over. Scores: {scores}."
    player = state.current_player
    if player is None:
        return "Waiting: nobody is to act."
    if state.rng is None and state.viewer != player:  # a view: another player's choices
        return f"{possessive(names[player])} turn."   # may hang on what it does not show
    legal = len(state.legal_actions())
    return f"{possessive(names[player])} turn: {count(legal, 'legal action')}."


def state_text(state: Any) -> str:
    """The position as ``print(state)`` shows it: the game and its players, the
    board drawn in text (``state.text_board()``, where the game has one), and
    :func:`status_line`."""
    lines = [f"{game_title(state)}: {listing(list(state.players))}"]
    board = state.text_board().rstrip()
    if board:
        lines.append(board)
    lines.append(status_line(state))
    return "\n".join(lines)


def game_title(state: Any) -> str:
    """The game's name in words: the state's ``display_name`` if it has one, else
    its ``game_name`` in title case ("hero_vs_guardian" -> "Hero vs Guardian")."""
    if getattr(state, "display_name", ""):
        return state.display_name
    name = state.game_name or type(state).__name__
    small = {"vs", "of", "the", "and", "a"}
    words = name.replace("_", " ").split()
    return " ".join(w if i and w in small else w[:1].upper() + w[1:]
                    for i, w in enumerate(words))


def text_table(headers: Sequence[Any], rows: Sequence[Sequence[Any]]) -> str:
    """Columns lined up in plain text; numbers to the right, words to the left."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(len(headers))]
    numeric = [all(_is_number(row[i]) for row in cells[1:] if i < len(row)) and len(cells) > 1
               for i in range(len(headers))]

    def line(row: list[str], is_header: bool = False) -> str:
        parts = [c.rjust(w) if numeric[i] and not is_header else c.ljust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=False))]
        return "  ".join(parts).rstrip()
    out = [line(cells[0], True), "  ".join("-" * w for w in widths)]
    out += [line(row) for row in cells[1:]]
    return "\n".join(out)


def _is_number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


class ResultDisplay:
    """Mixed into a result class (a dataclass with ``repr=False``): ``repr`` is one
    line, ``summary()``; IPython's prompt prints ``str(self)``, the whole table.
    A class that gives ``table()`` (headers and rows) gets ``str`` and Jupyter's
    HTML from it; one with its own ``__str__`` and ``_repr_html_`` keeps them.

    >>> class Odds(ResultDisplay):
    ...     def summary(self): return "P(win) = 13/18"
    ...     def table(self): return ["swords", "P(win)"], [(2, "13/18")]
    >>> Odds()
    <Odds: P(win) = 13/18>
    >>> print(Odds())
    P(win) = 13/18
    swords  P(win)
    ------  ------
         2  13/18
    """

    def summary(self) -> str:
        raise NotImplementedError

    def table(self) -> tuple[Sequence[Any], Sequence[Sequence[Any]]]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.summary()}>"

    def __str__(self) -> str:
        return f"{self.summary()}\n{text_table(*self.table())}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self) if cycle else str(self))

    def _repr_html_(self) -> str:
        headers, rows = self.table()
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row)
                       + "</tr>" for row in rows)
        return (f"<div><b>{html.escape(self.summary())}</b><table class=\"dcw-table\">"
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")
