"""The package as users get it: the wheel's and sdist's contents, the metadata, the version,
Binder's pins, the README (its Python snippets run here as written)."""

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
    assert "jupyter lab --allow-root notebooks/00_tour.ipynb" in open_cmd
    assert "pytest" in test_cmd
    assert "test-command" in (REPO / ".ci" / "run").read_text()
    assert "urlpath=lab/tree/notebooks/00_tour.ipynb" in (REPO / "README.md").read_text()


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    import tarfile

    out = tmp_path_factory.mktemp("sdist")
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir",
                    str(out), str(REPO)], check=True, capture_output=True)
    (path,) = out.glob("*.tar.gz")
    with tarfile.open(path) as tar:
        return {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}


def readme_lines_files() -> set[str]:
    """The repository files the README's command lines name (notebooks, lite/build.py)."""
    text = (REPO / "README.md").read_text()
    named = set(re.findall(r"\b((?:notebooks|lite|docs)/[\w/.-]+\.(?:ipynb|py|svg))", text))
    return {n for n in named if (REPO / n).is_file()}


@pytest.mark.slow
def test_the_sdist_carries_what_the_readmes_lines_use(sdist):
    used = readme_lines_files()
    assert {"lite/build.py", "notebooks/00_tour.ipynb", "notebooks/table/fog_fight.ipynb",
            "notebooks/marimo/adventure_land.py"} <= used
    assert used <= sdist, sorted(used - sdist)
    for name in ("LICENSE", "CHANGELOG.md", "README.md", "binder/requirements.txt",
                 "docs/conf.py", "dungeoncraft_widgets/py.typed"):
        assert name in sdist, name
    notebooks = {p.relative_to(REPO).as_posix() for p in REPO.glob("notebooks/**/*.ipynb")}
    assert notebooks <= sdist


def test_the_wheel_says_it_is_typed_and_carries_the_license(wheel):
    names = set(wheel.namelist())
    assert "dungeoncraft_widgets/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_the_metadata_is_ready_to_publish():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert "MIT License" in (REPO / "LICENSE").read_text()
    assert project["authors"] and len(project["keywords"]) >= 5
    classifiers = project["classifiers"]
    assert "Framework :: Jupyter" in classifiers and "Typing :: Typed" in classifiers
    python = project["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {python}" in classifiers
    repo = re.search(r"^\[repo\]: (\S+)", (REPO / "README.md").read_text(), re.M).group(1)
    urls = project["urls"]
    assert urls["Source"] == urls["Homepage"] == repo
    docs = re.search(r"^\[docs\]: (\S+)", (REPO / "README.md").read_text(), re.M).group(1)
    assert urls["Documentation"] == docs
    assert "## [Unreleased]" in (REPO / "CHANGELOG.md").read_text()


def test_each_extra_brings_what_its_readme_line_runs():
    extras = {name: {Requirement(r).name for r in reqs}
              for name, reqs in PYPROJECT["project"]["optional-dependencies"].items()}
    for front_end in ("lab", "notebook", "voila", "export", "docs"):
        assert "ipykernel" in extras[front_end], f"[{front_end}] runs notebooks: a kernel"
    assert {"jupyter-server", "build", "packaging"} <= extras["lite"]
    assert {"sphinx", "myst-nb"} <= extras["docs"]
    assert {"nbformat", "nbconvert", "nbclient"} <= extras["export"]


def test_the_readmes_picture_has_an_address_that_works_on_pypi():
    text = (REPO / "README.md").read_text()
    for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert target.startswith("https://"), target
    picture = re.search(r"^\[board-picture\]: (\S+)", text, re.M).group(1)
    assert picture.startswith("https://") and picture.endswith("/docs/board.svg")
    assert (REPO / "docs" / "board.svg").is_file()


def readme_python_snippets() -> list[str]:
    text = (REPO / "README.md").read_text()
    return re.findall(r"```python\n(.+?)```", text, re.S)


@pytest.mark.parametrize("index", range(len(readme_python_snippets())))
def test_each_readme_python_snippet_runs_as_written(index):
    """In a fresh process, with nothing imported before it (as a reader would paste it)."""
    snippet = readme_python_snippets()[index]
    result = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True,
                            cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    if "prints:" in snippet:
        for expected in re.findall(r"# prints: (.+)", snippet):
            assert expected.strip() in result.stdout


def test_ci_checks_every_extra_the_readme_installs():
    """.ci/readme_lines.py has a check for each README line that installs an extra, and
    runs the first command as root and as a normal user."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("readme_lines",
                                                  REPO / ".ci" / "readme_lines.py")
    lines = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lines)
    readme = (REPO / "README.md").read_text()
    named = set(re.findall(r'pip install (?:-q )?-e "\.\[(\w+)\]"', readme))
    assert {"lab", "test", "notebook", "voila", "marimo", "export", "lite", "docs"} <= named
    assert "course" in lines.CHECKS  # the nbgrader block (.ci/readme_lines.py: check_course)
    for extra in named - {"lab", "test", "course"}:  # lab: the first command; test: the
        # test command; course: a block of its own
        pip_command, command = lines.readme_row(extra)
        assert pip_command == f'pip install -e ".[{extra}]"' and command
        assert extra in lines.CHECKS
    assert {"lab-root", "lab-user"} <= set(lines.CHECKS)
    assert lines.readme_block("open-command") == readme_command("open-command")
    assert "readme_lines.py" in (REPO / ".ci" / "run").read_text()
