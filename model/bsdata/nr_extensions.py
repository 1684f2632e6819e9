"""New Recruit's extensions to BattleScribe's modifiers and conditions, as values.

New Recruit (which took over BattleScribe's data format) added modifier, condition and
condition group kinds (``battlescribe-spec/docs/nr-schema-additions``); the 40k data
sets use several. Each is evaluated here, called from ``model.bsdata.modifiers``,
``conditions`` and ``infos`` (``SEMANTICS.md`` rule 40):

- Numbers (a cost, a constraint's value, a characteristic that is one): ``multiply``,
  ``divide`` (by 0: unchanged), ``modulo`` (by 0: unchanged), ``power``/``exponent``
  (the old value raised to ``value``), ``floor``/``ceil`` (the old value rounded down
  or up, or, with a ``value``, held at least/at most ``value``: New Recruit's
  ``floor value="0"`` keeps a stat from going below 0), ``triangular`` (1+2+...+n). A
  modifier repeated ``n`` times applies ``n`` times (a power of the factor, never a
  loop); every result is clamped to ``MAX_VALUE`` as BattleScribe's numbers are.
  ``cumulative-*`` and ``hide`` are read but change nothing (their meaning is not
  documented).
- Text: ``prepend`` puts the value (and ``join``, else a space) before the text;
  ``append`` with a ``join`` puts that between instead of a space; ``replace`` puts
  ``value`` wherever ``arg`` stands. A text never grows past its cap.
- A characteristic such as "3+", 6" or "D6+1" is changed in its number: ``increment``
  on "3+" gives "4+", on "D6" gives "D6+1", and New Recruit's data then ``replace``s a
  "+0" left by a decrement.
- Query scopes ``unit``, ``model``, ``upgrade``, ``model-or-unit`` (the nearest
  selection of that type the place is in) and ``root-entry`` (the top-level one):
  ``nearest_of``.
- Local condition groups: ``model.bsdata.nr_local``.
- Conditions ``always`` and ``never``; condition groups ``not`` (none of its parts
  holds), ``count`` (at least ``min`` of them hold). New Recruit's numeric groups
  (``add``, ``greater`` ...) are expressions over counts whose meaning is not
  documented: they never hold, so what they guard does not apply.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from model.core.problems import Problem
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.bsdata.data import Catalogue
    from model.bsdata.resolve import Node

MAX_VALUE = 1e12
"""As ``model.bsdata.modifiers.MAX_VALUE`` (numbers are clamped within plus or minus it)."""

NUMERIC = frozenset(
    ("multiply", "divide", "modulo", "power", "exponent", "triangular", "ceil", "floor")
)
"""New Recruit's modifier types that change a number."""

TEXT = frozenset(("prepend", "replace"))
"""New Recruit's modifier types that change a text."""

_DICE = re.compile(r"\A(\d*)([dD]\d+)(?:([+-])(\d+))?\Z")
_SUFFIXED = re.compile(r"\A(-?\d+(?:\.\d+)?)([+\"]?)\Z")


def _clamp(value: float) -> float:
    if math.isnan(value):
        return 0.0
    return max(-MAX_VALUE, min(MAX_VALUE, value))


def changed_number(kind: str, old: float, value: float | None, n: int) -> float:
    """``old`` after New Recruit's numeric modifier ``kind`` with ``value``, ``n`` times
    (``n`` is at most ``conditions.MAX_TIMES``: powers are computed, not looped)."""
    if kind in ("floor", "ceil"):
        if value is None:
            return math.floor(old) if kind == "floor" else math.ceil(old)
        return max(old, value) if kind == "floor" else min(old, value)
    if kind == "triangular":
        whole = min(abs(old), 1e6)
        return _clamp(math.copysign(whole * (whole + 1) / 2, old))
    if value is None:
        return old
    if kind == "multiply":
        return _power_applied(old, value, n)
    if kind == "divide":
        return old if value == 0 else _power_applied(old, 1 / value, n)
    if kind == "modulo":
        return old if value == 0 else math.fmod(old, value)
    if kind in ("power", "exponent"):
        return _raised(old, value, n)
    return old


