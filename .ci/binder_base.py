"""Print, as pip requirements, the packages repo2docker puts in a Binder image
before binder/requirements.txt: the top-level packages of its conda environment
for the Python in binder/runtime.txt, at the versions its lock file pins.

CI installs these, then binder/requirements.txt and this package, and runs
`pip check`: a conflict that pip would report on mybinder.org fails CI here.
"""

import pathlib
import re
import sys

import repo2docker

CONDA = pathlib.Path(repo2docker.__file__).parent / "buildpacks" / "conda"
# conda names that differ on PyPI
PYPI_NAMES = {"jupyterhub-singleuser": "jupyterhub"}


def main() -> int:
    runtime = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "binder/runtime.txt")
    version = runtime.read_text().strip().removeprefix("python-")
    major_minor = ".".join(version.split(".")[:2])
    spec = (CONDA / f"environment.py-{major_minor}.yml").read_text()
    lock = (CONDA / f"environment.py-{major_minor}-linux-64.lock").read_text()
    for line in spec.splitlines():
        found = re.match(r"\s*-\s*([A-Za-z0-9_.-]+)==", line)
        if not found:
            continue
        name = found.group(1)
        pinned = re.search(rf"/{re.escape(name)}-([0-9][^-]*)-[^/]*\.conda", lock)
        if not pinned:
            print(f"{name}: not in {major_minor}'s lock file", file=sys.stderr)
            return 1
        print(f"{PYPI_NAMES.get(name, name)}=={pinned.group(1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
