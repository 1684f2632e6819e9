"""Constraints checked: what a roster breaks, each as a finding that says how to mend it.

Where constraints are checked:

- In every place a player selects in (a force's top level, inside each selection), for
  every entry and group offered there. An entry or group with selections there is
  checked with the first one's modifiers (``self`` scope: each of them); one with none
  only for its ``min`` constraints (nothing can be over a maximum with nothing
  selected there, and where it is selected elsewhere it is checked there), asked from
  the place, and not at all while it is hidden (a player cannot take it). At a force's
  top level, an entry in no category is not checked for its ``parent`` maximums:
  BattleScribe checks a force's selections category by category, and its filter
  passes over those (specs ``constraint-max-violation``, ``scope-parent``).
- In every force: its force entry's constraints (``selections``: selections in forces
  of that entry, BattleScribe's reading; ``forces``: forces of that entry), and for
  each category the force links, the link's and the category's own constraints, counting
  the selections in that category; the link's ``parent`` is the force.
- A constraint met from several places (a ``roster`` scope seen from every force) is
  reported once: findings are kept per constraint, subject and scope.

Which selection a finding points at (``Where.selection``): BattleScribe hangs a
violation on the container that counted (a category, the force, the roster); New
Recruit on one selection that broke it. warband points at a selection, as New Recruit
does, because that is where a player can act: for too many, the first selection of the
entry (or group, or category) in the place it was found; for too few, the selection
that should hold more (None when that is a force or the roster). Hidden selections are
each an error where BattleScribe reports one (``evaluate.hidden_is_checked``: inside a
selection always, at a force's top only under a primary category).

What BattleScribe hangs a finding on (``Finding.origin``) is ``model.bsdata.origins``'s,
from the ``Source`` of each constraint checked here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.bsdata.collective import Collective
from model.bsdata.data import UNLIMITED, CategoryEntry, Constraint
from model.bsdata.modifiers import values_only
from model.bsdata.origins import Source, holder_id, origin_of
from model.bsdata.queries import Ctx, Root
from model.core.messages import number_text
from model.core.safe_text import terminal_safe
from model.core.value import frozen_value
from model.rules.findings import Finding, Origin, Where

if TYPE_CHECKING:
    from model.bsdata.engine import Engine
    from model.bsdata.resolve import Minimums, Node, Options


def many(count: float, name: str) -> str:
    """``2 Sponsors``, ``1 Sponsor``: a count with the name agreeing with it."""
    if count == 1 or not name or name.endswith("s"):
        return f"{number_text(count)} {name}"
    return f"{number_text(count)} {name}s"


@frozen_value
class Subject:
    """What a constraint counts: its key (``model.bsdata.queries``) and name for people."""

    key: str
    name: str
    entry_id: str | None = None
    """The selection entry or group counted, when it is one (to tell a loop of links)."""
    each: bool = False
    """Counted per model of the selection it is in (``model.bsdata.collective``)."""


class Checker:
    """The findings of one evaluation's constraints."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.findings: list[Finding] = []
        self._seen: set[tuple[str, str, Root]] = set()
        self._cost_names = engine.system.cost_names()
        self._collective = Collective(engine)

    # -- places ----------------------------------------------------------------------

    def run(self) -> list[Finding]:
        engine = self.engine
        tree = engine.tree
        for at, placed in enumerate(tree.forces):
            if placed.catalogue is None:
                continue
            options = engine.index.root_options(placed.catalogue.id)
            self.place(options, at, None, placed.top)
        for at, row in enumerate(tree.selections):
            catalogue = tree.forces[row.force].catalogue
            if row.node is None or catalogue is None:
                continue
            options = engine.index.child_options(row.node, catalogue.id)
            if options.entries or row.children:
                self.place(options, row.force, at, row.children)
        for at in range(len(tree.forces)):
            self.force(at)
        return self.findings

    def place(
        self, options: Options, force: int, parent: int | None, members: tuple[int, ...]
    ) -> None:
        """Check every entry and group offered in one place."""
        engine = self.engine
        rows = engine.tree.selections
        chosen: dict[str, list[int]] = {}
        in_group: dict[str, list[int]] = {}
        for m in members:
            node = rows[m].node
            if node is None:
                continue
            chosen.setdefault(node.key, []).append(m)
            for group in node.groups:
                in_group.setdefault(group.key, []).append(m)
        # Only what has constraints (``Options.constrained``), and of that what has a
        # minimum or is selected here: nothing is over a maximum unselected. In the
        # order written, as the findings are listed.
        where = options.checked_where
        visit = set(where.always)
        for key in chosen:
            visit.update(where.entries.get(key, ()))
        for key in in_group:
            visit.update(where.groups.get(key, ()))
        constrained = options.constrained
        for at in sorted(visit):
            node, minimums = constrained[at]
            selected = (in_group if minimums.group else chosen).get(node.key, [])
            self.entry(node, force, parent, selected, minimums)

    def entry(
        self, node: Node, force: int, parent: int | None, selected: list[int], minimums: Minimums
    ) -> None:
        engine = self.engine
        if not selected and not self._may_lack(node, force, parent, minimums):
            return
        if selected and not node.is_group:
            values = engine.finals[selected[0]].values
            categories = engine.finals[selected[0]].categories
        else:
            state = engine.in_place(node, force, parent)
            if not selected and (state.hidden or self._group_hidden(node, force, parent)):
                return
            values = state.values
            categories = state.categories
        own = engine.finals[selected[0]] if selected and not node.is_group else None
        name = own.name if own is not None else node.name
        primary = (own or engine.in_place(node, force, parent)).primary
        uncategorised_top = parent is None and not node.is_group and not categories
        for constraint in node.constraints:
            if (
                uncategorised_top
                and constraint.type == "max"
                and constraint.query.scope == "parent"
            ):
                continue  # BattleScribe never checks these (SEMANTICS.md rule 21)
            value = values.get(constraint.id, constraint.value)
            if constraint.type == "max" and not selected:
                continue
            key = node.entry.id if constraint.query.shared else f"key:{node.key}"
            subject = Subject(key, name, node.entry.id)
            source = Source("entry", holder_id(node, constraint), force, parent, primary)
            if constraint.query.scope == "self" and not node.is_group:
                for one in selected:
                    self.check(constraint, value, subject, engine.ctx_of(one), [one], source)
                continue
            self_sel = selected[0] if selected and not node.is_group else None
            ctx = Ctx(force, self_sel, parent, node=node)
            self.check(constraint, value, subject, ctx, selected, source)

    def _may_lack(self, node: Node, force: int, parent: int | None, minimums: Minimums) -> bool:
        """Whether an entry or a group with nothing selected in a place may have too few
        there: whether one of its minimums, its value after the modifiers of that value
        alone (``modifiers.values_only``), is more than ``check`` would count. A place
        offers hundreds of entries (a Warhammer 40,000 force some 250) and dozens of
        groups, most of them not selected, and working out every field of each (its
        name, costs, categories, each asking its own conditions) only to find nothing
        missing was most of an evaluation (the groups, some 70 of a 2,000-point 40k
        list's places, a tenth of it). When this is False ``entry`` could find nothing
        (with nothing selected only a minimum is checked, counted as here); when True it
        checks as it always did."""
        if not minimums.constraints:
            return False
        ctx = Ctx(force, None, parent, node=node)
        counts = self.engine.counts
        values = values_only(node, ctx, counts, minimums.ids, minimums.modifiers)
        for constraint in minimums.constraints:
            value = values.get(constraint.id, constraint.value)
            query = constraint.query
            key = node.entry.id if query.shared else f"key:{node.key}"
            for root in counts.roots(query, ctx):
                count = counts.count(query, ctx, key, root)
                per = self._collective.divisor(node, query, root)
                if (count / per if per != 1 else count) < value:
                    return True
        return False

    def _group_hidden(self, node: Node, force: int, parent: int | None) -> bool:
        return any(self.engine.in_place(g, force, parent).hidden for g in node.groups)

    def force(self, at: int) -> None:
        """A force's own constraints and its categories'."""
        engine = self.engine
        placed = engine.tree.forces[at]
        entry = placed.entry
        if entry is None:
            return
        owner = Ctx(at, owner_force=True)
        values = engine.values_after(
            {c.id: c.value for c in entry.constraints}, entry.modifiers, owner
        )
        source = Source("force", entry.id, at)
        for constraint in entry.constraints:
            key = entry.id if constraint.query.field == "forces" else f"force:{entry.id}"
            subject = Subject(key, entry.name)
            self.check(constraint, values[constraint.id], subject, owner, [], source)
        inside = Ctx(at)
        for link in entry.category_links:
            category = engine.system.find(
                link.target_id, placed.catalogue.id if placed.catalogue else None
            )
            if category is not None and not isinstance(category, CategoryEntry):
                continue  # a link to an entry or a rule: a link to nothing (rule F4)
            name = category.name if isinstance(category, CategoryEntry) else link.name
            subject = Subject(link.target_id, name)
            own = {c.id: c.value for c in link.constraints}
            link_values = engine.values_after(own, link.modifiers, inside)
            source = Source("category", link.id, at, category=link.target_id)
            for constraint in link.constraints:
                self.check(constraint, link_values[constraint.id], subject, inside, [], source)
            if isinstance(category, CategoryEntry):
                own = {c.id: c.value for c in category.constraints}
                cat_values = engine.values_after(own, category.modifiers, inside)
                source = Source("category", category.id, at, category=category.id)
                for constraint in category.constraints:
                    self.check(constraint, cat_values[constraint.id], subject, inside, [], source)

    # -- one constraint --------------------------------------------------------------

    def check(
        self,
        constraint: Constraint,
        value: float,
        subject: Subject,
        ctx: Ctx,
        selected: list[int],
        source: Source,
    ) -> None:
        if constraint.type == "max" and value == UNLIMITED:
            return
        if not self._counted(constraint.query.field):
            return  # counts nothing: not checked, the list told (bs-data-fault, rule F5)
        counts = self.engine.counts
        for root in counts.roots(constraint.query, ctx):
            seen = (constraint.id, subject.key, root)
            if seen in self._seen:
                continue
            count = counts.count(constraint.query, ctx, subject.key, root)
            per = self._collective.divisor(ctx.node, constraint.query, root)
            said = subject  # a collective entry counts per model (SEMANTICS.md)
            if per != 1:
                count, said = count / per, replace(subject, each=True)
            if constraint.type == "max" and count > value:
                self._seen.add(seen)
                where = selected[0] if selected else self._first(root, subject.key)
                origin = origin_of(self.engine.tree, source, constraint.id, root, where)
                self.too_many(constraint, value, count, said, root, where, origin)
            elif constraint.type == "min" and count < value:
                self._seen.add(seen)
                holder = root[1] if root[0] == "s" else None
                at = holder if isinstance(holder, int) else source.parent
                # none selected, and the entry asked for is already around: a loop
                loops = not selected and self._loops(subject, at)
                origin = origin_of(self.engine.tree, source, constraint.id, root, None)
                self.too_few(constraint, value, count, said, root, at, origin, loops)

    def _counted(self, field: str) -> bool:
        """Whether a query's field is one a roster has: ``selections``, ``forces``, a cost
        type some file declares, or the limit of one. A constraint of another counts
        nothing, so it is passed over rather than always short (``SEMANTICS.md`` rule F5:
        the catalogue check reports it as an error)."""
        if field in ("selections", "forces"):
            return True
        return field.removeprefix("limit::") in self._cost_names

    def _first(self, root: Root, key: str) -> int | None:
        counts = self.engine.counts
        for m in counts.members(root, True):
            if key in counts.keys[m]:
                return m
        return None

    # -- words -----------------------------------------------------------------------

    def place_name(self, root: Root) -> str:
        engine = self.engine
        kind = root[0]
        if kind == "s" and isinstance(root[1], int):
            return engine.finals[root[1]].name
        if kind in ("f", "pc") and isinstance(root[1], int):
            force = engine.tree.forces[root[1]].force
            name = force.custom_name or force.name
            if kind == "pc" and isinstance(root[2], str):
                category = engine.system.find(root[2])
                label = category.name if isinstance(category, CategoryEntry) else "category"
                return f"{name}'s {label}"
            return name
        if kind == "cat":
            catalogue = engine.system.catalogue(str(root[1]))
            return f"{catalogue.name if catalogue else 'The catalogue'}, over all its forces,"
        return "The roster"

    def amount(self, constraint: Constraint, count: float, subject: Subject) -> str:
        field = constraint.query.field
        if constraint.query.percent_value:
            return f"{number_text(round(count, 2))}% {self._unit(field, subject)}"
        if field == "selections":
            return many(count, subject.name) + (" each" if subject.each else "")
        if field == "forces":
            return many(count, f"{subject.name} force")
        return f"{number_text(count)} {self._unit(field, subject)}"

    def _unit(self, field: str, subject: Subject) -> str:
        if field == "selections":
            return f"of selections in {subject.name}"
        if field == "forces":
            return f"of forces in {subject.name}"
        cost = self._cost_names.get(field, field).strip()
        return f"{cost} in {subject.name}"

    def _where(self, at: int | None) -> Where:
        """The selection a finding points at (the row ``at`` of the tree), if any."""
        return Where(
            selection=self.engine.tree.selections[at].selection.id if at is not None else None
        )

    def too_many(
        self,
        constraint: Constraint,
        value: float,
        count: float,
        subject: Subject,
        root: Root,
        at: int | None,
        origin: Origin,
    ) -> None:
        if constraint.query.field.startswith("limit::"):
            self._limit_finding(
                "bs-too-many", constraint, value, count, subject, "most", at, origin
            )
            return
        if constraint.query.percent_value:
            text = self._share(constraint, value, count, subject, root, "most")
        else:
            where, have, limit, fix = self._words(constraint, value, count, subject, root)
            text = f"{where} has {have}, at most {limit}: remove {fix}"
        self.findings.append(
            Finding(
                "error",
                "bs-too-many",
                text,
                self._where(at),
                origin=origin,
            )
        )

    def too_few(
        self,
        constraint: Constraint,
        value: float,
        count: float,
        subject: Subject,
        root: Root,
        at: int | None,
        origin: Origin,
        loops: bool = False,
    ) -> None:
        if constraint.query.field.startswith("limit::"):
            self._limit_finding(
                "bs-too-few", constraint, value, count, subject, "least", at, origin
            )
            return
        if constraint.query.percent_value:
            text = self._share(constraint, value, count, subject, root, "least")
            self.findings.append(
                Finding("error", "bs-too-few", text, self._where(at), origin=origin)
            )
            return
        where, have, limit, fix = self._words(constraint, value, count, subject, root)
        code, mend = "bs-too-few", f": add {fix}"
        if constraint.query.field == "forces" and subject.entry_id is not None:
            # BattleScribe counts only forces of a force entry: of this, never one
            mend = (
                f": no roster can, as {terminal_safe(subject.name)} is not a kind of force "
                "(the data counts forces of it; tell the data's authors)"
            )
        if loops:
            code = "bs-link-loop"
            mend = (
                f": add {fix}, though {terminal_safe(subject.name)} is already around it "
                "(the data's links loop here: if each asks for the other, no roster can "
                "end it; tell the data's authors)"
            )
        self.findings.append(
            Finding(
                "error",
                code,
                f"{where} has {have}, at least {limit}{mend}",
                self._where(at),
                origin=origin,
            )
        )

    def _words(
        self, constraint: Constraint, value: float, count: float, subject: Subject, root: Root
    ) -> tuple[str, str, str, str]:
        """What a count's finding says: where, what it has, the limit, and how much to
        remove or add (the difference between the two)."""
        where = terminal_safe(self.place_name(root))
        have = terminal_safe(self.amount(constraint, count, subject))
        limit = number_text(value) + ("%" if constraint.query.percent_value else "")
        fix = terminal_safe(self.amount(constraint, abs(count - value), subject))
        return where, have, limit, fix

    def _share(
        self,
        constraint: Constraint,
        value: float,
        count: float,
        subject: Subject,
        root: Root,
        bound: str,
    ) -> str:
        """A ``percentValue`` constraint's finding: what share the subject is of the whole,
        and the two ways to mend it (less of it, or more of everything else)."""
        place = self.place_name(root)
        if place.startswith("The "):
            place = "the " + place[len("The ") :]
        field = constraint.query.field
        whole = "selections" if field == "selections" else self._cost_names.get(field, field)
        name = terminal_safe(subject.name)
        mend = (
            f"remove some {name}, or add other selections"
            if bound == "most"
            else f"add more {name}, or remove other selections"
        )
        return terminal_safe(
            f"{name} is {number_text(round(count, 2))}% of the {whole.strip()} in {place}, "
            f"at {bound} {number_text(value)}%: {mend}"
        )

    def _loops(self, subject: Subject, at: int | None) -> bool:
        """Whether the entry asked for is already one of the selections around ``at``
        (``at`` included): a minimum that nesting more of it could only repeat."""
        if subject.entry_id is None or at is None:
            return False
        rows = self.engine.tree.selections
        for one in (at, *rows[at].ancestors):
            node = rows[one].node
            if node is not None and node.entry.id == subject.entry_id:
                return True
        return False

    def _limit_finding(
        self,
        code: str,
        constraint: Constraint,
        value: float,
        limit: float,
        subject: Subject,
        bound: str,
        at: int | None,
        origin: Origin,
    ) -> None:
        """A ``limit::`` constraint asks for a roster limit, not for selections: say so."""
        type_id = constraint.query.field[len("limit::") :]
        unit = terminal_safe(self._cost_names.get(type_id, type_id).strip())
        have = "none" if limit < 0 else number_text(limit)
        change = "raise" if bound == "least" else "lower"
        self.findings.append(
            Finding(
                "error",
                code,
                f"{terminal_safe(subject.name)} needs a {unit} limit of at {bound} "
                f"{number_text(value)}, and the roster's is {have}: {change} the roster's "
                f"limit to {number_text(value)}",
                self._where(at),
                origin=origin,
            )
        )


def check_constraints(engine: Engine) -> list[Finding]:
    """Every constraint the roster breaks, in roster order."""
    return Checker(engine).run()
