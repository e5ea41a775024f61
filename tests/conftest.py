import pathlib
import sys

# tests/ holds helper modules (the conformance checks, the import reader).
sys.path.insert(0, str(pathlib.Path(__file__).parent))

# --doctest-modules would import each conftest.py as a module named "conftest"
# and trip over two of them; conftests hold no doctests, so leave them out.
collect_ignore = ["conftest.py", "browser/conftest.py"]
