"""Build a JupyterLite site: the notebooks and the library, in a browser, no server.

    python lite/build.py [--output-dir lite/_output] [--notebooks notebooks]

The site is static files: put the output folder on any web host (or serve it with
``python -m http.server -d lite/_output``) and open ``lab/index.html``. A Python
kernel runs in the browser (Pyodide, through jupyterlite-pyodide-kernel), with
dungeoncraft_widgets and its dependencies loaded when it starts, so the notebooks
run as they are, boards and calculators included.

Nothing is fetched from a CDN, at build time or when the site runs:

- Pyodide itself comes from its npm package (the version the kernel expects),
  through the npm registry (SHA-512 checked, cached like the export's files);
- every Python package the kernel loads is a wheel the site serves beside
  Pyodide, downloaded with pip from PyPI: this library's wheel (built here) and the
  pure-Python wheels of everything it and the kernel need. ``pyodide-lock.json``,
  written here, lists exactly those wheels (name, version, file, SHA-256,
  dependencies), and nothing else: a package that is not on the site is not in it;
- versions: Binder's pins (binder/requirements.txt) where they apply, so Lite and
  Binder run the same library versions, then the versions Pyodide's own lock file
  was tested with, then the newest that fits.

One package has no wheel for the browser outside Pyodide's CDN: ``rpds-py`` (Rust),
which jsonschema needs through ``referencing``. The site serves in its place a
wheel named ``rpds-py`` made here, whose ``rpds`` module is the pure-Python
implementation from PyPI's ``pyrsistent-as-rpds-py`` (written for jsonschema, and
tested with jsonschema's own test suite by its authors).
"""

from __future__ import annotations

import argparse
import base64
import csv
import email.parser
import hashlib
import io
import json
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from dungeoncraft_widgets.export import npm_tarball  # noqa: E402

# What the kernel itself installs when it starts (jupyterlite-pyodide-kernel's worker:
# micropip, then piplite, then these), and the library.
KERNEL_PACKAGES = ["micropip", "comm", "ipython", "jedi"]
LIBRARY = "dungeoncraft-widgets"
# Provided by the kernel extension's own wheels (empty stand-ins for the browser).
FROM_KERNEL = {"widgetsnbextension", "ipykernel", "pyodide-kernel", "piplite"}
RPDS_SHIM = "rpds-py"
LAB_EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "anywidget",
                  "@jupyterlite/pyodide-kernel-extension"]
RPDS_IMPLEMENTATION = ["pyrsistent-as-rpds-py", "pyrsistent"]


def run(command: list[str], **kwargs) -> None:
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True, **kwargs)


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def unpack_pyodide(version: str, target: pathlib.Path) -> dict:
    """Pyodide's npm package into ``target``; returns its own lock file (for its
    ``info`` and its tested versions)."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(npm_tarball("pyodide", version))) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or "/" in name or name.endswith((".map", ".d.ts", ".html")):
                continue
            (target / name).write_bytes(tar.extractfile(member).read())
    return json.loads((target / "pyodide-lock.json").read_text())


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def browser_environment(python: str) -> dict[str, str]:
    """Environment markers as Pyodide's Python sees them."""
    env = default_environment()
    env.update(python_version=".".join(python.split(".")[:2]), python_full_version=python,
               sys_platform="emscripten", platform_system="Emscripten",
               platform_machine="wasm32", os_name="posix", implementation_name="cpython",
               platform_python_implementation="CPython")
    return env


def wheel_metadata(path: pathlib.Path) -> email.message.Message:
    with zipfile.ZipFile(path) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(wheel.read(name).decode())


def wheel_imports(path: pathlib.Path) -> list[str]:
    """The top-level modules a wheel installs (what ``import`` finds)."""
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            return sorted(x for x in wheel.read(top).decode().split() if x)
    found = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name or name.endswith(".py"):
            found.add(first.removesuffix(".py"))
    return sorted(found)


def download(specs: list[str], into: pathlib.Path, python: str) -> None:
    """Pure-Python wheels of ``specs`` (no dependencies: those are resolved here)."""
    if specs:
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--implementation", "py", "--abi", "none",
             "--python-version", ".".join(python.split(".")[:2]), "-d", str(into), *specs])


