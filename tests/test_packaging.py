"""The package as users get it: the wheel's contents, the version, Binder's pins, the README."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tomllib
import zipfile

import pytest
from packaging.requirements import Requirement

import dungeoncraft_widgets

REPO = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(out), str(REPO)], check=True, capture_output=True)
    (path,) = out.glob("*.whl")
    return zipfile.ZipFile(path)


def test_wheel_ships_the_browser_code_and_data(wheel):
    names = set(wheel.namelist())
    for static in ("board.js", "board.css", "log.js"):
        assert f"dungeoncraft_widgets/widgets/static/{static}" in names
    for data in REPO.glob("dungeoncraft_widgets/*/data/*.json"):
        assert data.relative_to(REPO).as_posix() in names
    assert not any(n.startswith(("tests/", "notebooks/")) for n in names)


def test_version_comes_from_the_installed_metadata():
    assert dungeoncraft_widgets.__version__ == PYPROJECT["project"]["version"]


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"binder pin {line!r} is not an exact version"
            pins[name.lower().replace("_", "-")] = version
    return pins


def test_binder_pins_satisfy_the_package_requirements():
    pins = binder_pins()
    needed = [Requirement(r) for r in PYPROJECT["project"]["dependencies"]]
    needed.append(Requirement(PYPROJECT["project"]["optional-dependencies"]["lab"][0]))
    for req in needed:
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"binder/requirements.txt does not pin {req.name}"
        assert req.specifier.contains(pins[name]), f"{name}=={pins[name]} does not satisfy {req}"


def test_binder_installs_this_package_and_a_python_it_supports():
    post = (REPO / "binder" / "postBuild").read_text()
    assert "set -e" in post and "pip install" in post
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    major_minor = tuple(int(x) for x in runtime.removeprefix("python-").split("."))
    required = PYPROJECT["project"]["requires-python"].removeprefix(">=")
    assert major_minor >= tuple(int(x) for x in required.split("."))


def readme_command(marker: str) -> str:
    text = (REPO / "README.md").read_text()
    found = re.search(rf"<!-- {marker} -->\s*```(?:bash|sh)?\n(.+?)\n```", text, re.S)
    assert found, f"README has no {marker} block"
    return found.group(1).strip()


def test_readme_has_the_two_commands_and_ci_runs_the_test_one():
    open_cmd = readme_command("open-command")
    test_cmd = readme_command("test-command")
    assert "jupyter lab notebooks/00_tour.ipynb" in open_cmd
    assert "pytest" in test_cmd
    assert "test-command" in (REPO / ".ci" / "run").read_text()
    assert "urlpath=lab/tree/notebooks/00_tour.ipynb" in (REPO / "README.md").read_text()
