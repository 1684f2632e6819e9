"""The walk that measures the deepest import chain (``tests/import_depth.py``) follows
each kind of import statement, and no circle; an import under ``TYPE_CHECKING`` never runs,
so neither count follows it."""

from __future__ import annotations

from pathlib import Path

from tests.import_depth import deepest_chain, imports_of


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_walk_follows_each_kind_of_import_and_no_circle(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "tui/__init__.py": "",
            "tui/__main__.py": "from tui import cli\n",
            "tui/cli.py": "def main():\n    from model import a\n",
            "model/__init__.py": "",
            "model/a.py": "import model.b\nfrom typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from model import c\n",
            "model/d.py": "import typing\nif typing.TYPE_CHECKING:\n    import model.a\n"
            "else:\n    import model.b\n"
            "def f():\n    if TYPE_CHECKING:\n        import model.c\n",
            "model/b.py": "from .c import x\nimport os\n",
            "model/c.py": "x = 1\ndef f():\n    import model.a\n",
        },
    )
    assert imports_of("tui.__main__", True, tmp_path) == ("tui", "tui.cli")
    assert imports_of("tui.cli", True, tmp_path) == ()
    assert imports_of("tui.cli", False, tmp_path) == ("model", "model.a")
    assert imports_of("model.a", True, tmp_path) == ("model.b",)
    assert imports_of("model.a", False, tmp_path) == ("model.b",)  # not model.c
    assert imports_of("model.d", True, tmp_path) == ("model.b",)  # the else runs
    assert imports_of("model.d", False, tmp_path) == ("model.b",)
    assert imports_of("model.b", True, tmp_path) == ("model.c",)
    entries = ("tui.__main__",)
    assert len(deepest_chain(entries, True, tmp_path)) == 2  # the lazy import not run
    assert deepest_chain(entries, False, tmp_path) == [
        "tui.__main__",
        "tui.cli",
        "model.a",
        "model.b",
        "model.c",
    ]


def test_no_chain_of_the_product_is_longer_than_20_modules() -> None:
    """Issue 36's bar, held: from the entry points counting every import (those inside
    functions too) and from any module counting those run on import, no chain a reader
    may follow is longer than 20 modules (hike's is 15, harlequin's 16). A change that
    makes one longer names it here: cut an edge (an import only annotations need goes
    under ``TYPE_CHECKING``; a small thing imported from a big module moves to a leaf)."""
    from tests.import_depth import ENTRIES, all_modules

    for chain in (
        deepest_chain(ENTRIES, top_only=False),
        deepest_chain(all_modules(), top_only=True),
    ):
        assert len(chain) <= 20, " -> ".join(chain)