def make_rpds_shim(into: pathlib.Path) -> pathlib.Path:
    """A wheel named rpds-py whose ``rpds`` module is the pure-Python one (see the
    module docstring)."""
    name, version = "rpds_py", "0+pure"
    dist = f"{name}-{version}.dist-info"
    files = {
        "rpds/__init__.py": "# rpds for the browser: the pure-Python implementation from\n"
                            "# pyrsistent-as-rpds-py (rpds-py itself is Rust).\n"
                            "from pyrsistent_as_rpds.pure import *  # noqa: F403\n",
        f"{dist}/METADATA": "Metadata-Version: 2.1\nName: rpds-py\nVersion: 0+pure\n"
                            "Summary: rpds for Pyodide, from pyrsistent-as-rpds-py\n"
                            + "".join(f"Requires-Dist: {r}\n" for r in RPDS_IMPLEMENTATION),
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: dungeoncraft lite/build.py\n"
                         "Root-Is-Purelib: true\nTag: py3-none-any\n",
        f"{dist}/top_level.txt": "rpds\n",
    }
    path = into / f"{name}-{version}-py3-none-any.whl"
    record = io.StringIO()
    writer = csv.writer(record)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, text in files.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            writer.writerow([arcname, f"sha256={digest.decode()}", len(data)])
            info = zipfile.ZipInfo(arcname, date_time=(2020, 2, 2, 0, 0, 0))
            wheel.writestr(info, data)
        writer.writerow([f"{dist}/RECORD", "", ""])
        wheel.writestr(zipfile.ZipInfo(f"{dist}/RECORD", date_time=(2020, 2, 2, 0, 0, 0)),
                       record.getvalue())
    return path


def resolve(wheels: pathlib.Path, library_wheel: pathlib.Path, kernel_wheels: pathlib.Path,
            pyodide_lock: dict) -> dict[str, pathlib.Path]:
    """Every wheel the kernel and the library need, in ``wheels``: {name: path}."""
    python = pyodide_lock["info"]["python"]
    env = browser_environment(python)
    tested = {canonicalize_name(n): p["version"] for n, p in pyodide_lock["packages"].items()}
    pins = {**tested, **binder_pins()}
    chosen: dict[str, pathlib.Path] = {LIBRARY: library_wheel}
    for name in FROM_KERNEL:
        found = sorted(kernel_wheels.glob(f"{name.replace('-', '_')}-*.whl"))
        if found:
            chosen[name] = pathlib.Path(shutil.copy2(found[-1], wheels))
    chosen[RPDS_SHIM] = make_rpds_shim(wheels)
    wanted: dict[str, list[Requirement]] = {}
    todo = [Requirement(p) for p in KERNEL_PACKAGES]
    for path in list(chosen.values()):
        todo += requirements(path, env)
    while todo:
        for req in todo:
            wanted.setdefault(canonicalize_name(req.name), []).append(req)
        todo = []
        missing = sorted(set(wanted) - set(chosen))
        specs = []
        for name in missing:
            pin = pins.get(name)
            if pin and all(r.specifier.contains(pin, prereleases=True) for r in wanted[name]):
                specs.append(f"{name}=={pin}")
            else:
                joined = ",".join(str(r.specifier) for r in wanted[name] if r.specifier)
                specs.append(f"{name}{joined}")
        before = set(wheels.glob("*.whl"))
        download(specs, wheels, python)
        for path in sorted(set(wheels.glob("*.whl")) - before) or []:
            name = canonicalize_name(parse_wheel_filename(path.name)[0])
            chosen[name] = path
            todo += requirements(path, env)
        for name in missing:
            if name not in chosen:
                raise SystemExit(f"lite: no pure-Python wheel found for {name}")
    for name, reqs in wanted.items():
        version = parse_wheel_filename(chosen[name].name)[1]
        for req in reqs:
            if name not in FROM_KERNEL | {RPDS_SHIM} and req.specifier and \
                    not req.specifier.contains(version, prereleases=True):
                raise SystemExit(f"lite: {name} {version} does not satisfy {req}")
    return chosen


def requirements(path: pathlib.Path, env: dict[str, str]) -> list[Requirement]:
    out = []
    for text in wheel_metadata(path).get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate({**env, "extra": ""}):
            out.append(req)
    return out


