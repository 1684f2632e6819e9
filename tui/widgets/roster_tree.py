"""The list being built, as a tree: entries with their cost, items under each."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from model.catalog import FactionView
from model.findings import Report
from model.loadout import Loadout


@dataclass(frozen=True)
class TreeRef:
    """What a tree node stands for: an entry (by position) and maybe one of its items."""

    index: int
    item_id: str | None = None


class RosterTree(Tree[TreeRef]):
    """Entries of the roster; the cursor tells the builder which entry is selected."""

    class EntryHighlighted(Message):
        """The cursor moved to an entry (or one of its items).

        It arrives after any key already on its way, which may have rebuilt the tree:
        read ``RosterTree.ref`` for where the cursor is now; ``ref`` here is where it was."""

        def __init__(self, ref: TreeRef | None) -> None:
            super().__init__()
            self.ref = ref

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("List", id=id)
        self.show_root = False
        self.guide_depth = 2

    def show(
        self, view: FactionView, loadouts: tuple[Loadout, ...], report: Report, select: int | None
    ) -> None:
        """Rebuild from the roster, keeping the cursor on entry ``select``."""
        flagged: dict[int, str] = {}
        for f in report.findings:
            if f.where.unit is not None and flagged.get(f.where.unit) != "error":
                flagged[f.where.unit] = f.severity
        self.clear()
        target: TreeNode[TreeRef] | None = None
        points = view.system.points
        for lo in loadouts:
            label = Text()
            if lo.index in flagged:
                error = flagged[lo.index] == "error"
                label.append("✗ " if error else "! ", style="red" if error else "yellow")
            name = lo.entry.name or lo.unit.name
            label.append(f"{lo.index + 1}. {name}", style="bold")
            if lo.entry.name and lo.entry.name != lo.unit.name:
                label.append(f" ({lo.unit.name})")
            if lo.entry.models > 1:
                label.append(f" x{lo.entry.models}")
            label.append(f"  {lo.cost} {points}", style="cyan")
            node = self.root.add(label, data=TreeRef(lo.index), expand=True)
            for c in lo.carried:
                item = view.items[c.item_id]
                text = Text(item.name + (f" x{c.count}" if c.count > 1 else ""))
                text.append(f"  {c.cost}" if c.source == "bought" else f"  {c.source}", style="dim")
                node.add_leaf(text, data=TreeRef(lo.index, c.item_id))
            if select == lo.index:
                target = node
        if target is None and loadouts:
            target = self.root.children[-1]
        # Land the cursor now, not on the next refresh: keys that come before that
        # refresh would otherwise see a cursor still on a node of the old tree, an entry
        # of a list they have since changed. A node's line is known once the lines are
        # laid out, which reading ``last_line`` does.
        if self.last_line >= 0 and target is not None:
            self.move_cursor(target)
        else:
            self.move_cursor(None)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[TreeRef]) -> None:
        event.stop()
        # A rebuild highlights nodes on its way; only the node the cursor is on counts.
        if event.node is self.cursor_node and self._current(event.node):
            self.post_message(self.EntryHighlighted(event.node.data))

    def _current(self, node: TreeNode[TreeRef]) -> bool:
        """Whether ``node`` belongs to the tree as last shown (``clear`` leaves the cursor
        on a node of the old tree until the lines are laid out again)."""
        top = node
        while top.parent is not None:
            top = top.parent
        return top is self.root

    @property
    def ref(self) -> TreeRef | None:
        """What the cursor is on, None when it is on nothing of the list as shown."""
        node = self.cursor_node
        return node.data if node is not None and self._current(node) else None
