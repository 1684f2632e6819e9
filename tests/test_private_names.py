"""No module of ``model`` reaches into another's insides.

A name with a leading underscore is its module's own: another module that imports it (or
reads it off an imported module) is glued to code its owner may change freely, as the
list rules once were by 38 such imports. Whatever one module needs of another is public
there, so its surface is what others use and a reader can trust the underscore.
Checked on the source, every import statement included (in functions and under
``TYPE_CHECKING`` too).

History: issue 36.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _is_module(dotted: str) -> bool:
    """Whether ``dotted`` names one of our modules or packages."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def private_uses(source: str, filename: str = "<source>") -> list[str]:
    """Each underscore name ``source`` takes from another module: imported by name
    (``from m import _x``) or read off a module it imports (``import m`` or ``from p
    import m``, then ``m._x``)."""
    tree = ast.parse(source, filename=filename)
    modules: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [
                f"line {node.lineno}: from {node.module} import {alias.name}"
                for alias in node.names
                if _private(alias.name)
            ]
            modules |= {
                alias.asname or alias.name
                for alias in node.names
                if node.module and _is_module(f"{node.module}.{alias.name}")
            }
        elif isinstance(node, ast.Import):
            modules |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_model_module_uses_another_modules_underscore_names() -> None:
    found = [
        f"{path.relative_to(ROOT)} {use}"
        for path in sorted((ROOT / "model").rglob("*.py"))
        for use in private_uses(path.read_text(encoding="utf-8"), str(path))
    ]
    assert found == []


def test_the_check_finds_an_imported_underscore_name() -> None:
    source = (
        "import model.roster.validate as v\n"
        "from model.roster.validate import _plan, validate\n"
        "def f():\n"
        "    from model.rules import findings\n"
        "    return v._LAST, findings._x, findings.Finding, v.__doc__\n"
    )
    assert private_uses(source) == [
        "line 2: from model.roster.validate import _plan",
        "line 5: v._LAST",
        "line 5: findings._x",
    ]
