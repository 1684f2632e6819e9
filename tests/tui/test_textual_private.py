"""Textual's private names that warband uses still exist: run this first on a Textual
upgrade (``tui/textual_private.py`` says why each is needed).

And no module but that one imports a private Textual module, so the list there is the
whole list.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Header, OptionList, Select, TextArea, Tree
from textual.widgets.option_list import Option

import tui
import tui.textual_private as private

ROOT = Path(__file__).resolve().parents[2]

OVERRIDDEN: dict[type[DOMNode] | type[Any], tuple[str, ...]] = {
    App: ("_handle_exception", "_close_messages_no_wait"),
    Screen: ("_on_resize", "_on_screen_resume"),
    Widget: ("_on_mount", "_size_updated", "_on_key"),
    TextArea: ("_on_key", "_on_paste"),
    Header: ("_on_mount",),
    DataTable: ("_size_updated", "_on_resize"),
    OptionList: (
        "_update_lines",
        "_replace_option_prompt",
        "_clear_caches",
        "_get_left_gutter_width",
        "_get_visual",
        "_scroll_update",
        "_get_option_render",
    ),
    Tree: ("_build", "_add_node", "_new_id", "_render_line", "_refresh_node"),
    Select: ("_setup_options_renderables", "_watch_value", "_watch_prompt"),
}
"""Each private method warband's classes override or call on the Textual class they
extend (the module's docstring names the class and file of each)."""

INSTANCE: tuple[tuple[Any, tuple[str, ...]], ...] = (
    (lambda: App(), ("_return_code", "_exception", "_exception_event")),
    (lambda: DataTable(), ("_update_count",)),
    (
        lambda: OptionList("a"),
        (
            "_line_cache",
            "_options",
            "_option_render_cache",
            "_option_to_index",
            "_id_to_option",
            "_mouse_hovering_over",
        ),
    ),
    (lambda: Tree("root"), ("_tree_nodes", "_updates", "_tree_lines_cached")),
    (
        lambda: App(),
        ("_notifications", "_refresh_notifications", "_unnotify", "_css_update_count"),
    ),
    (lambda: Widget(), ("_scroll_update", "_layout_required")),
    (lambda: private.FooterKey("k", "K", "Key", "act"), ("_disabled",)),
)
"""Private attributes set in ``__init__`` that warband's subclasses use."""


@pytest.mark.parametrize("name", sorted(private.PRIVATE_NAMES))
def test_each_private_name_exists_on_the_installed_textual(name: str) -> None:
    module, attribute = private.PRIVATE_NAMES[name]
    assert hasattr(importlib.import_module(module), attribute), f"{module}.{attribute}"
    assert getattr(private, name) is getattr(importlib.import_module(module), attribute)


def test_a_name_not_listed_is_not_given() -> None:
    with pytest.raises(AttributeError):
        private.__getattr__("Nothing")


@pytest.mark.parametrize("cls", list(OVERRIDDEN), ids=lambda c: c.__name__)
def test_each_overridden_private_method_exists_on_its_textual_class(cls: type) -> None:
    missing = [name for name in OVERRIDDEN[cls] if not callable(getattr(cls, name, None))]
    assert missing == []


def test_every_private_method_warband_overrides_is_listed() -> None:
    """A new override of a private Textual method joins the list (and the docstring)."""
    listed = {name for names in OVERRIDDEN.values() for name in names}
    found = set()
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            bases = [b for b in cls.__mro__[1:] if b.__module__.startswith("textual")]
            found |= {
                f"{info.name}.{cls.__name__}.{name}"
                for name in vars(cls)
                if name.startswith("_")
                and not name.startswith("__")
                and callable(vars(cls)[name])
                and any(callable(vars(base).get(name)) for base in bases)
                and name not in listed
            }
    assert sorted(found) == []


@pytest.mark.parametrize("make, names", INSTANCE)
def test_each_private_attribute_of_an_instance_exists(make: Any, names: tuple[str, ...]) -> None:
    made = make()
    assert [name for name in names if not hasattr(made, name)] == []


def test_the_option_helpers_read_and_write_an_option() -> None:
    option = Option("a")
    assert private.option_divider(option) == 0
    private.set_option_prompt(option, "b")
    assert option.prompt == "b"
    divided = OptionList("x", None, "y")  # None: a divider under "x"
    assert private.option_divider(divided.get_option_at_index(0)) == 1


def test_the_tree_node_helpers_read_and_write_a_node() -> None:
    tree: Tree[None] = Tree("root")
    child = tree.root.add("child", expand=True)
    leaf = child.add_leaf(Text("leaf!"))
    assert private.node_children(tree.root) == [child]
    assert private.node_children(child) == [leaf]
    before = private.node_updates(child)
    private.touch_node(child)
    assert private.node_updates(child) == before + 1
    assert private.node_label_width(leaf) == 5
    private.set_node_line(leaf, 7)
    assert leaf.line == 7


def test_the_screen_and_footer_helpers() -> None:
    assert private.laid_out_size(Screen()) == Screen()._compositor.size
    assert isinstance(private.footer_bindings_ready(), Reactive)
    assert private.footer_bindings_ready() is Footer.__dict__["_bindings_ready"]


def private_textual_imports(source: str) -> list[str]:
    """Each import of a private Textual module (a dotted part with a leading underscore)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [
            f"line {node.lineno}: {name}"
            for name in names
            if name.split(".")[0] == "textual"
            and any(part.startswith("_") for part in name.split("."))
        ]
    return found


def test_no_module_but_the_one_imports_a_private_textual_module() -> None:
    mine = ROOT / "tui" / "textual_private.py"
    found = [
        f"{path.relative_to(ROOT)} {use}"
        for folder in ("tui", "model", "saves", "catalogs", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != mine
        for use in private_textual_imports(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_finds_a_private_textual_import() -> None:
    source = (
        "from textual.widgets._header import HeaderTitle\n"
        "import textual._time\n"
        "from textual.widgets.option_list import Option\n"
        "from tui.textual_private import HeaderTitle\n"
    )
    assert private_textual_imports(source) == [
        "line 1: textual.widgets._header",
        "line 2: textual._time",
    ]


OWN_PRIVATE_READS = {
    "tui/widgets/roster_tree.py: RosterTree._entry_label",  # warband's own class
    "tui/widgets/safe_header.py: Widget._on_mount",  # a listed override calling its base
    "tui/cli/web_server.py: service._process",  # textual-serve's AppService, not Textual
    "tui/cli/__init__.py: os._exit",  # the standard library's exit without teardown
    "tui/cli/__init__.py: atexit._run_exitfuncs",  # the standard library's exit handlers
}
"""Reads of a private name outside ``self`` that are not Textual's insides, each with why."""


def private_reads(path: Path) -> list[str]:
    """Each ``x._name`` in ``path`` where ``x`` is not ``self``, ``cls`` or ``super()``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        if isinstance(owner, ast.Call) and ast.unparse(owner.func) == "super":
            continue
        found.append(f"{path.relative_to(ROOT)}: {ast.unparse(node)}")
    return found


def test_no_module_but_the_one_reads_a_private_attribute_of_textuals() -> None:
    mine = ROOT / "tui" / "textual_private.py"
    found = {
        read
        for path in sorted((ROOT / "tui").rglob("*.py"))
        if path != mine
        for read in private_reads(path)
    }
    assert sorted(found - OWN_PRIVATE_READS) == []


def test_the_widget_helpers_cancel_a_layout_and_grey_a_key() -> None:
    widget = Widget()
    widget._layout_required = True
    private.cancel_layout(widget)
    assert widget._layout_required is False
    key = private.FooterKey("k", "K", "Key", "act")
    private.set_key_disabled(key, True)
    assert private.key_disabled(key) is True
