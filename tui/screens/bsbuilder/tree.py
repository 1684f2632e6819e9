"""The list over BattleScribe data as a tree: each force, and under it its selections
nested as the file nests them, each with its number, name and own cost.

Every node stands for a ``Place`` (ids, not positions), so after an edit the cursor is
put back on the same force or selection wherever it moved to. The tree is drawn again
only when a row's words changed: moving the cursor, or an edit that changes only the
verdict, leaves it be.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from rich.text import Text
from textual.widgets.tree import TreeNode

from model.bsdata.data import Cost
from model.bsdata.evaluate import Evaluation
from model.bsdata.roster import BsRoster, Force, Selection, all_selections
from model.core.messages import number_text
from model.core.safe_text import terminal_safe
from model.core.value import frozen_value
from tui.screens.bsbuilder.places import Place
from tui.widgets.one_line_tree import OneLineTree
from tui.widgets.roster_tree import changed_span
from tui.widgets.steady_layout import scrollbars, skip_layout

Node = TreeNode[Place]


@frozen_value(slots=False)
class Costing:
    """How rows show costs: the list's main cost type (``saves.bs_export.main_cost``) and
    its name; ``type_id`` None for a game without costs."""

    type_id: str | None
    name: str


@frozen_value(slots=False)
class _Row:
    """One row as drawn: its place, its depth (0: a force) and its words."""

    place: Place
    depth: int
    label: Text
    leaf: bool


def _cost(costs: Mapping[str, float], costing: Costing) -> str:
    if costing.type_id is None:
        return ""
    return f"  {number_text(costs.get(costing.type_id, 0.0))} {costing.name}"


def selection_label(
    selection: Selection, evaluation: Evaluation, costing: Costing, flag: str | None
) -> Text:
    """ "✗ 2x Car  24 Cans": the finding mark (red for an error, yellow for a warning),
    the number, the custom name or else the entry's effective name, its own cost."""
    name = selection.custom_name or evaluation.names.get(selection.id, selection.name)
    own = {c.type_id: c.value for c in evaluation.selection_costs.get(selection.id, ())}
    text = Text()
    if flag is not None:
        text.append("✗ " if flag == "error" else "! ", style="red" if flag == "error" else "yellow")
    text.append(f"{selection.number}x ", style="dim")
    text.append(terminal_safe(name), style="bold")
    if selection.custom_name and selection.name != selection.custom_name:
        text.append(f" ({terminal_safe(evaluation.names.get(selection.id, selection.name))})")
    text.append(_cost(own, costing), style="cyan")
    return text


def force_label(force: Force, evaluation: Evaluation, costing: Costing) -> Text:
    """ "Team (Gaslands)  14 Cans": the force, its catalogue and what it holds costs."""
    total: dict[str, float] = {}
    for selection in all_selections(force.selections):
        for cost in evaluation.selection_costs.get(selection.id, ()):
            total[cost.type_id] = total.get(cost.type_id, 0.0) + cost.value
    text = Text(terminal_safe(force.custom_name or force.name), style="bold")
    if force.catalogue_name:
        text.append(f" ({terminal_safe(force.catalogue_name)})", style="dim")
    text.append(_cost(total, costing), style="cyan")
    return text


def _add(parent: Node, row: _Row, at: int | None) -> Node:
    """The node of ``row`` under ``parent`` (at its end, or before its child ``at``)."""
    if row.leaf:
        return parent.add_leaf(row.label, data=row.place, before=at)
    return parent.add(row.label, data=row.place, before=at, expand=True)


Block = tuple[_Row, ...]
"""A selection at the top of a force (or a force inside it) and every row inside it."""


def _by_force(rows: list[_Row]) -> list[tuple[_Row, list[Block]]]:
    """The rows of each force at the top of the list and the blocks it holds."""
    out: list[tuple[_Row, list[list[_Row]]]] = []
    for row in rows:
        if row.depth == 0:
            out.append((row, []))
        elif row.depth == 1:
            out[-1][1].append([row])
        else:
            out[-1][1][-1].append(row)
    return [(force, [tuple(b) for b in blocks]) for force, blocks in out]


LabelKey = tuple[int, str | None, str, str | None, tuple[Cost, ...] | None, Costing, str | None]
"""All ``selection_label`` reads: the selection's number, custom name and name, its
entry's effective name and own costs, how costs are shown, and its finding mark."""

Labels = dict[str, tuple[LabelKey, Text]]
"""Per selection id, the label drawn last and what it was made from."""


