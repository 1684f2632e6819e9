"""A ``Tree`` whose labels are one line each, measured without being drawn.

``Tree`` measures every row's width by rendering its label, and lays every row out again
after any change to the tree: in the builders (a thousand entries of ours, a 2,000-point
Warhammer 40,000 list over BattleScribe data) drawing each label to measure it was a good
part of an edit. A label of one line is as wide as its text, so both builders' trees
measure it so, and take a one-line label as it is rather than copy its first line.
"""

from __future__ import annotations

from typing import TypeVar

from rich.cells import cell_len
from rich.text import Text, TextType
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from tui.textual_private import node_label_width

T = TypeVar("T")


class OneLineTree(Tree[T]):
    """A tree of one-line labels (a longer label is cut to its first line, as ``Tree``
    does); ``label_width`` is what a subclass overrides to measure a node its own way."""

    def process_label(self, label: TextType) -> Text:
        """The label's first line (as ``Tree`` does), without copying a label of one line:
        every row's label passes through here."""
        if isinstance(label, Text) and "\n" not in label.plain:
            return label
        return super().process_label(label)

    def get_label_width(self, node: TreeNode[T]) -> int:
        """The label's width with its expand icon, as ``Tree`` measures it by drawing the
        label."""
        icon = (
            (self.ICON_NODE_EXPANDED if node.is_expanded else self.ICON_NODE)
            if node.allow_expand
            else ""
        )
        return cell_len(icon) + self.label_width(node)

    def label_width(self, node: TreeNode[T]) -> int:
        """The width of ``node``'s label alone (one line: its text's width)."""
        return node_label_width(node)
