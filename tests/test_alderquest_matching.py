"""The Matching Board's cascade: a property test over random positions, and matches checked
against a plain reference implementation of "3 or more like runes in a row or column"."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dungeoncraft_widgets.alderquest import matching
from dungeoncraft_widgets.alderquest.matching import (
    Board,
    cascade,
    cells_by_definition,
    find_matches,
)
from dungeoncraft_widgets.core.errors import InvalidArgumentError

WIDTH, HEIGHT = 4, 6
PIECES = list("BGHT") + ["r1", "r2", "b1", "b3", "rs", "bs"]


boards = st.lists(st.lists(st.sampled_from(PIECES), max_size=HEIGHT), min_size=WIDTH,
                  max_size=WIDTH).map(lambda cols: Board(WIDTH, HEIGHT, cols))


@settings(max_examples=200, deadline=None)
@given(boards)
def test_matches_are_exactly_the_aligned_like_runes(board):
    found = {cell for m in find_matches(board) for cell in m.cells}
    assert found == cells_by_definition(board)
    for m in find_matches(board):
        assert m.size >= 3 and len(set(m.cells)) == m.size


def no_match_board(cols):
    """Drop the pieces in one by one, skipping any that would make a match."""
    board = Board(WIDTH, HEIGHT)
    for c, col in enumerate(cols):
        for piece in col:
            board.cols[c].append(piece)
            if find_matches(board):
                board.cols[c].pop()
    return board


moves = st.one_of(
    st.tuples(st.just("drop"), st.sampled_from("ABCD"), st.sampled_from(PIECES)),
    st.tuples(st.just("swap"), st.integers(0, 40)),
    st.tuples(st.just("slide"), st.integers(0, 40)),
    st.tuples(st.just("line")),
)


def concrete(board, move):
    """Turn a drawn move into a legal one on ``board`` (or None)."""
    if move[0] == "drop":
        if board.column_full(ord(move[1]) - 65) and not board.is_full():
            free = [c for c in range(WIDTH) if not board.column_full(c)]
            return ("drop", chr(65 + free[0]), move[2])
        return move
    if move[0] == "line":
        return move
    pairs = []
    for c, col in enumerate(board.cols):
        for r in range(len(col)):
            here = f"{chr(65 + c)}{r + 1}"
            if move[0] == "swap":
                if r + 1 < len(col):
                    pairs.append(("swap", here, f"{chr(65 + c)}{r + 2}"))
                if c + 1 < WIDTH and r < len(board.cols[c + 1]):
                    pairs.append(("swap", here, f"{chr(66 + c)}{r + 1}"))
            else:
                for dc in (-1, 1):
                    if 0 <= c + dc < WIDTH and len(board.cols[c + dc]) <= r:
                        pairs.append(("slide", here, chr(65 + c + dc)))
    return pairs[move[1] % len(pairs)] if pairs else None


@settings(max_examples=250, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=HEIGHT), min_size=WIDTH,
                max_size=WIDTH), moves, st.lists(st.sampled_from(PIECES), max_size=40),
       st.sampled_from(["GT", "BH"]), st.sampled_from("rb"))
def test_after_any_move_no_match_is_left_nothing_floats_and_every_rune_is_counted(
        cols, move, new_runes, allies, colour):
    board = no_match_board(cols)
    move = concrete(board, move)
    if move is None:
        return
    before = board.copy()
    used = []

    def supply():
        for rune in new_runes:
            used.append(rune)
            yield rune

    result = cascade(board, allies, colour, [move], new_runes=supply())
    assert board == before  # the position given is not changed
    final = result.board
    if not result.ended:
        assert find_matches(final) == []  # the cascade ran to the end
    for c in range(WIDTH):  # nothing floats: each column is filled from the bottom
        heights = [final.get(c, r) is not None for r in range(HEIGHT)]
        assert heights == sorted(heights, reverse=True)
    added = [move[2]] if move[0] == "drop" else []
    start = before.count() + Counter(added) + Counter(used)
    end = (final.count() + Counter(result.collected) + Counter(result.discarded)
           + Counter(result.scored) + Counter(result.snowflakes))
    assert start == end  # every rune accounted for
    assert all(len(r) == 1 and r in allies for r in result.collected)
    assert all(len(t) == 2 and t[0] != colour and t[1] != "s" for t in result.scored)


def test_a_line_of_four_exalts_and_of_five_draws_a_legendary():
    board = Board.from_rows(["G---", "G---", "G---", "G---", "TBHT"])
    result = cascade(board, "GT", "r", [("drop", "A", "G")])
    assert [m.size for m in result.matches] == [5] and result.exalted == "G"
    assert result.legendary == 1 and result.collected == ["G"] * 5
    enemy = cascade(Board.from_rows(["HHH-"]), "GT", "r", [("drop", "D", "H")],
                    exalted="H", new_runes="TGBT")
    assert enemy.exalted is None and enemy.exalt_changes == [("H", None)]
    steal = cascade(Board.from_rows(["HHH-"]), "BH", "b", [("drop", "D", "H")], exalted="T")
    assert steal.exalted == "H"


def test_an_l_shape_is_one_match():
    (match,) = find_matches(Board.from_rows(["G---", "G---", "GGGT"]))
    assert match.size == 5 and match.kind == "G"
    (cross,) = find_matches(Board.from_rows(["-G--", "GGG-", "-G--"]))
    assert cross.size == 5


def test_a_new_line_fills_only_columns_that_are_not_full():
    board = Board(4, 3, [["T", "G", "H"], ["G"], ["H"], ["B", "G", "T"]])
    result = cascade(board, "GT", "r", [("line",)], new_runes="BGHT")
    assert result.steps[0]["lines"] == [[None, "B", "G", None]]


def test_a_cascade_that_runs_out_of_new_runes_says_so():
    result = cascade(Board.from_rows(["HHH-"]), "GT", "r", [("drop", "D", "H")],
                     new_runes="B")
    assert result.starved and result.discarded == ["H"] * 4


def test_bad_boards_are_refused():
    with pytest.raises(InvalidArgumentError, match="width must be a whole number from 3 to 26"):
        Board(2, 6)
    with pytest.raises(InvalidArgumentError, match="at most 6"):
        Board(4, 6, [list("GGGGGGG"), [], [], []])
    with pytest.raises(InvalidArgumentError, match="at most 64 Board moves"):
        cascade(Board(4, 6), "GT", "r", [("line",)] * 65)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=HEIGHT), min_size=WIDTH,
                max_size=WIDTH), moves, st.lists(st.sampled_from(PIECES), max_size=40))
def test_looking_only_along_changed_lines_finds_what_a_whole_board_look_finds(
        cols, move, new_runes):
    """A cascade's rounds look at the lines through the cells that changed (the rest of the
    Board held no match); looking at the whole Board every round gives the same cascade."""

    board = no_match_board(cols)
    move = concrete(board, move)
    if move is None:
        return
    quick = cascade(board, "GT", "r", [move], new_runes=list(new_runes))
    look = matching.may_match_at
    matching.may_match_at = lambda board, cells: True  # every round: the whole Board
    try:
        whole = cascade(board, "GT", "r", [move], new_runes=list(new_runes))
    finally:
        matching.may_match_at = look
    assert quick.steps == whole.steps and quick.board == whole.board


def test_a_rune_that_falls_two_rows_makes_the_next_match():
    # A3:B3 makes Guardians in A1-A3; once they go, the two Hunters above fall to A1 and A2,
    # and A2 lines up with B2 and C2 (a row the cascade's next look must include)
    board = Board(WIDTH, HEIGHT, [list("GGTHH"), list("BHG"), list("TH"), list("B")])
    assert not find_matches(board)
    result = cascade(board, "GT", "r", [("swap", "A3", "B3")], new_runes="TBGB")
    assert [(m.kind, m.names) for m in result.matches] == [
        ("G", ["A1", "A2", "A3"]), ("H", ["A2", "B2", "C2"])]
    assert result.discarded == ["H", "H", "H"] and result.collected == ["G", "G", "G"]
