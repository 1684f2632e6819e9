"""The list being built, as a tree: entries with their cost, items under each.

An edit changes a row or two and renumbers the rows below, up to a thousand: a row's label
is made only when something reads it (the rows on screen), and an item row finds its
entry's place from its entry, so renumbering a row costs a counter and a width (issue 15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Span, Text
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from model.core.value import frozen_value
from tui.textual_private import (
    TreeLine,
    node_children,
    node_updates,
    set_node_line,
    touch_node,
)
from tui.widgets.one_line_tree import OneLineTree
from tui.widgets.steady_layout import scrollbars, skip_layout

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.loadout import Loadout
    from model.rules.findings import Report


@frozen_value(slots=False)
class TreeRef:
    """What a tree node stands for: an entry (by position) and maybe one of its items."""

    index: int
    item_id: str | None = None


Node = TreeNode[TreeRef]


@frozen_value(slots=False)
class _Shown:
    """What one entry's row was drawn from. ``shape`` is everything but its place and its
    flag: while it is the same, the row's items stand and only its label may change."""

    shape: tuple[object, ...]
    index: int
    flag: str | None
    rest: int
    """The label's width but for its flag and its number (``_widths``)."""


class _EntryNode(TreeNode[TreeRef]):
    """An entry's row, whose label is made when it is first read (``_label``, as Textual
    reads it to draw the row, and as ``label`` gives it), from what ``relabel`` left.

    Renumbering the rows below an edit made a label per row, most of them off screen and
    never drawn before the next edit renumbers them again."""

    _pending: tuple[Loadout, str | None, str] | None = None
    _made: Text
    width: int
    """The label's width in cells, known without making it."""

    @property
    def _label(self) -> Text:
        pending = self._pending
        if pending is not None:
            self._made = RosterTree._entry_label(*pending)
            self._pending = None
        return self._made

    @_label.setter
    def _label(self, label: Text) -> None:
        self._made = label
        self._pending = None
        self.width = label.cell_len

    def relabel(self, lo: Loadout, flag: str | None, points: str, width: int) -> None:
        """Have the label made from ``lo`` when next read; ``width`` is its width."""
        self._pending = (lo, flag, points)
        self.width = width


def _shape(lo: Loadout) -> tuple[object, ...]:
    # Loadouts are cached per entry, so an unchanged entry gives the very same objects
    # and comparing them is a matter of identity.
    return (lo.entry, lo.unit, lo.cost, lo.carried)


