"""A ``Tree`` whose labels are one line each, measured without being drawn.

``Tree`` measures every row's width by rendering its label, and lays every row out again
after any change to the tree: in the builders (a thousand entries of ours, a 2,000-point
Warhammer 40,000 list over BattleScribe data) drawing each label to measure it was a good
part of an edit. A label of one line is as wide as its text, so both builders' trees
measure it so, and take a one-line label as it is rather than copy its first line.

``Tree`` also draws every shown line again after any node is added or removed (its line
cache is keyed on a count of the tree's changes, and emptied): an edit of a 2,000-point
list drew some 35 lines to change a few, about 10 ms. Here a line drawn is kept by what
it shows (its node and the path to it, each as changed last, the cursor and the mouse on
it, the focus, the width), so only lines whose words or place in the tree changed are
drawn again; a kept line that moved up or down is given its new line number.

``Tree`` works out the widget's style (walking every ancestor's styles) once per line
drawn, and asks for a repaint once per line of a node whose cursor or mouse state
changed (a force's node is on the path of every line under it): here once per drawing,
and once per node.
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text, TextType
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from tui.textual_private import node_label_width, node_marks, node_updates

KEPT_LINES = 2048
"""Lines kept drawn (a few screens of a long list); all are let go past that."""

T = TypeVar("T")


class OneLineTree(Tree[T]):
    """A tree of one-line labels (a longer label is cut to its first line, as ``Tree``
    does); ``label_width`` is what a subclass overrides to measure a node its own way."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn_lines: dict[tuple[object, ...], tuple[int, Strip]] = {}
        """Each line drawn, by what it shows: the line number it was drawn at and it."""
        self._drawing_style: Style | None = None
        """The widget's style while its lines are drawn (``render_lines``), else None."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draw the lines in ``crop`` with the widget's style worked out once for all of
        them (``Tree`` worked it out for each: some 35 a redrawn screen of a list)."""
        self._drawing_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._drawing_style = None

    def render_line(self, y: int) -> Strip:
        """``Tree.render_line`` (Textual 8.2.8, pinned), with the style of this drawing."""
        style = self._drawing_style
        if style is None:
            style = self.rich_style
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(y + scroll_y, scroll_x, scroll_x + self.size.width, style)

    def _refresh_node(self, node: TreeNode[T]) -> None:
        """``Tree._refresh_node`` (Textual 8.2.8, pinned): repaint the shown lines with
        ``node`` on their path, asked in one call rather than one per line (each call
        also empties the widget's caches of its layout and styles again)."""
        scroll_y = self.scroll_offset.y
        width = self.size.width
        shown = self._tree_lines[scroll_y : scroll_y + self.size.height]
        regions = [
            Region(0, number - scroll_y, width, 1)
            for number, line in enumerate(shown, scroll_y)
            if node in line.path
        ]
        if regions:
            self.refresh(*regions)

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

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        """``Tree._render_line`` (Textual 8.2.8, pinned) kept by what the line shows, not
        by its number and the tree's count of changes: after an edit only the lines that
        changed are drawn. What a line shows is all ``Tree`` draws it from: its node's
        count of changes (which a new label, the mouse over it, the cursor on it and an
        expansion each raise), the nodes on its path (whether each is the last of its
        siblings, has the mouse over it or is selected: the guides; not their labels,
        which change with every edit's total on a force's line), whether the cursor or
        the mouse is on it, the focus and pseudo-classes, the base style, the widths and
        scroll and the guides' settings. A kept line drawn at another number has its
        number (the ``line`` meta a click reads) set anew."""
        lines = self._tree_lines
        if y >= len(lines):
            return super()._render_line(y, x1, x2, base_style)
        line = lines[y]
        node = line.path[-1]
        key = (
            tuple((n.id, n.is_last, *node_marks(n)) for n in line.path),
            node_updates(node),
            line.last,
            node.is_expanded,
            node.allow_expand,
            self.hover_line >= 0,
            self.hover_line == y,
            self.cursor_line == y,
            self.has_focus,
            self._pseudo_class_state,
            base_style,
            x1,
            x2,
            self.size.width,
            self.virtual_size.width,
            self.guide_depth,
            self.show_guides,
            self.show_root,
        )
        kept = self._drawn_lines.get(key)
        if kept is None:
            strip = super()._render_line(y, x1, x2, base_style)
            if len(self._drawn_lines) >= KEPT_LINES:
                self._drawn_lines.clear()
            self._drawn_lines[key] = (y, strip)
            return strip
        at, strip = kept
        if at == y:
            return strip
        number = Style.from_meta({"line": y})
        return Strip(Segment.apply_style(strip, post_style=number), strip.cell_length)

    def notify_style_update(self) -> None:
        """A new theme or style draws every line anew."""
        self._drawn_lines.clear()
        super().notify_style_update()
