"""The deepest chain of imports in the product, from its entry points.

A chain is a path through the project's own modules, each importing the next: how many
modules a reader may have to follow from ``warband`` (``tui.cli:main``) or
``python -m tui`` (``tui/__main__.py``) down to the last module that one needs.
Measured on the source: every ``import`` and ``from ... import`` statement of the
project's packages (``model``, ``saves``, ``catalogs``, ``tui``), ``from p import m``
counted as importing the module ``p.m`` when there is one. Two counts are given: the
imports run when a module is imported (at its top level) and all of them (those inside
functions too, run when the function first is). Neither counts an import under
``if TYPE_CHECKING:``: it never runs, and a reader following the code need not open the
module for it (only a type checker does); ``tests/test_boundaries.py`` still holds those
to the layers and forbids circles through them. An edge that would close a circle is
not followed, so a chain never holds a module twice.

Run: ``python -m tests.import_depth``; ``tests/test_import_depth.py`` checks the walk.

History: measured for issue 36, which asks for at most 20 modules.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("model", "saves", "catalogs", "tui")
ENTRIES = ("tui.__main__", "tui.cli")


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The file of the project's module ``name``, None for one not ours."""
    if name.split(".")[0] not in PACKAGES:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.Module, top_only: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a module that can run: at its top level (in ``if``,
    ``try`` and ``with`` blocks too), or everywhere (in functions and classes too); never
    those under ``if TYPE_CHECKING:``, which only a type checker reads (its ``else`` runs)."""
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _type_checking(node):
            todo += node.orelse
        elif not top_only:
            todo += ast.iter_child_nodes(node)
        elif isinstance(node, ast.If | ast.With):
            todo += node.body + (node.orelse if isinstance(node, ast.If) else [])
        elif isinstance(node, ast.Try):
            todo += node.body + node.orelse + node.finalbody
            todo += [s for h in node.handlers for s in h.body]


def imports_of(name: str, top_only: bool, root: Path = ROOT) -> tuple[str, ...]:
    """The project's modules that module ``name`` imports, sorted."""
    path = module_path(name, root)
    if path is None:
        return ()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8")), top_only):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
        found.add(base)
        found |= {f"{base}.{alias.name}" for alias in node.names}
    return tuple(sorted(m for m in found if m != name and module_path(m, root) is not None))


def deepest_chain(entries: tuple[str, ...], top_only: bool, root: Path = ROOT) -> list[str]:
    """The longest chain of imports from any of ``entries`` that holds no module twice
    (an edge back to a module already on the chain is not followed)."""

    @cache
    def edges(name: str) -> tuple[str, ...]:
        return imports_of(name, top_only, root)

    best: dict[str, list[str]] = {}

    def walk(name: str, on_chain: frozenset[str]) -> list[str]:
        if name in best:
            return best[name]
        longest: list[str] = []
        for child in edges(name):
            if child in on_chain:
                continue
            chain = walk(child, on_chain | {name})
            if len(chain) > len(longest):
                longest = chain
        best[name] = [name, *longest]
        return best[name]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    return max((walk(entry, frozenset()) for entry in entries), key=len)


def all_modules(root: Path = ROOT) -> tuple[str, ...]:
    """Every module of the project's packages."""
    return tuple(
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    )


def main() -> None:
    """Print the deepest chain three ways: from the entry points counting the imports
    run on import (the command line imports most lazily), then every import; and from
    any module, the imports run on import (what importing that one module loads)."""
    for entries, top_only, what in (
        (ENTRIES, True, "from the entry points, imports run on import"),
        (ENTRIES, False, "from the entry points, every import"),
        (all_modules(), True, "from any module, imports run on import"),
    ):
        chain = deepest_chain(entries, top_only)
        twice = len(chain) - len(set(chain))
        print(f"{what}: {len(chain)} modules" + (f" ({twice} twice)" if twice else ""))
        print("  " + "\n  -> ".join(chain))


if __name__ == "__main__":
    main()
