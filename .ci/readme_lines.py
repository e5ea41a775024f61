"""CI: every line of the README that installs an extra and runs something, as written.

    python3 .ci/readme_lines.py [--only lab-root,voila,...] [--keep]

Each check installs its extra in a fresh virtual environment (``python3 -m venv``, then
the README's own ``pip install -e ".[extra]"``) and runs that line's command, then a smoke
check of what it should give:

- ``lab-root`` and ``lab-user``: the README's first command (the block after
  ``<!-- open-command -->``) exactly as written, in a fresh copy of the repository, as root
  and as a normal user (``useradd`` makes one if needed); JupyterLab must answer, then it
  is stopped;
- ``notebook``, ``voila``, ``marimo``: the server starts and serves the notebook (Voila's
  page must hold the calculator's answer, not "No Jupyter kernel");
- ``export``: first without the extra (``pip install -e .`` only), which must say which
  extra to install, then with it: the tour becomes a page that says clicks do nothing;
- ``lite``: ``python lite/build.py`` writes a JupyterLite site;
- ``docs``: the documentation site builds with warnings as errors;
- ``dask``: the README's seeded games run on a Dask LocalCluster and print their summary;
- ``openspiel``: a game through the OpenSpiel adapter passes OpenSpiel's random_sim_test.

The environments share one pip cache (``DCW_CI_CACHE``), so each package is downloaded
once. Prints one line per check with its time, and exits non-zero if any check failed.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

REPO = pathlib.Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
CACHE = pathlib.Path(os.environ.get("DCW_CI_CACHE", "/tmp/dcw-ci-cache"))
USER = "dcw-ci-user"
RUNUSER = shutil.which("runuser") or "/usr/sbin/runuser"
URL = re.compile(r"(https?://(?:localhost|127\.0\.0\.1):\d+(?:/[^\s'\"]*)?)")


class Failed(Exception):
    pass


def readme_block(marker: str) -> str:
    found = re.search(rf"<!-- {marker} -->\s*```(?:bash|sh)?\n(.+?)\n```", README, re.S)
    if not found:
        raise Failed(f"README has no {marker} block")
    return found.group(1).strip()


def readme_row(extra: str) -> tuple[str, str]:
    """(the pip command, the command after it) of the README row installing ``extra``."""
    for line in README.splitlines():
        found = re.search(r'`(pip install -e "\.\[' + re.escape(extra) + r'\]")`, then `([^`]+)`',
                          line)
        if found:
            return found.group(1), found.group(2)
    raise Failed(f"README has no line installing [{extra}]")


def env_for(user: bool = False) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(PIP_CACHE_DIR=str(CACHE / "pip"), PIP_DISABLE_PIP_VERSION_CHECK="1",
               BROWSER="true",  # a server's "open a browser" opens nothing
               PYTHONDONTWRITEBYTECODE="1")
    if user:
        home = f"/home/{USER}"
        env.update(HOME=home, USER=USER, LOGNAME=USER, PATH="/usr/local/bin:/usr/bin:/bin",
                   XDG_CACHE_HOME=f"{home}/.cache")
        env.pop("PYENV_ROOT", None)
    return env


def run(command: str, cwd: pathlib.Path, env: dict[str, str], timeout: float,
        user: bool = False) -> subprocess.CompletedProcess:
    argv = ["bash", "-euo", "pipefail", "-c", command]
    if user:
        argv = [RUNUSER, "-u", USER, "--", "/usr/bin/env", "-i",
                *(f"{k}={v}" for k, v in env.items()), *argv]
    result = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    return result


def venv(where: pathlib.Path, pip_command: str, env: dict[str, str]) -> pathlib.Path:
    """A fresh venv at ``where`` with the README's pip command run in it (from the repo)."""
    shutil.rmtree(where, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    command = f"{where}/bin/{pip_command} -q"
    result = run(command, REPO, env, timeout=900)
    if result.returncode:
        raise Failed(f"{pip_command}: exit {result.returncode}\n{result.stderr[-3000:]}")
    return where / "bin"


class Server:
    """A command started in its own process group; its output is read for its URL."""

    def __init__(self, command: str, cwd: pathlib.Path, env: dict[str, str], user: bool = False):
        self.log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
        os.chmod(self.log.name, 0o666)
        argv = ["bash", "-c", command]
        if user:
            argv = [RUNUSER, "-u", USER, "--", "/usr/bin/env", "-i",
                    *(f"{k}={v}" for k, v in env.items()), *argv]
        self.process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def output(self) -> str:
        return pathlib.Path(self.log.name).read_text(errors="replace")

    def url(self, timeout: float) -> str:
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = URL.findall(self.output())
            if found:
                return found[-1].rstrip(".")
            if self.process.poll() is not None:
                raise Failed(f"exited {self.process.returncode} before serving:\n"
                             f"{self.output()[-3000:]}")
            time.sleep(0.5)
        raise Failed(f"no address after {timeout:.0f} s:\n{self.output()[-3000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.unlink(self.log.name)


def fetch(url: str, timeout: float = 120, expect: str | None = None) -> str:
    """The page at ``url`` once it answers 200 (holding ``expect``, if given)."""
    deadline = time.time() + timeout
    last = ""
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                body = response.read().decode(errors="replace")
                if response.status == 200 and (expect is None or expect in body):
                    return body
                last = f"HTTP {response.status}, {len(body)} bytes"
        except (urllib.error.URLError, OSError) as exc:
            last = str(exc)
        time.sleep(1)
    raise Failed(f"{url}: no answer with {expect!r} in {timeout:.0f} s ({last})")


def serve_and_fetch(command: str, cwd: pathlib.Path, env: dict[str, str], *, path: str = "",
                    expect: str | None = None, user: bool = False, wait: float = 240) -> str:
    server = Server(command, cwd, env, user=user)
    try:
        url = server.url(wait)
        if path:
            base, _, query = url.partition("?")
            base = re.sub(r"^(https?://[^/]+)/.*$", r"\1", base)
            url = base + path + (("&" if "?" in path else "?") + query if query else "")
        return fetch(url, expect=expect)
    finally:
        server.stop()


def fresh_copy(owner: str | None = None) -> pathlib.Path:
    """The repository's tracked files in a new folder (owned by ``owner``)."""
    where = pathlib.Path(tempfile.mkdtemp(prefix="dcw-ci-copy-"))
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        source, target = REPO / name, where / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    if owner:
        subprocess.run(["chown", "-R", f"{owner}:{owner}", str(where)], check=True)
        os.chmod(where, 0o755)
    return where


def ensure_user() -> None:
    if subprocess.run(["id", USER], capture_output=True).returncode:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        subprocess.run([useradd, "--create-home", "--shell", "/bin/bash", USER], check=True)


# ------------------------------------------------------------------ the checks
def check_lab(as_user: bool) -> str:
    command = readme_block("open-command")
    if as_user:
        ensure_user()
    copy = fresh_copy(USER if as_user else None)
    try:
        env = env_for(user=as_user)
        # The command exactly as the README gives it: it makes .venv, installs, starts Lab.
        serve_and_fetch(command, copy, env, path="/api/status", expect="started",
                        user=as_user, wait=600)
        python = (copy / ".venv" / "bin" / "python").resolve()
        return f"as {'a normal user' if as_user else 'root'} with {python.name}"
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def check_front_end(extra: str, expect: str | None, path: str = "") -> str:
    pip_command, command = readme_row(extra)
    env = env_for()
    bin_dir = venv(CACHE / "venvs" / extra, pip_command, env)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    if extra == "notebook" and os.geteuid() == 0 and "--allow-root" not in command:
        raise Failed(f"the README's line {command!r} does not start as root")
    serve_and_fetch(command, REPO, env, path=path, expect=expect)
    return command


def check_export() -> str:
    pip_command, command = readme_row("export")
    env = env_for()
    bare = venv(CACHE / "venvs" / "no-extra", 'pip install -e "."', env)
    env_bare = dict(env, PATH=f"{bare}:{env['PATH']}")
    site = pathlib.Path(tempfile.mkdtemp(prefix="dcw-ci-site-"))
    try:
        without = run(command.replace("site/", f"{site}/"), REPO, env_bare, timeout=300)
        said = without.stdout + without.stderr
        if without.returncode == 0 or "[export]" not in said or "Traceback" in said:
            raise Failed(f"without the extra, {command!r} should name it:\n{said[-2000:]}")
        bin_dir = venv(CACHE / "venvs" / "export", pip_command, env)
        env["PATH"] = f"{bin_dir}:{env['PATH']}"
        result = run(command.replace("site/", f"{site}/"), REPO, env, timeout=900)
        page = site / "00_tour.html"
        if result.returncode or not page.is_file():
            raise Failed(f"{command}: exit {result.returncode}\n{result.stderr[-3000:]}")
        if "does nothing here" not in page.read_text(encoding="utf-8"):
            raise Failed("the exported page does not say that clicks do nothing")
        return f"{command} ({page.stat().st_size / 1e6:.1f} MB page); without the extra: named"
    finally:
        shutil.rmtree(site, ignore_errors=True)


def check_lite() -> str:
    pip_command, command = readme_row("lite")
    env = env_for()
    bin_dir = venv(CACHE / "venvs" / "lite", pip_command, env)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    build = command.split(" and host ")[0].strip()
    out = pathlib.Path(tempfile.mkdtemp(prefix="dcw-ci-lite-"))
    try:
        result = run(f"{build} --output-dir {out}", REPO, env, timeout=1200)
        if result.returncode or not (out / "lab" / "index.html").is_file():
            raise Failed(f"{build}: exit {result.returncode}\n{result.stderr[-3000:]}")
        return build
    finally:
        shutil.rmtree(out, ignore_errors=True)


def check_docs() -> str:
    pip_command, command = readme_row("docs")
    env = env_for()
    bin_dir = venv(CACHE / "venvs" / "docs", pip_command, env)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    build = command.split(" (")[0].strip()
    result = run(build, REPO, env, timeout=1800)
    if result.returncode or not (REPO / "docs" / "_build" / "html" / "index.html").is_file():
        said = (result.stdout + result.stderr)[-4000:]
        raise Failed(f"{build}: exit {result.returncode}\n{said}")
    return build


def check_course() -> str:
    """The README's nbgrader block, as written, in a fresh venv with only ``[course]``: the
    course directory, the student's edition released, and that edition graded once a
    student hands it in unchanged (every exercise blank: 0 points, and no error)."""
    block = readme_block("course-commands").splitlines()
    pip_command = block[0].split("/bin/", 1)[1]
    env = env_for()
    bin_dir = venv(CACHE / "venvs" / "course", pip_command, env)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    work = pathlib.Path(tempfile.mkdtemp(prefix="dcw-ci-course-"))
    try:
        commands = [line.split("#")[0].strip().replace(".venv/bin/", f"{bin_dir}/")
                    for line in block[1:]]
        make = commands[0].replace(" my-course", f" {work / 'my-course'}")
        for command in (make, f"cd {work / 'my-course'} && {commands[1].split('&& ')[1]}"):
            result = run(command, REPO, env, timeout=600)
            if result.returncode:
                raise Failed(f"{command}: exit {result.returncode}\n{result.stderr[-3000:]}")
        course = work / "my-course"
        released = course / "release" / "probability_fog_fights" / "probability_fog_fights.ipynb"
        if not released.is_file() or "answer_1 = None" not in released.read_text():
            raise Failed("nbgrader generate_assignment wrote no student's edition")
        handed_in = course / "submitted" / "student-1" / "probability_fog_fights"
        handed_in.mkdir(parents=True)
        shutil.copy(released, handed_in / released.name)
        result = run(f"cd {course} && {commands[2]}", REPO, env, timeout=900)
        graded = course / "autograded" / "student-1" / "probability_fog_fights" / released.name
        if result.returncode or not graded.is_file():
            raise Failed(f"nbgrader autograde: exit {result.returncode}\n"
                         f"{(result.stdout + result.stderr)[-3000:]}")
        return "nbgrader generate_assignment and autograde, as the README writes them"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_line(extra: str, expected: str) -> str:
    """The README line installing ``extra``: its command, in a fresh environment with that
    extra, prints ``expected``."""
    pip_command, command = readme_row(extra)
    env = env_for()
    bin_dir = venv(CACHE / "venvs" / extra, pip_command, env)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    result = run(command, REPO, env, timeout=600)
    if result.returncode or expected not in result.stdout:
        raise Failed(f"{command}: exit {result.returncode}\n"
                     f"{(result.stdout + result.stderr)[-3000:]}")
    return f"{command}: {result.stdout.splitlines()[0]}"


def check_dask() -> str:
    """The [dask] line: its games on a Dask LocalCluster, a summary printed."""
    return check_line("dask", " games of ")


def check_openspiel() -> str:
    """The [openspiel] line: a game passes OpenSpiel's own random simulation test."""
    return check_line("openspiel", "passed OpenSpiel's random_sim_test")


CHECKS = {
    "lab-root": lambda: check_lab(as_user=False),
    "lab-user": lambda: check_lab(as_user=True),
    "notebook": lambda: check_front_end("notebook", "Jupyter Notebook", path="/tree"),
    "voila": lambda: check_front_end("voila", "Chance to win"),
    "marimo": lambda: check_front_end("marimo", "marimo"),
    "export": check_export,
    "lite": check_lite,
    "docs": check_docs,
    "course": check_course,
    "dask": check_dask,
    "openspiel": check_openspiel,
}


# About how long each check takes (s, measured on a CI machine): the longest start first.
LENGTH = {"docs": 240, "course": 150, "lite": 120, "lab-user": 100, "export": 65, "notebook": 60,
          "voila": 55, "marimo": 45, "lab-root": 40, "dask": 60, "openspiel": 40}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="comma-separated checks: " + ", ".join(CHECKS))
    parser.add_argument("--keep", action="store_true", help="keep the virtual environments")
    parser.add_argument("--jobs", type=int, default=2, help="checks run at once (default 2)")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else list(CHECKS)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "pip").mkdir(exist_ok=True)
    os.chmod(CACHE, 0o777)
    os.chmod(CACHE / "pip", 0o777)  # the normal user's run shares it
    os.umask(0)
    start = time.time()

    def one(name: str) -> bool:
        step = time.time()
        try:
            said = CHECKS[name]()
            print(f"ok     {name:<9} {time.time() - step:6.0f} s  {said}", flush=True)
            return True
        except (Failed, subprocess.SubprocessError, OSError) as exc:
            print(f"FAILED {name:<9} {time.time() - step:6.0f} s  {exc}", flush=True)
            return False
    # Two at a time (a CI machine has two cores; most of a check is pip and a server
    # starting), the longest first; the servers pick free ports.
    order = sorted(names, key=lambda n: -LENGTH.get(n, 0))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, order))
    failed = results.count(False)
    if not args.keep:
        shutil.rmtree(CACHE / "venvs", ignore_errors=True)
    print(f"all README lines in {time.time() - start:.0f} s")
    print(f"readme: {len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
