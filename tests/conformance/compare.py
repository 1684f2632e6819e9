"""An ``expectedState`` held against warband's state, as the upstream runner holds it.

The rules are those of ``RosterRunner.AssertExpectedState`` in the suite's reference code:
lists of forces, selections, profiles, rules and categories are compared item by item and
may not hold more than the spec lists; a selection's, force's, profile's or rule's
``hidden`` is false unless the spec says otherwise; profiles and rules are found by name
(by position when the spec gives none), categories by entry id, then name, then
position; costs by type id or name, and no more cost types than listed; errors by what
they are ``on`` and where they come ``from`` (``errors`` the exact set, ``errorsContain``
a subset, ``errorCount`` the number), and no error at all when a step names none.

Each difference is one line naming the step and the field, as the upstream runner says it.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

State = dict[str, Any]
Expected = dict[str, Any]


def _number(value: Any) -> Decimal:
    return Decimal(str(value)).normalize() if value is not None else Decimal(0)


class Differences:
    """The differences found at one step."""

    def __init__(self, step: int) -> None:
        self.step = step
        self.lines: list[str] = []

    def add(self, text: str) -> None:
        self.lines.append(f"Step {self.step}: {text}")

    def equal(self, field: str, expected: Any, actual: Any) -> None:
        if isinstance(expected, bool) or isinstance(actual, bool):
            same = bool(expected) == bool(actual)
        elif isinstance(expected, int | float) and not isinstance(expected, bool):
            try:
                same = _number(expected) == _number(actual)
            except ArithmeticError:
                same = False
        else:
            same = ("" if expected is None else str(expected)) == (
                "" if actual is None else str(actual)
            )
        if not same:
            self.add(f"{field}: expected {expected} but got {actual}")


def _costs(out: Differences, prefix: str, expected: list[Expected], actual: list[State]) -> None:
    for cost in expected:
        key = cost.get("typeId") or cost.get("name")
        if not key:
            out.add(f"{prefix} cost assertion has neither typeId nor name")
            continue
        field = "typeId" if cost.get("typeId") else "name"
        found = next((c for c in actual if c.get(field) == key), None)
        if found is None:
            out.add(f"{prefix}cost type '{key}' not found")
            continue
        if "value" in cost:
            out.equal(f"{prefix}cost[{key}].value", cost["value"], found["value"])
        if "hidden" in cost:
            out.equal(f"{prefix}cost[{key}].hidden", cost["hidden"], found.get("hidden", False))
    if len(actual) > len(expected):
        listed = ", ".join(f"{c['name']}={c['value']}" for c in actual)
        out.add(f"{prefix}expected {len(expected)} cost(s) but got {len(actual)}: [{listed}]")


def _find(
    actual: list[State], expected: Expected, index: int, keys: tuple[str, ...]
) -> tuple[str, State | None]:
    for key in keys:
        if expected.get(key) is not None:
            want = expected[key]
            return str(want), next((a for a in actual if a.get(key) == want), None)
    return str(index), actual[index] if index < len(actual) else None


def _characteristics(
    out: Differences, prefix: str, expected: list[Expected], actual: list[State]
) -> None:
    for char in expected:
        found = next((c for c in actual if c.get("name") == char.get("name")), None)
        if found is None:
            out.add(f"{prefix}.characteristic[{char.get('name')}] not found")
            continue
        for field in ("value", "typeId"):
            if field in char:
                out.equal(
                    f"{prefix}.characteristic[{char.get('name')}].{field}",
                    char[field],
                    found.get(field),
                )


def _profiles(out: Differences, prefix: str, expected: list[Expected], actual: list[State]) -> None:
    for index, profile in enumerate(expected):
        key, found = _find(actual, profile, index, ("name",))
        if found is None:
            out.add(f"{prefix}.profile[{key}] not found (have {len(actual)} profiles)")
            continue
        here = f"{prefix}.profile[{key}]"
        for field in ("typeName", "typeId", "page", "publicationId"):
            if field in profile:
                out.equal(f"{here}.{field}", profile[field], found.get(field))
        out.equal(f"{here}.hidden", profile.get("hidden", False), found.get("hidden", False))
        if "characteristics" in profile:
            _characteristics(
                out, here, profile["characteristics"], found.get("characteristics", [])
            )
    if len(actual) > len(expected):
        out.add(f"{prefix} expected {len(expected)} profiles but got {len(actual)}")


def _rules(out: Differences, prefix: str, expected: list[Expected], actual: list[State]) -> None:
    for index, rule in enumerate(expected):
        key, found = _find(actual, rule, index, ("name",))
        if found is None:
            out.add(f"{prefix}.rule[{key}] not found (have {len(actual)} rules)")
            continue
        here = f"{prefix}.rule[{key}]"
        for field in ("description", "page", "publicationId"):
            if field in rule:
                out.equal(f"{here}.{field}", rule[field], found.get(field))
        out.equal(f"{here}.hidden", rule.get("hidden", False), found.get("hidden", False))
    if len(actual) > len(expected):
        out.add(f"{prefix} expected {len(expected)} rules but got {len(actual)}")


def _categories(
    out: Differences, prefix: str, expected: list[Expected], actual: list[State]
) -> None:
    for index, category in enumerate(expected):
        key, found = _find(actual, category, index, ("entryId", "name"))
        if found is None:
            out.add(f"{prefix}.category[{key}] not found (have {len(actual)} categories)")
            continue
        here = f"{prefix}.category[{key}]"
        if category.get("name") is not None and category.get("entryId") is not None:
            out.equal(f"{here}.name", category["name"], found.get("name"))
        for field in ("primary", "publicationId", "page", "customName", "customNotes"):
            if field in category:
                out.equal(f"{here}.{field}", category[field], found.get(field))
        if "profiles" in category:
            _profiles(out, here, category["profiles"], found.get("profiles", []))
        if "rules" in category:
            _rules(out, here, category["rules"], found.get("rules", []))
    if len(actual) > len(expected):
        out.add(f"{prefix} expected {len(expected)} categories but got {len(actual)}")


def _publications(
    out: Differences, prefix: str, expected: list[Expected], actual: list[State]
) -> None:
    for index, publication in enumerate(expected):
        key, found = _find(actual, publication, index, ("id", "name"))
        if found is None:
            out.add(f"{prefix}.publication[{key}] not found (have {len(actual)} publications)")
            continue
        if publication.get("name") is not None and publication.get("id") is not None:
            out.equal(f"{prefix}.publication[{key}].name", publication["name"], found.get("name"))
    if len(actual) > len(expected):
        out.add(f"{prefix} expected {len(expected)} publications but got {len(actual)}")


_SELECTION_FIELDS = (
    "name",
    "type",
    "number",
    "entryId",
    "page",
    "publicationId",
    "publicationName",
    "entryGroupId",
    "customName",
    "customNotes",
)


def _selections(
    out: Differences, prefix: str, expected: list[Expected], actual: list[State]
) -> None:
    for index, selection in enumerate(expected):
        if index >= len(actual):
            out.add(f"{prefix}.selection[{index}] expected but only {len(actual)} selections")
            continue
        found = actual[index]
        here = f"{prefix}.selection[{index}]"
        for field in _SELECTION_FIELDS:
            if selection.get(field) is not None:
                out.equal(f"{here}.{field}", selection[field], found.get(field))
        out.equal(f"{here}.hidden", selection.get("hidden", False), found.get("hidden", False))
        if selection.get("costs") is not None:
            _costs(out, f"{here} ", selection["costs"], found.get("costs", []))
        if selection.get("profiles") is not None:
            _profiles(out, here, selection["profiles"], found.get("profiles", []))
        if selection.get("rules") is not None:
            _rules(out, here, selection["rules"], found.get("rules", []))
        if selection.get("categories") is not None:
            _categories(out, here, selection["categories"], found.get("categories", []))
        if selection.get("children") is not None:
            _selections(out, here, selection["children"], found.get("children", []))
        if selection.get("childCount") is not None:
            out.equal(f"{here}.childCount", selection["childCount"], len(found.get("children", [])))
    if len(actual) > len(expected):
        out.add(f"{prefix} expected {len(expected)} selections but got {len(actual)}")


def _force(out: Differences, prefix: str, expected: Expected, actual: State) -> None:
    for field in ("name", "entryId", "publicationId", "page", "catalogueName", "catalogueId"):
        if expected.get(field) is not None:
            out.equal(f"{prefix}.{field}", expected[field], actual.get(field))
    for field in ("customName", "customNotes"):
        if expected.get(field) is not None:
            out.equal(f"{prefix}.{field}", expected[field], actual.get(field))
    if expected.get("selectionCount") is not None:
        out.equal(f"{prefix}.selectionCount", expected["selectionCount"], len(actual["selections"]))
    if expected.get("availableEntryCount") is not None and "availableEntryCount" in actual:
        out.equal(
            f"{prefix}.availableEntryCount",
            expected["availableEntryCount"],
            actual["availableEntryCount"],
        )
    out.equal(f"{prefix}.hidden", expected.get("hidden", False), actual.get("hidden", False))
    children = actual.get("childForces", [])
    if expected.get("childForceCount") is not None:
        out.equal(f"{prefix}.childForceCount", expected["childForceCount"], len(children))
    if expected.get("childForces") is not None:
        wanted = expected["childForces"]
        for index, child in enumerate(wanted):
            if index >= len(children):
                out.add(
                    f"{prefix}.childForce[{index}] expected but only {len(children)} child forces"
                )
                continue
            _force(out, f"{prefix}.childForce[{index}]", child, children[index])
        if len(children) > len(wanted):
            out.add(f"{prefix} expected {len(wanted)} child forces but got {len(children)}")
    if expected.get("selections") is not None:
        _selections(out, prefix, expected["selections"], actual["selections"])
    if expected.get("profiles") is not None:
        _profiles(out, prefix, expected["profiles"], actual.get("profiles", []))
    if expected.get("rules") is not None:
        _rules(out, prefix, expected["rules"], actual.get("rules", []))
    if expected.get("categoryCount") is not None:
        out.equal(
            f"{prefix}.categoryCount", expected["categoryCount"], len(actual.get("categories", []))
        )
    if expected.get("categories") is not None:
        _categories(out, prefix, expected["categories"], actual.get("categories", []))
    if expected.get("publications") is not None:
        _publications(out, prefix, expected["publications"], actual.get("publications", []))


def _error_text(error: State) -> str:
    on = error.get("ownerType") or "?"
    if error.get("ownerEntryId"):
        on += f" {error['ownerEntryId']}"
    if error.get("entryId") is not None and error.get("constraintId") is not None:
        return f"{on} <- {error['entryId']}/{error['constraintId']}: {error['message']}"
    return f"{on}: {error['message']}"


def _split(text: str, sep: str) -> tuple[str, str | None]:
    head, found, tail = text.partition(sep)
    return (head, tail) if found else (head, None)


def _match_errors(
    out: Differences, wanted: list[Expected], actual: list[State], exact: bool
) -> None:
    used: set[int] = set()
    listed = "; ".join(_error_text(e) for e in actual)
    for assertion in wanted:
        owner_type, owner_entry = _split(str(assertion.get("on", "")), " ")
        entry_id, constraint_id = _split(str(assertion.get("from", "")), "/")
        contains = assertion.get("messageContains")
        match = next(
            (
                i
                for i, error in enumerate(actual)
                if i not in used
                and error.get("ownerType") == owner_type
                and (owner_entry is None or error.get("ownerEntryId") == owner_entry)
                and error.get("entryId") == entry_id
                and error.get("constraintId") == (constraint_id or "")
                and (contains is None or str(contains).lower() in error["message"].lower())
            ),
            None,
        )
        if match is None:
            what = f"on='{assertion.get('on')}', from='{assertion.get('from')}'"
            if contains is not None:
                what += f", messageContains='{contains}'"
            out.add(f"expected error [{what}] not found in: [{listed}]")
        else:
            used.add(match)
    if exact and len(actual) != len(wanted):
        out.add(f"expected {len(wanted)} error(s) but got {len(actual)}: [{listed}]")


def compare(
    step: int,
    expected: Expected,
    state: State,
    errors: Callable[[], list[State]],
    data_source: bool = False,
) -> list[str]:
    """Every difference between ``expected`` and ``state`` at step ``step``."""
    out = Differences(step)
    if expected.get("forceCount") is not None:
        out.equal("forceCount", expected["forceCount"], len(state["forces"]))
    if expected.get("costCount") is not None:
        out.equal("costCount", expected["costCount"], len(state["costs"]))
    if expected.get("costs") is not None:
        _costs(out, "", expected["costs"], state["costs"])
    if expected.get("costLimitCount") is not None:
        out.equal("costLimitCount", expected["costLimitCount"], len(state["costLimits"]))
    if expected.get("costLimits") is not None:
        _costs(out, "costLimit ", expected["costLimits"], state["costLimits"])
    for field, key in (("gameSystemName", "gameSystemName"), ("gameSystemId", "gameSystemId")):
        if expected.get(field) is not None:
            out.equal(field, expected[field], state.get(key))
    if expected.get("name") is not None:
        out.equal("name", expected["name"], state["name"])
    if expected.get("forces") is not None:
        wanted = expected["forces"]
        for index, force in enumerate(wanted):
            if index >= len(state["forces"]):
                out.add(f"expected force[{index}] but only {len(state['forces'])} forces")
                continue
            _force(out, f"force[{index}]", force, state["forces"][index])
        if len(state["forces"]) > len(wanted):
            out.add(f"expected {len(wanted)} forces but got {len(state['forces'])}")
    if expected.get("selectionCount") is not None:
        total = sum(len(f["selections"]) for f in state["forces"])
        out.equal("totalSelectionCount", expected["selectionCount"], total)
    has_errors = expected.get("errors") is not None
    has_contain = expected.get("errorsContain") is not None
    if has_errors and has_contain:
        out.add("'errors' and 'errorsContain' are mutually exclusive")
        return out.lines
    if has_errors:
        actual = errors()
        if not expected["errors"]:
            if actual:
                listed = "; ".join(_error_text(e) for e in actual)
                out.add(f"expected no errors but got {len(actual)}: {listed}")
        else:
            _match_errors(out, expected["errors"], actual, exact=True)
    if has_contain:
        _match_errors(out, expected["errorsContain"], errors(), exact=False)
    if expected.get("errorCount") is not None:
        actual = errors()
        if len(actual) != expected["errorCount"]:
            listed = "; ".join(_error_text(e) for e in actual)
            out.add(f"expected {expected['errorCount']} error(s) but got {len(actual)}: [{listed}]")
    if (
        not data_source
        and not has_errors
        and not has_contain
        and expected.get("errorCount") is None
    ):
        actual = errors()
        if actual:
            listed = "; ".join(_error_text(e) for e in actual)
            out.add(f"expected no errors (default) but got {len(actual)}: {listed}")
    return out.lines
