"""The test suite itself: no assert that cannot fail, no test that checks nothing.

Read from the tests' source (ast), not run: an ``assert x == y or "nothing"`` is always
true (the string is), an assert of ``isinstance`` alone says only what the type is, and a
test with no assert, no ``pytest.raises`` and no call to a helper that asserts passes
whatever the code does.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
FILES = sorted(p for p in TESTS.rglob("*.py") if p.name != "conftest.py")
#: What makes a call check something although it is no assert: pytest's own checks.
CHECKING_CALLS = {"raises", "warns", "fail", "approx", "deprecated_call"}


def _always_true(test: ast.expr) -> bool:
    """Whether the assert's test is true whatever the code does: a non-empty constant (a
    string, a number), or an ``or`` with such a constant among its operands."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
        return bool(getattr(test, "elts", None) or getattr(test, "keys", None))
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_always_true(v) for v in test.values)
    return False


def _type_check_only(test: ast.expr) -> bool:
    """``isinstance(...)`` / ``issubclass(...)`` (or several joined by ``and``)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return all(_type_check_only(v) for v in test.values)
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) \
        and test.func.id in ("isinstance", "issubclass")


def _called_names(node: ast.AST) -> set[str]:
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name):
                out.add(func.id)
            elif isinstance(func, ast.Attribute):
                out.add(func.attr)
    return out


def _checks_directly(node: ast.AST) -> bool:
    return any(isinstance(sub, ast.Assert) for sub in ast.walk(node)) \
        or bool(_called_names(node) & CHECKING_CALLS)


class Suite:
    """Every function of the test files, and which of them check something (an assert, a
    pytest check, or a call to a function of the suite that checks)."""

    def __init__(self, files: list[Path]) -> None:
        self.trees = {path: ast.parse(path.read_text(), str(path)) for path in files}
        functions: dict[str, list[ast.AST]] = {}
        for tree in self.trees.values():
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    functions.setdefault(node.name, []).append(node)
                elif isinstance(node, ast.ClassDef):  # a class of checks (a helper's)
                    functions.setdefault(node.name, []).append(node)
        # A name checks if some function of that name does: the fixed point of "asserts,
        # or calls a name that checks".
        self.checking = {name for name, nodes in functions.items()
                         if any(_checks_directly(n) for n in nodes)}
        changed = True
        while changed:
            changed = False
            for name, nodes in functions.items():
                if name not in self.checking and any(
                        _called_names(n) & self.checking for n in nodes):
                    self.checking.add(name)
                    changed = True

    def tests(self) -> list[tuple[Path, ast.FunctionDef]]:
        out = []
        for path, tree in self.trees.items():
            if not path.name.startswith("test_"):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and node.name.startswith("test_"):
                    out.append((path, node))
        return out

    def checks_something(self, test: ast.AST) -> bool:
        return _checks_directly(test) or bool(_called_names(test) & self.checking)


SUITE = Suite(FILES)


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(TESTS)}:{node.lineno}"


def always_true_lines(trees: dict[Path, ast.Module]) -> list[str]:
    return [_where(path, node) for path, tree in trees.items() for node in ast.walk(tree)
            if isinstance(node, ast.Assert) and _always_true(node.test)]


def type_only_tests(suite: Suite) -> list[str]:
    """Tests whose every assert is an isinstance/issubclass check (and that check nothing
    else: no pytest.raises, no checking helper)."""
    out = []
    for path, test in suite.tests():
        asserts = [n for n in ast.walk(test) if isinstance(n, ast.Assert)]
        others = _called_names(test) & (suite.checking | CHECKING_CALLS)
        if asserts and all(_type_check_only(a.test) for a in asserts) and not others:
            out.append(_where(path, test))
    return out


def unchecked_tests(suite: Suite) -> list[str]:
    return [_where(path, test) for path, test in suite.tests()
            if not suite.checks_something(test)]


def test_no_assert_is_always_true():
    assert always_true_lines(SUITE.trees) == []


def test_no_test_asserts_only_types():
    assert type_only_tests(SUITE) == []


def test_every_test_checks_something():
    assert unchecked_tests(SUITE) == []


@pytest.mark.parametrize(("source", "always_true", "types_only", "nothing"), [
    ('def test_a(x):\n    assert x == 1 or "nothing"\n', 1, 0, 0),
    ('def test_a(x):\n    assert (x == 1) or "nothing" or x\n', 1, 0, 0),
    ('def test_a(x):\n    assert x == ("a" or "nothing")\n', 0, 0, 0),
    ('def test_a(x):\n    assert "message"\n', 1, 0, 0),
    ('def test_a(x):\n    assert isinstance(x, int)\n', 0, 1, 0),
    ('def test_a(x):\n    assert isinstance(x, int) and issubclass(x, int)\n', 0, 1, 0),
    ('def test_a(x):\n    assert isinstance(x, int)\n    assert x == 2\n', 0, 0, 0),
    ('def test_a(x):\n    x.validate()\n', 0, 0, 1),
    ('import pytest\ndef test_a(x):\n    with pytest.raises(ValueError):\n        f(x)\n',
     0, 0, 0),
    ('def check(x):\n    assert x\ndef helper(x):\n    check(x)\ndef test_a(x):\n    helper(x)\n',
     0, 0, 0),
])
def test_the_lint_flags_what_it_should(tmp_path, source, always_true, types_only, nothing):
    """The three checks above on small test files: each flags its kind of test, and only it."""
    path = tmp_path / "test_sample.py"
    path.write_text(source)
    suite = Suite([path])
    suite.trees = {path: suite.trees[path]}
    global TESTS
    saved, TESTS = TESTS, tmp_path
    try:
        assert len(always_true_lines(suite.trees)) == always_true
        assert len(type_only_tests(suite)) == types_only
        assert len(unchecked_tests(suite)) == nothing
    finally:
        TESTS = saved
