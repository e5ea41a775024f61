"""core/data.py: the quick schema check agrees with jsonschema, loading opens no file, and
the library leaves the process as it found it (no audit hook, no module removed, no
warnings filter, no environment variable)."""

from __future__ import annotations

import copy
import importlib
import json
import pkgutil
import subprocess
import sys

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dungeoncraft_widgets
from dungeoncraft_widgets.core.data import check_schema, conforms, no_files, read_json
from dungeoncraft_widgets.core.errors import DataFormatError


def _schemas():
    """Every JSON Schema the library holds: module-level *SCHEMA* dicts and each game's
    state_schema."""
    found: dict[str, dict] = {}
    for info in pkgutil.walk_packages(dungeoncraft_widgets.__path__, "dungeoncraft_widgets."):
        if info.name.endswith((".marimo", ".export")):
            continue  # front-end glue: needs its extra
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if "SCHEMA" in name.upper() and isinstance(value, dict) and value:
                found.setdefault(f"{module.__name__}.{name}", value)
    for name, game in dungeoncraft_widgets.GAMES.items():
        state = game.new_game(players=3 if name == "dubious_alliance" else 2, seed=1)
        found[f"{name} state_schema"] = type(state).state_schema
    return found


SCHEMAS = _schemas()


def _documents():
    """(schema name, a document that keeps it) pairs: the shipped data and saves."""
    from dungeoncraft_widgets.core.saves import SAVE_SCHEMA

    for name, game in dungeoncraft_widgets.GAMES.items():
        state = game.new_game(players=3 if name == "dubious_alliance" else 2, seed=3)
        for _ in range(25):
            if state.is_over:
                break
            state.apply(state.legal_actions()[0])
        yield f"{name} state_schema", type(state).state_schema, state._dump()
        yield f"{name} save", SAVE_SCHEMA, json.loads(state.to_json())


DOCUMENTS = list(_documents())


def test_every_schema_of_the_library_is_a_valid_schema():
    assert len(SCHEMAS) >= 10
    for name, schema in SCHEMAS.items():
        jsonschema.Draft202012Validator.check_schema(schema), name


def test_the_quick_check_knows_every_keyword_the_library_uses():
    """No schema of the library sends a good document to jsonschema."""
    for name, schema, doc in DOCUMENTS:
        assert conforms(doc, schema) is True, name


def _mutants(doc, draw):
    """``doc`` with one value somewhere replaced, removed or added."""
    doc = copy.deepcopy(doc)
    node, steps = doc, draw(st.integers(0, 6))
    for _ in range(steps):
        children = (list(node.items()) if isinstance(node, dict)
                    else list(enumerate(node)) if isinstance(node, list) else [])
        children = [(k, v) for k, v in children if isinstance(v, (dict, list)) and v]
        if not children:
            break
        _key, node = draw(st.sampled_from(children))
    value = draw(st.sampled_from([None, True, False, 0, 1, 1.0, 2.5, -1, "", "x", "A1", [],
                                  [1, 1], [True, 1], {}, {"": None}, 10**6]))
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node)))
        how = draw(st.sampled_from(["replace", "remove", "add"]))
        if how == "replace":
            node[key] = value
        elif how == "remove":
            del node[key]
        else:
            node["extra_key"] = value
    elif isinstance(node, list) and node:
        index = draw(st.integers(0, len(node) - 1))
        if draw(st.booleans()):
            node[index] = value
        else:
            node.append(copy.deepcopy(node[index]) if draw(st.booleans()) else value)
    return doc


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_the_quick_check_agrees_with_jsonschema(data):
    """Never says yes where jsonschema says no, and says no (or does not know) where it does."""
    name, schema, doc = data.draw(st.sampled_from(DOCUMENTS), label="document")
    doc = _mutants(doc, data.draw)
    verdict = jsonschema.Draft202012Validator(schema).is_valid(doc)
    quick = conforms(doc, schema)
    assert quick is None or quick == verdict, name


