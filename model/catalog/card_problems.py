"""What is wrong with a designed unit's card: ids no catalog defines, a model type or
Resilience the base cost table lacks, an entered card's stats out of their bounds, each
as a ``CardProblem`` with its place inside the card.

Apart from the costing: a card is costed only once it has no problem, and the catalog
check and the designer report these on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from model.core.problems import Problem, did_you_mean
from model.core.value import frozen_value

if TYPE_CHECKING:
    from model.catalog.card_costing import RuleCost
    from model.catalog.design import DesignSpec, UnitCard
    from model.catalog.items import Item


@frozen_value
class CardProblem:
    """Something in a card that no catalog defines; ``path`` is inside the card."""

    message: str
    path: tuple[str | int, ...]
    unknown: str | None = None
    """The unknown id, for a "did you mean"."""
    choices: tuple[str, ...] = ()
    """The ids it may be."""

    def problem(self, card_id: str) -> Problem:
        """As a problem of the file holding the card: the key path from the file's top
        and, for an unknown id, "did you mean" or the ids it may be."""
        hint = None
        if self.unknown:
            hint = did_you_mean(self.unknown, self.choices)
            if hint is None and self.choices:
                more = ", ..." if len(self.choices) > 12 else ""
                hint = "known: " + ", ".join(self.choices[:12]) + more
        return Problem(self.message, path=("cards", card_id, *self.path), hint=hint)


def _ids_of(items: Mapping[str, Item], kind: str) -> tuple[str, ...]:
    return tuple(i for i, item in items.items() if item.kind == kind)


def card_problems(
    spec: DesignSpec | None,
    card: UnitCard,
    items: Mapping[str, Item],
    rule_costs: Mapping[str, RuleCost],
    points_name: str = "points",
) -> list[CardProblem]:
    """Every id in a card that the catalog does not define, and impossible values.

    ``points_name`` is what the system calls its points (``PV``), for the messages."""
    if spec is None:
        return [CardProblem("this game system has no unit designer", ("type",))]
    if spec.entered:
        return entered_problems(spec, card, items, points_name)
    problems: list[CardProblem] = [
        CardProblem(
            f"'{key}' is for systems whose cards give their stats and points; "
            "this system works a card's cost out from its models",
            (key,),
        )
        for key in card.entered_keys
    ]
    type_ids = tuple(t.id for t in spec.types)
    weapons, abilities = _ids_of(items, "weapon"), _ids_of(items, "ability")
    if card.type is None:
        problems.append(
            CardProblem(f"no model type: give type = one of {', '.join(type_ids)}", ("type",))
        )
    if card.res is None:
        known = spec.resiliences
        problems.append(CardProblem(f"no Resilience (res = {known[0]} to {known[-1]})", ("res",)))
    if not card.models:
        problems.append(
            CardProblem("no models: a card has at least one [[...models]] group", ("models",))
        )

    def check_type(type_id: str | None, path: tuple[str | int, ...]) -> None:
        if type_id is not None and spec.type(type_id) is None:
            problems.append(CardProblem(f"unknown model type '{type_id}'", path, type_id, type_ids))

    def check_res(res: int | None, path: tuple[str | int, ...]) -> None:
        if res is None:
            return
        if str(res) not in spec.wound_cost:
            known = spec.resiliences
            problems.append(
                CardProblem(
                    f"Resilience {res} is not in the base cost table ({known[0]} to {known[-1]})",
                    path,
                )
            )

    check_type(card.type, ("type",))
    check_res(card.res, ("res",))
    for n, group in enumerate(card.models, start=1):
        at: tuple[str | int, ...] = ("models", n)
        if group.type is not None:
            check_type(group.type, (*at, "type"))
        if group.res is not None:
            check_res(group.res, (*at, "res"))
        wounds = group.wounds or card.wounds
        if wounds > spec.max_wounds:
            problems.append(
                CardProblem(
                    f"{wounds} wounds; a model has at most {spec.max_wounds}", (*at, "wounds")
                )
            )
        for w in group.weapons:
            if w not in weapons:
                problems.append(CardProblem(f"unknown weapon '{w}'", (*at, "weapons"), w, weapons))
        for a in group.abilities:
            if a not in abilities:
                problems.append(
                    CardProblem(f"unknown ability '{a}'", (*at, "abilities"), a, abilities)
                )
        for w, added in group.upgrades.items():
            if w not in group.weapons:
                problems.append(
                    CardProblem(
                        f"'{w}' is upgraded but the models do not carry it",
                        (*at, "upgrades", w),
                    )
                )
            for r in added:
                if r not in rule_costs:
                    problems.append(
                        CardProblem(
                            f"unknown weapon special rule '{r}'",
                            (*at, "upgrades", w),
                            r,
                            tuple(rule_costs),
                        )
                    )
    return problems


def entered_problems(
    spec: DesignSpec, card: UnitCard, items: Mapping[str, Item], points_name: str
) -> list[CardProblem]:
    """What an entered card lacks or gets wrong: a stat of the profile left out or out
    of its bounds, a stat the system's cards do not have, an ability the catalog does
    not define, no points, keys of derived cards."""
    problems = [
        CardProblem(
            f"'{key}' is for systems that work a card's cost out from its models; "
            f"this system's cards give their stats and {points_name}",
            (key,),
        )
        for key in card.derived_keys
    ]
    declared = tuple(s.id for s in spec.stats)
    for stat in spec.stats:
        value = card.stats.get(stat.id)
        at: tuple[str | int, ...] = ("stats", stat.id)
        if value is None:
            if not stat.optional:
                problems.append(CardProblem(f"no {stat.id}: the card gives every stat", at))
        elif value < stat.min or (stat.max is not None and value > stat.max):
            problems.append(CardProblem(f"{stat.id} {value}: it is {stat.bounds()}", at))
    for sid in card.stats:
        if sid not in declared:
            problems.append(CardProblem(f"unknown stat '{sid}'", ("stats", sid), sid, declared))
    if card.points is None:
        problems.append(
            CardProblem(f"no {points_name}: enter the points printed on the card", ("points",))
        )
    abilities = _ids_of(items, "ability")
    for a in card.abilities:
        if a not in abilities:
            problems.append(CardProblem(f"unknown ability '{a}'", ("abilities",), a, abilities))
    if card.special is not None and spec.special is None:
        problems.append(CardProblem("this system's cards have no special ability", ("special",)))
    return problems
