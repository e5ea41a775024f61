import pathlib
import sys

# tests/ holds helper modules (the demo game, the conformance checks).
sys.path.insert(0, str(pathlib.Path(__file__).parent))