class RosterTree(OneLineTree[TreeRef]):
    """Entries of the roster; the cursor tells the builder which entry is selected."""

    class EntryHighlighted(Message):
        """The cursor moved to an entry (or one of its items).

        It arrives after any key already on its way, which may have rebuilt the tree:
        read ``RosterTree.ref`` for where the cursor is now; ``ref`` here is where it was."""

        def __init__(self, ref: TreeRef | None) -> None:
            super().__init__()
            self.ref = ref

    def __init__(self, *, id: str | None = None) -> None:
        self._shown: list[_Shown] = []
        """What each entry row shows, in the order of ``root.children``."""
        self._drawn_with: tuple[object, ...] | None = None
        """The catalog's items and points name the rows were drawn with."""
        self._laid_out: dict[int, tuple[tuple[int, bool], list[TreeLine[TreeRef]], int]] = {}
        """Each entry's lines and their width by node id, with the node's updates and
        whether it was expanded when laid out (``_build``)."""
        super().__init__("List", id=id)  # after the above: it measures the root
        self.show_root = False
        self.guide_depth = 2

    def show(
        self, view: FactionView, loadouts: tuple[Loadout, ...], report: Report, select: int | None
    ) -> None:
        """Show the roster, keeping the cursor on entry ``select``.

        Only what changed is redrawn: one edit adds, removes or changes a row or two and
        renumbers those below, and redrawing a thousand entries' rows (and Textual
        measuring each again) took far more than a frame. The tree's size is fixed: the
        screen is laid out again only when its scrollbars come or go."""
        bars = scrollbars(self)
        flagged: dict[int, str] = {}
        for f in report.findings:
            if f.where.unit is not None and flagged.get(f.where.unit) != "error":
                flagged[f.where.unit] = f.severity
        points = view.system.points if view.system.priced else ""  # none published: none shown
        context = (view.items, points)
        if context != self._drawn_with:
            self.clear()
            self._shown = []
            self._drawn_with = context
        shapes = [_shape(lo) for lo in loadouts]
        old = [s.shape for s in self._shown]
        start, end_old, end_new = changed_span(old, shapes)
        rows = self.root.children
        for node in list(rows[start:end_old]):
            node.remove()
        del self._shown[start:end_old]
        for lo in loadouts[start:end_new]:
            flag = flagged.get(lo.index)
            label = self._entry_label(lo, flag, points)
            node = self.root.add(label, data=TreeRef(lo.index), expand=True, before=lo.index)
            for c in lo.carried:
                item = view.items[c.item_id]
                text = Text(item.name + (f" x{c.count}" if c.count > 1 else ""))
                text.append(f"  {c.cost}" if c.source == "bought" else f"  {c.source}", style="dim")
                node.add_leaf(text, data=TreeRef(lo.index, c.item_id))
            assert isinstance(node, _EntryNode)  # its width: the label's first line
            rest = node.width - _HEADS[flag] - len(str(lo.index + 1))
            self._shown.insert(lo.index, _Shown(shapes[lo.index], lo.index, flag, rest))
        relabelled = False
        for node, lo, was in zip(self.root.children, loadouts, self._shown, strict=True):
            flag = flagged.get(lo.index)
            if was.index == lo.index and was.flag == flag:
                continue
            self._shown[lo.index] = _Shown(was.shape, lo.index, flag, was.rest)
            width = was.rest + _HEADS[flag] + len(str(lo.index + 1))
            self._relabel(node, lo, flag, points, width)
            if was.index != lo.index:
                node.data = TreeRef(lo.index)  # its items' rows read their place from here
            relabelled = True
        if relabelled:
            self._invalidate()
        target: Node | None = None
        if select is not None and 0 <= select < len(self.root.children):
            target = self.root.children[select]
        elif loadouts:
            target = self.root.children[-1]
        # Land the cursor now, not on the next refresh: keys that come before that
        # refresh would otherwise see a cursor still on a node of the old tree, an entry
        # of a list they have since changed. A node's line is known once the lines are
        # laid out, which reading ``last_line`` does.
        if self.last_line >= 0 and target is not None:
            self.move_cursor(target)
        else:
            self.move_cursor(None)
        skip_layout(self, bars)

    @staticmethod
    def _entry_label(lo: Loadout, flag: str | None, points: str) -> Text:
        # Made as one string with its styled spans: a list renumbers up to a thousand
        # rows after one edit, and appending piece by piece costs several times more.
        head = "" if flag is None else ("✗ " if flag == "error" else "! ")
        name = lo.entry.name or lo.unit.name
        number = f"{head}{lo.index + 1}. {name}"
        tail = ""
        if lo.entry.name and lo.entry.name != lo.unit.name:
            tail += f" ({lo.unit.name})"
        if lo.entry.models > 1:
            tail += f" x{lo.entry.models}"
        cost = f"  {lo.cost} {points}" if points else ""
        spans = []
        if head:
            spans.append(Span(0, len(head), "red" if flag == "error" else "yellow"))
        bold_end = len(number)
        spans.append(Span(len(head), bold_end, "bold"))
        end = bold_end + len(tail)
        spans.append(Span(end, end + len(cost), "cyan"))
        return Text(number + tail + cost, spans=spans)

    def _relabel(self, node: Node, lo: Loadout, flag: str | None, points: str, width: int) -> None:
        """Give a row a new label (made when first read), repainted with the next refresh
        of the whole tree.

        ``TreeNode.set_label`` schedules a repaint per node: renumbering the rows below
        an added entry would queue one for each of up to a thousand rows. A row renumbered
        keeps its lines as laid out when its label keeps its width (``_build``)."""
        assert isinstance(node, _EntryNode)
        before = node.width
        node.relabel(lo, flag, points, width)
        touch_node(node)
        key = node.id
        found = self._laid_out.get(key)
        updates, expanded = node_updates(node), node.is_expanded
        if found is not None and found[0] == (updates - 1, expanded) and width == before:
            self._laid_out[key] = ((updates, expanded), found[1], found[2])

    def _add_node(
        self, parent: Node | None, label: Text, data: TreeRef | None, expand: bool = False
    ) -> Node:
        """As ``Tree._add_node``, with entries' rows (the root's children) as ``_EntryNode``."""
        if parent is None or parent is not self.root:
            return super()._add_node(parent, label, data, expand)
        node = _EntryNode(self, parent, self._new_id(), label, data, expanded=expand)
        self._tree_nodes[node.id] = node
        self._updates += 1
        return node

    def label_width(self, node: Node) -> int:
        """An entry's row by the width it keeps, without making a label not made yet
        (``OneLineTree`` measures the rest by their labels)."""
        if isinstance(node, _EntryNode):
            return node.width
        return super().label_width(node)

    def _build(self) -> None:
        """Lay out the lines as ``Tree._build`` does, for this tree's two levels (entries,
        their items), reusing each entry's lines and width from the last layout while the
        entry's node is unchanged: it runs after every edit, and laying out and measuring
        every row of a thousand-entry list again took a good part of a frame, though an
        edit changes a row or two (renumbered rows keep their width but for the number,
        which ``_relabel`` counts as a change of the row's node)."""
        if self.show_root:
            super()._build()
            return
        lines: list[TreeLine[TreeRef]] = []
        extend = lines.extend
        measure = self.get_label_width
        guide = self.guide_depth
        known = self._laid_out
        laid_out: dict[int, tuple[tuple[int, bool], list[TreeLine[TreeRef]], int]] = {}
        width = 0
        for node in node_children(self.root):
            key = (node_updates(node), node.is_expanded)
            found = known.get(node.id)
            if found is None or found[0] != key:
                own = [TreeLine([node], True)]
                most = measure(node)
                if key[1]:
                    children = node_children(node)
                    last = len(children) - 1
                    for n, child in enumerate(children):
                        if child.is_expanded and node_children(child):  # deeper than this tree goes
                            self._laid_out = {}
                            super()._build()
                            return
                        own.append(TreeLine([node, child], n == last))
                        most = max(most, measure(child) + guide)
                found = (key, own, most)
            laid_out[node.id] = found
            _, own, most = found
            at = len(lines)
            for n, line in enumerate(own, at):
                set_node_line(line.path[-1], n)
            extend(own)
            width = max(width, most)
        self._laid_out = laid_out
        self._tree_lines_cached = lines
        self.virtual_size = Size(width if lines else self.size.width, len(lines))
        if self.cursor_line != -1:
            if self.cursor_node is not None:
                self.cursor_line = self.cursor_node.line
            if self.cursor_line >= len(lines):
                self.cursor_line = -1

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[TreeRef]) -> None:
        event.stop()
        # A rebuild highlights nodes on its way; only the node the cursor is on counts.
        if event.node is self.cursor_node and self._current(event.node):
            self.post_message(self.EntryHighlighted(_ref(event.node)))

    def _current(self, node: Node) -> bool:
        """Whether ``node`` belongs to the tree as last shown (``clear`` and ``remove``
        leave the cursor on a node of the old tree until the lines are laid out again)."""
        top = node
        while top.parent is not None:
            if self._tree_nodes.get(top.id) is not top:  # removed
                return False
            top = top.parent
        return top is self.root

    @property
    def ref(self) -> TreeRef | None:
        """What the cursor is on, None when it is on nothing of the list as shown."""
        node = self.cursor_node
        return _ref(node) if node is not None and self._current(node) else None


def _ref(node: Node) -> TreeRef | None:
    """What a row stands for: an item's row takes its entry's place from the entry's row
    (renumbering an entry does not touch its items' rows)."""
    data = node.data
    parent = node.parent
    if data is None or data.item_id is None or parent is None or parent.data is None:
        return data
    return TreeRef(parent.data.index, data.item_id)


_HEADS = {None: 0, "error": cell_len("✗ "), "warning": cell_len("! ")}
"""The width of a row's flag (``_entry_label``), by the flag."""


def changed_span(old: Sequence[object], new: Sequence[object]) -> tuple[int, int, int]:
    """Where two lists differ: ``old[start:end_old]`` became ``new[start:end_new]``, the
    rest being the same before and after (one edit changes one span of a list; the
    builder over BattleScribe data diffs its rows with it too)."""
    start, limit = 0, min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return start, end_old, end_new
