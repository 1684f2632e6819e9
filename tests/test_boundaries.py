"""The layer boundaries of DESIGN §2, enforced.

``model`` is pure: it imports nothing of ours but itself, and never Textual or
Rich (checked in a fresh interpreter, where nothing else could have imported
them). ``saves`` and ``catalogs`` build on ``model`` only; ``tui`` may use all.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("model", "catalogs", "saves", "tui")
ALLOWED = {
    "model": {"model"},
    "catalogs": {"model", "catalogs"},
    "saves": {"model", "saves"},
    "tui": {"model", "catalogs", "saves", "tui"},
}


def _imports(package: str) -> dict[str, set[str]]:
    """Top-level names each module of a package imports, by module path."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_package_imports_only_the_layers_below(package: str) -> None:
    for module, names in _imports(package).items():
        ours = names & set(PACKAGES)
        assert ours <= ALLOWED[package], f"{module} imports {sorted(ours - ALLOWED[package])}"


def test_model_never_imports_textual_or_rich() -> None:
    modules = sorted(
        "model." + p.stem for p in (ROOT / "model").glob("*.py") if p.stem != "__init__"
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in "
        "{'textual', 'rich', 'tui', 'saves', 'catalogs'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_model_modules_import_no_textual_or_rich_statically() -> None:
    for module, names in _imports("model").items():
        assert not names & {"textual", "rich"}, module


@pytest.mark.parametrize("package", PACKAGES)
def test_our_packages_are_the_ones_imported(package: str) -> None:
    """Generic names like ``model`` and ``tui`` must resolve to this project, never to a
    PyPI package of the same name."""
    module = __import__(package)
    assert Path(module.__file__ or "").resolve().is_relative_to(ROOT)
