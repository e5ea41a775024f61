import pathlib
import sys

import pytest

# tests/ holds helper modules (the conformance checks, the import reader).
sys.path.insert(0, str(pathlib.Path(__file__).parent))

# --doctest-modules would import each conftest.py as a module named "conftest"
# and trip over two of them; conftests hold no doctests, so leave them out.
collect_ignore = ["conftest.py", "browser/conftest.py"]


def pytest_collection_modifyitems(items):
    # nbmake's items (every notebooks/*.ipynb run top to bottom) are marked "notebook", so
    # -m "not notebook" leaves them out when notebooks/ is collected with tests/.
    for item in items:
        if pathlib.Path(item.path).suffix == ".ipynb":
            item.add_marker(pytest.mark.notebook)