def write_lock(chosen: dict[str, pathlib.Path], pyodide_lock: dict, target: pathlib.Path,
               env: dict[str, str]) -> dict:
    """pyodide-lock.json listing exactly the wheels the site serves."""
    packages = {}
    for name, path in sorted(chosen.items()):
        version = str(parse_wheel_filename(path.name)[1])
        depends = sorted({canonicalize_name(r.name) for r in requirements(path, env)})
        packages[name] = {
            "name": name, "version": version, "file_name": path.name,
            "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "imports": wheel_imports(path),
            "depends": [d for d in depends if d in chosen],
            "unvendored_tests": False,
        }
    lock = {"info": pyodide_lock["info"], "packages": packages}
    target.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def check_site(output_dir: pathlib.Path) -> None:
    """Refuse a site whose kernel would fetch Pyodide or packages from elsewhere."""
    config = json.loads((output_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    url = kernel.get("pyodideUrl", "")
    if not url.startswith("./static/pyodide/") or not (output_dir / url).is_file():
        raise SystemExit(f"lite: the kernel would load Pyodide from {url or 'its CDN'}")
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("lite: the kernel would look for packages on PyPI")


def build(output_dir: pathlib.Path, notebooks: pathlib.Path, work: pathlib.Path) -> dict:
    started = time.time()
    lite_dir = work / "lite_dir"
    shutil.rmtree(lite_dir, ignore_errors=True)
    pyodide_dir = lite_dir / "static" / "pyodide"
    version = pyodide_version()
    pyodide_lock = unpack_pyodide(version, pyodide_dir)
    env = browser_environment(pyodide_lock["info"]["python"])

    built = work / "dist"
    shutil.rmtree(built, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(built), str(REPO)])
    library_wheel = shutil.copy2(next(built.glob("dungeoncraft_widgets-*.whl")), pyodide_dir)

    import jupyterlite_pyodide_kernel

    kernel_share = pathlib.Path(sys.prefix) / "share" / "jupyter" / "labextensions" / \
        LAB_EXTENSIONS[2] / "static" / "pypi"
    if not kernel_share.is_dir():
        raise SystemExit(f"lite: {kernel_share} not found (is jupyterlite-pyodide-kernel "
                         f"{jupyterlite_pyodide_kernel.__version__} installed here?)")
    chosen = resolve(pyodide_dir, pathlib.Path(library_wheel), kernel_share, pyodide_lock)
    lock = write_lock(chosen, pyodide_lock, pyodide_dir / "pyodide-lock.json", env)
    for stray in set(pyodide_dir.glob("*.whl")) - set(chosen.values()):
        stray.unlink()

    # The kernel loads the library (and so everything it needs) when it starts, and
    # never looks for packages on PyPI.
    (lite_dir / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "dungeoncraft_widgets",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": ["micropip", LIBRARY]},
                },
            },
        },
    }, indent=2))
    # Only the front-end extensions the notebooks need (not every one installed here:
    # a Voila preview button, say, would do nothing in the browser).
    labextensions = pathlib.Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "ignore_sys_prefix": True,
        "federated_extensions": [str(labextensions / name) for name in LAB_EXTENSIONS],
    }}, indent=2))
    contents = lite_dir / "contents"
    shutil.copytree(notebooks, contents, ignore=shutil.ignore_patterns(
        ".ipynb_checkpoints", "__pycache__", "marimo", "*.py"))
    shutil.rmtree(output_dir, ignore_errors=True)
    for state in work.glob(".jupyterlite.doit.db*"):
        state.unlink()  # doit's memory of an earlier build would skip steps this one needs
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
         "--output-dir", str(output_dir), "--contents", str(contents),
         "--apps", "lab", "--apps", "notebooks", "--no-sourcemaps", "--no-unused-shared-packages"],
        cwd=work)
    check_site(output_dir)
    size = sum(p.stat().st_size for p in output_dir.rglob("*") if p.is_file())
    summary = {"pyodide": version, "python": pyodide_lock["info"]["python"],
               "wheels": {n: p["version"] for n, p in lock["packages"].items()},
               "bytes": size, "seconds": round(time.time() - started, 1)}
    (output_dir / "dcw-build.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output-dir", default=str(HERE / "_output"))
    parser.add_argument("--notebooks", default=str(REPO / "notebooks"))
    parser.add_argument("--work-dir", default=None,
                        help="scratch folder (default: a temporary one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dcw-lite-") as scratch:
        work = pathlib.Path(args.work_dir or scratch)
        work.mkdir(parents=True, exist_ok=True)
        summary = build(pathlib.Path(args.output_dir).resolve(),
                        pathlib.Path(args.notebooks).resolve(), work)
    wheels = ", ".join(f"{n} {v}" for n, v in summary["wheels"].items())
    print(f"lite: Pyodide {summary['pyodide']} (Python {summary['python']}); wheels: {wheels}")
    print(f"lite: {summary['bytes'] / 1e6:.1f} MB in {args.output_dir}, "
          f"built in {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
