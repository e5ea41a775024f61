"""What a board sends to the browser: a patch of what changed after the first drawing, the
whole scene when asked or when a patch would not be smaller, and the whole scene in the
saved state before a notebook is saved (issue 27)."""

from __future__ import annotations

import json

import comm
import pytest
from comm.base_comm import BaseComm

from dungeoncraft_widgets.core.scene import Group, Rect, Scene, Text
from dungeoncraft_widgets.export import compact_widget_state
from dungeoncraft_widgets.widgets.board import BoardView, apply_patch, scene_patch


class Recording(BaseComm):
    log: list[tuple[str, dict]] = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        data = json.loads(json.dumps(data or {}))
        Recording.log.append((msg_type, {**data, "comm_id": self.comm_id}))


@pytest.fixture
def sent(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", Recording)
    Recording.log = []
    return Recording.log


def grid(marked: str | None = None, n: int = 40, shift: int = 0) -> Scene:
    scene = Scene(400, 100, title="grid")
    cells = [Rect(f"c{i}", i * 10 + shift, 0, 9, 9, label=f"cell {i}",
                  fill="#c33" if f"c{i}" == marked else "#eee") for i in range(n)]
    scene.add(Group("cells", cells))
    scene.add(Text("caption", 200, 50, f"marked: {marked}"))
    scene.clickable |= {c.id for c in cells}
    return scene


def messages(log, method):
    return [data for kind, data in log if kind == "comm_msg" and data.get("method") == method]


def test_a_small_change_goes_as_a_patch_that_rebuilds_the_scene(sent):
    board = BoardView(grid())
    before = board.scene
    sent.clear()
    board.show(grid("c3"))
    assert messages(sent, "update") == []  # the scene is not sent whole
    [patch] = [m["content"] for m in messages(sent, "custom")]
    assert patch["type"] == "patch" and (patch["from"], patch["to"]) == (1, 2)
    assert set(patch["set"]) == {"c3", "caption"} and patch["kids"] == {} and patch["meta"] == {}
    assert apply_patch(before, patch) == board.scene == grid("c3").to_dict()
    assert board.revision == 2 and board.patches_sent == 1
    assert len(json.dumps(patch)) * 10 < len(json.dumps(board.scene))


def test_a_change_of_most_of_the_scene_goes_whole(sent):
    board = BoardView(grid())
    sent.clear()
    board.show(grid(shift=1))  # every cell moves
    [update] = messages(sent, "update")
    assert update["state"]["scene"] == grid(shift=1).to_dict()
    assert update["state"]["revision"] == 2
    assert messages(sent, "custom") == [] and board.patches_sent == 0


def test_the_same_scene_again_sends_nothing(sent):
    board = BoardView(grid("c1"))
    sent.clear()
    board.show(grid("c1"))
    assert sent == []


def test_a_view_that_missed_a_patch_gets_the_whole_scene(sent):
    board = BoardView(grid())
    board.show(grid("c2"))
    sent.clear()
    board._receive(board, {"type": "want"}, [])
    [update] = messages(sent, "update")
    assert update["state"] == {"scene": grid("c2").to_dict(), "revision": 2}
    assert update["comm_id"] == board.comm.comm_id


def test_freezing_puts_the_whole_scene_in_the_saved_state_once(sent):
    board = BoardView(grid())
    sent.clear()
    BoardView.freeze_all()
    mine = [m for kind, m in sent if m.get("comm_id") == board.comm.comm_id]
    assert mine == []  # nothing to do: the state is whole
    board.show(grid("c5"))
    sent.clear()
    board.freeze()
    board.freeze()
    [update] = messages(sent, "update")
    assert update["state"]["scene"] == grid("c5").to_dict()


def test_observers_of_the_scene_are_told_of_a_patched_change(sent):
    board = BoardView(grid())
    seen = []
    board.observe(lambda change: seen.append(change["new"]["title"]), names="scene")
    board.show(grid("c7"))
    assert seen == ["grid"] and board.patches_sent == 1


@pytest.mark.parametrize("name", ["adventure_land", "dubious_alliance", "alderquest", "dobbers"])
def test_each_apps_patches_rebuild_its_board_exactly(name, sent):
    """Patches applied in order give the scene the app drew, action after action; in
    Adventure Land an action sends a fraction of the board."""
    from dungeoncraft_widgets.adventure_land import AdventureLandApp
    from dungeoncraft_widgets.alderquest import AlderQuestApp
    from dungeoncraft_widgets.dobbers import DobbersApp
    from dungeoncraft_widgets.dubious_alliance.app import DubiousAllianceApp

    make = {"adventure_land": lambda: AdventureLandApp(players=["You", "Bot"], seed=7),
            "dubious_alliance": lambda: DubiousAllianceApp(players=["You", "Bot", "Bot"],
                                                           seed=2),
            "alderquest": lambda: AlderQuestApp(seed=4),
            "dobbers": lambda: DobbersApp(players=["You", "Bot"], seed=7)}[name]
    app = make()
    boards = {b.comm.comm_id: b for b in BoardView._open if b.comm is not None}
    browser = {i: b.scene for i, b in boards.items()}
    patch_bytes = []
    for _ in range(8):
        if app.state.is_over or app.state.current_player != app.seat:
            break
        sent.clear()
        app.act(app.state.legal_actions()[0])
        for kind, data in sent:
            comm_id = data.get("comm_id")
            if kind != "comm_msg" or comm_id not in browser:
                continue
            if data["method"] == "update" and "scene" in data["state"]:
                browser[comm_id] = data["state"]["scene"]
            elif data["method"] == "custom" and data["content"].get("type") == "patch":
                browser[comm_id] = apply_patch(browser[comm_id], data["content"])
                if boards[comm_id] is app.board:
                    patch_bytes.append(len(json.dumps(data["content"])))
    for comm_id, board in boards.items():
        assert browser[comm_id] == board.scene
    if name == "adventure_land":
        assert patch_bytes and max(patch_bytes) * 3 < len(json.dumps(app.board.scene))


def test_scene_patch_follows_order_groups_and_type_changes():
    a = Scene(100, 100)
    a.add(Group("g", [Text("t", 1, 1, "one"), Rect("r", 0, 0, 1, 1)]))
    a.add(Rect("gone", 5, 5, 1, 1))
    b = Scene(100, 100, title="b")
    b.add(Rect("g", 0, 0, 3, 3))         # was a group
    b.add(Group("new", [Text("t", 1, 1, "moved in")]))
    patch = scene_patch(a.to_dict(), b.to_dict())
    assert apply_patch(a.to_dict(), patch) == b.to_dict()
    assert patch["kids"] == {"": ["g", "new"], "new": ["t"]}


def test_compacting_the_saved_state_drops_defaults_and_repeated_css():
    import ipywidgets

    layout = ipywidgets.Layout(width="10px")
    state = json.loads(json.dumps(layout.get_state()))
    board_a, board_b = BoardView(grid()), BoardView(grid("c1"))
    notebook = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {
        "state": {"L": {"state": state},
                  "A": {"state": json.loads(json.dumps(board_a.get_state(), default=str))},
                  "B": {"state": json.loads(json.dumps(board_b.get_state(), default=str))}},
        "version_major": 2, "version_minor": 0}}}}
    states = compact_widget_state(notebook)["metadata"]["widgets"][
        "application/vnd.jupyter.widget-state+json"]["state"]
    assert states["L"]["state"] == {"width": "10px"}
    assert states["A"]["state"]["_css"] and "_css" not in states["B"]["state"]
    assert states["B"]["state"]["scene"] == grid("c1").to_dict()