def _rows(
    roster: BsRoster, evaluation: Evaluation, costing: Costing, labels: Labels
) -> Iterator[_Row]:
    """The rows of ``roster``. A selection's label is made again only when something it
    shows changed (``LabelKey``): an edit changes a unit's rows, and making the 120
    labels of a 2,000-point list again was a good part of the tree's share of it. The
    labels kept in ``labels`` are replaced by those of this roster's selections (a
    label, a ``Text``, is never changed once made: ``Tree`` copies it to draw it)."""
    flags: dict[str, str] = {}
    for finding in evaluation.findings:
        where = finding.where.selection
        if where is not None and flags.get(where) != "error":
            flags[where] = finding.severity
    kept = dict(labels)
    labels.clear()

    def label_of(s: Selection) -> Text:
        key = (
            s.number,
            s.custom_name,
            s.name,
            evaluation.names.get(s.id),
            evaluation.selection_costs.get(s.id),
            costing,
            flags.get(s.id),
        )
        found = kept.get(s.id)
        label = found[1] if found is not None and found[0] == key else None
        if label is None:
            label = selection_label(s, evaluation, costing, flags.get(s.id))
        labels[s.id] = (key, label)
        return label

    def selections(force_id: str, found: tuple[Selection, ...], depth: int) -> Iterator[_Row]:
        for s in found:
            yield _Row(Place(force_id, s.id), depth, label_of(s), not s.selections)
            yield from selections(force_id, s.selections, depth + 1)

    def forces(found: tuple[Force, ...], depth: int) -> Iterator[_Row]:
        for force in found:
            label = force_label(force, evaluation, costing)
            yield _Row(Place(force.id), depth, label, False)
            yield from selections(force.id, force.selections, depth + 1)
            yield from forces(force.forces, depth + 1)

    return forces(roster.forces, 0)


class BsTree(OneLineTree[Place]):
    """The forces and selections of the list; the cursor is where keys act."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("List", id=id)
        self.show_root = False
        self.auto_expand = False  # Enter does not fold a selection away
        self.guide_depth = 2
        self._drawn: list[_Row] = []
        self._labels: Labels = {}

    @property
    def place(self) -> Place | None:
        """Where the cursor is: a force or a selection (None in an empty list)."""
        node = self.cursor_node
        return None if node is None else node.data

    def show(
        self, roster: BsRoster, evaluation: Evaluation, costing: Costing, at: Place | None
    ) -> None:
        """Show the list with the cursor on ``at`` (else on the first row).

        Only what changed is drawn again (``_patch``), and the screen is not laid out
        again unless the tree's scrollbars come or go (``tui.widgets.steady_layout``): a
        2,000-point Warhammer 40,000 list is some 120 rows, and an edit changes one
        unit's."""
        rows = list(_rows(roster, evaluation, costing, self._labels))
        bars = scrollbars(self)
        if rows != self._drawn:
            if not self._patch(rows):
                self._draw(rows)
            self._drawn = rows
        self.move_to(at)
        skip_layout(self, bars)

    def _draw(self, rows: list[_Row]) -> None:
        self.clear()
        parents: list[Node] = [self.root]
        for row in rows:
            del parents[row.depth + 1 :]
            parents.append(_add(parents[-1], row, None))

    def _patch(self, rows: list[_Row]) -> bool:
        """Change the tree drawn from ``self._drawn`` into ``rows``: each force's row
        relabelled if its words changed, and of what it holds (one block per selection
        at its top, with all inside it) the span that changed removed and drawn again.
        False, with nothing changed, when the forces themselves changed (one added or
        removed): the caller draws the whole tree."""
        old, new = _by_force(self._drawn), _by_force(rows)
        forces = self.root.children
        if [f.place for f, _ in old] != [f.place for f, _ in new] or len(forces) != len(new):
            return False
        for node, (was, blocks_was), (now, blocks) in zip(forces, old, new, strict=True):
            if was.label != now.label:
                node.set_label(now.label)
            start, end_old, end_new = changed_span(blocks_was, blocks)
            for child in list(node.children[start:end_old]):
                child.remove()
            for at, block in enumerate(blocks[start:end_new], start):
                parents = [_add(node, block[0], at)]
                for row in block[1:]:
                    del parents[row.depth - block[0].depth :]
                    parents.append(_add(parents[-1], row, None))
        return True

    def move_to(self, at: Place | None) -> None:
        """Put the cursor on ``at`` now (not on the next refresh: a key typed ahead reads
        where it is); when ``at`` is not in the tree (an undo took it away), on the row
        it was on, or the last."""
        # Reading ``last_line`` lays the lines out, so each node knows its line.
        if self.last_line < 0:
            self.move_cursor(None)
            return
        target = next((n for n in self.nodes_in_order() if n.data == at), None)
        if target is None:
            self.cursor_line = min(max(self.cursor_line, 0), self.last_line)
        else:
            self.move_cursor(target)

    def nodes_in_order(self) -> Iterator[Node]:
        """Every row's node, top to bottom."""
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))