@pytest.mark.parametrize(("doc", "schema", "verdict"), [
    (True, {"enum": [1]}, False),                       # a bool is not a number here
    (1.0, {"type": "integer"}, True),
    ([1, True], {"uniqueItems": True}, True),
    ([1, 1.0], {"uniqueItems": True}, False),
    ({"a": 1}, {"propertyNames": {"pattern": "^b"}}, False),
    ([1, "x"], {"prefixItems": [{"type": "integer"}], "items": {"type": "string"}}, True),
    ([1, 2], {"prefixItems": [{"type": "integer"}], "items": False}, False),
    (5, {"if": {"minimum": 3}, "then": {"maximum": 4}, "else": {"const": 0}}, False),
    ({"x": 1}, {"$defs": {"n": {"type": "string"}},
                "additionalProperties": {"$ref": "#/$defs/n"}}, False),
    (2, {"oneOf": [{"minimum": 1}, {"maximum": 3}]}, False),
])
def test_the_quick_check_on_the_keywords_it_knows(doc, schema, verdict):
    assert conforms(doc, schema) is verdict
    assert jsonschema.Draft202012Validator(schema).is_valid(doc) is verdict


def test_a_broken_document_gets_jsonschemas_message():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}}
    with pytest.raises(DataFormatError, match=r"^doc: n: 4 is greater than the maximum of 3$"):
        check_schema({"n": 4}, schema, "doc")


def test_while_a_save_loads_only_the_librarys_own_files_are_read(tmp_path):
    own = next(pathlib_data_files())
    outside = tmp_path / "cards.json"
    outside.write_text("{}")
    with no_files("saved game"):
        assert isinstance(read_json(own, "shipped"), dict)
        assert read_json({"a": [1]}, "data") == {"a": [1]}
        for path in (outside, own.parent / ".." / ".." / ".." / str(outside)[1:]):
            with pytest.raises(DataFormatError, match="saved game: may not open"):
                read_json(path, "cards")
    assert read_json(outside, "cards") == {}  # outside a load, a path is read as asked


def pathlib_data_files():
    import pathlib

    return pathlib.Path(dungeoncraft_widgets.__file__).parent.glob("*/data/*.json")


FRESH_PROCESS = r"""
import json, os, sys, warnings
def snapshot():
    return {
        "modules": sorted(sys.modules),
        "none_modules": sorted(k for k, v in sys.modules.items() if v is None),
        "filters": [repr(f) for f in warnings.filters],
        "env": dict(os.environ),
        "path": list(sys.path),
        "recursion": sys.getrecursionlimit(),
    }
# What the library needs, imported first: what they do on import is theirs.
import anywidget, ipywidgets, networkx, sympy, traitlets  # noqa: E401
before = snapshot()
audit_events = []
sys.addaudithook(lambda event, args: event == "sys.addaudithook" and audit_events.append(1))
import dungeoncraft_widgets
for name, game in dungeoncraft_widgets.GAMES.items():
    state = game.new_game(players=3 if name == "dubious_alliance" else 2, seed=5)
    for _ in range(15):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    game.load_game(state.to_json())
    state.view(0)
    str(state)
from dungeoncraft_widgets.adventure_land import AdventureLandApp, FightCalculator
app = AdventureLandApp(players=["You", "Bot"], seed=7)
app.act(app.state.legal_actions()[0])
FightCalculator()
from dungeoncraft_widgets.core.data import check_schema
try:
    check_schema({"a": "x"}, {"properties": {"a": {"type": "integer"}}}, "doc")
except ValueError:
    pass
after = snapshot()
import jsonschema  # imported by the library for the broken document above
print(json.dumps({"before": before, "after": after, "audit_hooks_added": len(audit_events),
                  "iri": "iri" in jsonschema.FormatChecker.checkers}))
"""


@pytest.mark.slow
def test_the_library_changes_nothing_in_the_process_but_its_own_modules():
    """Importing the library, playing (in the engines and in an app), saving, loading and
    checking a schema leave sys.modules (but the library's own modules and what they
    import), the warnings filters, the environment, sys.path and the recursion limit as
    they were, and install no audit hook; jsonschema keeps its "iri" format check."""
    out = subprocess.run([sys.executable, "-c", FRESH_PROCESS], capture_output=True,
                         text=True, check=True).stdout
    result = json.loads(out)
    before, after = result["before"], result["after"]
    assert result["audit_hooks_added"] == 0
    assert set(before["modules"]) <= set(after["modules"])
    assert after["none_modules"] == before["none_modules"]
    for key in ("filters", "env", "path", "recursion"):
        assert after[key] == before[key], key
    import importlib.util

    if importlib.util.find_spec("rfc3987_syntax") is not None:
        assert result["iri"], "jsonschema lost its iri format check"