def _power_applied(old: float, factor: float, n: int) -> float:
    """``old * factor ** n`` without overflow."""
    if old == 0 or factor == 1:
        return old
    if factor == 0:
        return 0.0
    try:
        grown = old * abs(factor) ** n
    except OverflowError:
        grown = math.copysign(math.inf, old)
    sign = -1.0 if factor < 0 and n % 2 else 1.0
    return _clamp(sign * grown)


def _raised(old: float, value: float, n: int) -> float:
    """``old`` raised to ``value``, ``n`` times, stopping once it is out of bounds or
    settled (so at most a few dozen steps whatever ``n`` is)."""
    for _ in range(min(n, 64)):
        try:
            new = math.pow(old, value)
        except (OverflowError, ValueError):
            return old if old < 0 else MAX_VALUE
        new = _clamp(new)
        if new == old:
            break
        old = new
    return old


def number_text(value: float) -> str:
    """A number as data writes one: ``3``, ``2.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def changed_stat(kind: str, old: str, by: float | None, n: int, number_kind: str) -> str | None:
    """A characteristic written with more than a number ("3+", 12", "D6+1") after a
    numeric modifier, or None when ``old`` is not one of those. ``number_kind`` is
    ``increment``/``decrement`` (done by the caller's arithmetic) or one of
    ``NUMERIC``."""
    if by is None and number_kind not in ("floor", "ceil", "triangular"):
        return None
    if match := _SUFFIXED.match(old):
        number = _clamp(float(match.group(1)))  # "9" * 400 is a float's infinity
        return number_text(_number_changed(number_kind, number, by, n)) + match.group(2)
    if (match := _DICE.match(old)) and number_kind in ("increment", "decrement"):
        sign = -1 if match.group(3) == "-" else 1
        bonus = sign * _clamp(float(match.group(4) or 0))
        bonus = _number_changed(number_kind, bonus, by, n)
        prefix = match.group(1) + match.group(2)
        return f"{prefix}+{number_text(bonus)}" if bonus >= 0 else f"{prefix}{number_text(bonus)}"
    return None


def _number_changed(kind: str, old: float, by: float | None, n: int) -> float:
    if kind in ("increment", "decrement") and by is not None:
        return _clamp(old + (by if kind == "increment" else -by) * n)
    return changed_number(kind, old, by, n)


def changed_text(kind: str, old: str, value: str, join: str | None, arg: str, limit: int) -> str:
    """``old`` after ``prepend``, ``replace`` or an ``append`` with a ``join``, cut at
    ``limit`` characters (or ``old``'s own length, if longer: data is never cut)."""
    cap = max(limit, len(old))
    between = " " if join is None else join
    if kind == "prepend":
        new = f"{value}{between}{old}" if old else value
    elif kind == "append":
        new = f"{old}{between}{value}" if old else value
    elif kind == "replace":
        if not arg:
            return old
        if len(value) > len(arg):  # only a growing replace can pass the cap
            parts = old.split(arg, cap // max(1, len(value) - len(arg)) + 1)
            new = value.join(parts)
        else:
            new = old.replace(arg, value)
    else:
        return old
    return new[:cap]


TYPE_SCOPES: dict[str, frozenset[str]] = {
    "unit": frozenset({"unit"}),
    "model": frozenset({"model"}),
    "upgrade": frozenset({"upgrade"}),
    "model-or-unit": frozenset({"model", "unit"}),
    "root-entry": frozenset(),
}
"""New Recruit's scopes naming the nearest selection of a type (``root-entry``: the
top-level one)."""


def type_scope(scope: str) -> frozenset[str] | None:
    """The entry types a New Recruit type scope looks for (empty for ``root-entry``);
    None for any other scope."""
    return TYPE_SCOPES.get(scope)


def nearest_of(
    kinds: frozenset[str],
    chain: Sequence[int],
    node_of: Callable[[int], Node | None],
    holder: int | None,
) -> tuple[object, ...]:
    """Where a type scope counts (a ``model.bsdata.queries.Root``): the first of
    ``chain`` (the place, then the selections it is in, nearest first) but ``holder``
    (the selection asking: New Recruit's type scopes are its ancestors; an upgrade's
    ``upgrade`` is the weapon it was taken in) whose entry is of one of ``kinds``; for
    ``root-entry`` the last of them, the holder itself at the top; nowhere if none is."""
    if not kinds:
        return ("s", chain[-1]) if chain else ("none",)
    for at in chain:
        node = node_of(at)
        if at != holder and node is not None and node.type in kinds:
            return ("s", at)
    return ("none",)


def condition_constant(kind: str) -> bool | None:
    """Whether New Recruit's ``always``/``never`` holds; None for any other kind."""
    if kind == "always":
        return True
    if kind in ("never", "before"):
        return False  # "before" means something only in a local condition group
    return None


def group_result(kind: str, parts: list[bool], minimum: float) -> bool | None:
    """Whether a New Recruit condition group holds given its parts' results; None for
    BattleScribe's ``and``/``or`` (``model.bsdata.conditions`` decides those)."""
    if kind == "not":
        return not any(parts)
    if kind == "count":
        return sum(parts) >= minimum
    if kind in ("and", "or"):
        return None
    return False


@frozen_value
class Reach:
    """An ``affects`` path read: what it takes from its start, and which profiles."""

    take_self: bool
    children: bool
    below: bool
    entry_ids: tuple[str, ...]
    profile_type: str | None


def parse_affects(text: str) -> Reach | None:
    """The path of an ``affects``, None for one that changes nothing here."""
    parts = text.split(".")
    if "profiles" not in parts:
        return None
    at = parts.index("profiles")
    head, profile = parts[:at], ".".join(parts[at + 1 :])
    if "forces" in head or not profile:
        return None
    entry_ids = tuple(p for p in head if p not in ("self", "entries", "recursive"))
    children = "entries" in head
    below = "recursive" in head or (bool(entry_ids) and not children)
    take_self = "self" in head or not (children or below)
    return Reach(take_self, children, below, entry_ids, profile)


NOT_EVALUATED_MODIFIERS = frozenset(
    ("cumulative-add", "cumulative-multiply", "cumulative-power", "hide")
)
"""New Recruit's modifier kinds read but not evaluated (their meaning is not documented)."""

NOT_EVALUATED_GROUPS = frozenset(
    ("add", "subtract", "multiply", "divide", "modulo", "power", "min", "max", "greater",
     "greaterOrEqual", "less", "lessOrEqual", "equal", "notEqual")
)  # fmt: skip
"""New Recruit's numeric and comparison condition groups: read, never holding."""


MESSAGE_FIELDS = frozenset(("error", "warning", "info"))
"""New Recruit's pseudo-fields: a modifier ``add`` on one makes a validation message
(not evaluated: the list shows no such message)."""


class Unevaluated:
    """What a file uses of New Recruit's extensions that warband reads but does not
    evaluate, counted while it is read, for one warning per file (never an error)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def modifier(self, kind: str, affects: str, field: str = "") -> None:
        if kind in NOT_EVALUATED_MODIFIERS:
            self.counts[f"modifier type {kind}"] += 1
        if field in MESSAGE_FIELDS:
            self.counts[f"modifier adding an {field} message"] += 1
        if affects and parse_affects(affects) is None:
            self.counts["affects naming no profiles"] += 1

    def element(self, what: str) -> None:
        """A New Recruit element or flag warband skips (``associations``, a constraint's
        ``automatic`` or ``negative``)."""
        self.counts[what] += 1

    def group(self, kind: str) -> None:
        if kind in NOT_EVALUATED_GROUPS:
            self.counts[f"condition group type {kind}"] += 1

    def summary(self) -> str:
        """``modifier type hide (2), ...``, most used first; empty if nothing."""
        return ", ".join(f"{what} ({n})" for what, n in self.counts.most_common())


def unevaluated_warning(catalogue: Catalogue | None, file: str) -> Problem | None:
    """One warning for a file using New Recruit extensions warband does not evaluate
    (what they guard or change is left as if they were not there), None if it uses
    none."""
    if catalogue is None or not catalogue.unevaluated:
        return None
    return Problem(
        "uses New Recruit extensions warband reads but does not evaluate: "
        + catalogue.unevaluated[:300],
        file,
        hint="they change nothing in a list (model/bsdata/SEMANTICS.md rule 41)",
    )
