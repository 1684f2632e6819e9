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
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in (ROOT / "model").rglob("*.py")
        if p.stem != "__init__"
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


# ------------------------------------------------------------------------------------------
# Inside ``model``: its packages in layers, and no import circle anywhere (issue 17)
# ------------------------------------------------------------------------------------------

MODEL_LAYERS = ("core", "parse", "rules", "catalog", "roster", "bsdata", "battle", "rolls")
"""``model``'s packages from the bottom up: each may import its own package and the ones
before it, never one after it. ``core`` is what everything uses (the frozen base, bounds,
problems as values); ``parse`` turns text into data with places; ``rules`` what a list rule
is (its schema, its catalog check and its check of a list, read through protocols the
roster's classes meet); ``catalog`` is what a game is; ``roster`` a player's list checked
against it; ``battle`` a game at the table; ``rolls`` the dice, which read a battle's
state."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Every module of ours and the modules of ours it imports, wherever the import
    statement is: at the top, in a function, or under ``TYPE_CHECKING`` (a circle that
    only the type checker sees is still a circle for a reader)."""
    paths = {_module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [f"{node.module}.{alias.name}" for alias in node.names]
                targets.append(node.module)
            for target in targets:
                while target and target not in paths:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    assert _circles(_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


def test_every_model_module_is_in_a_layer() -> None:
    loose = [
        name
        for name in _graph()
        if name.startswith("model.") and name.split(".")[1] not in MODEL_LAYERS
    ]
    assert loose == []


def test_model_packages_import_only_their_own_layer_and_those_below() -> None:
    rank = {layer: i for i, layer in enumerate(MODEL_LAYERS)}
    upward = [
        f"{name} imports {target}"
        for name, targets in _graph().items()
        if name.startswith("model.") and name.count(".") > 1
        for target in targets
        if target.startswith("model.")
        and target.count(".") >= 1
        and rank[target.split(".")[1]] > rank[name.split(".")[1]]
    ]
    assert upward == []
