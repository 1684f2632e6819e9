"""What the players choose once per game for a game warband has no catalog of: which
characteristic of a model's profile its damage counts against, the counters they keep,
the phases of a round, the usual number of rounds and what activates.

A catalog of our own carries a ``[tracker]`` section written for its game; a game with
BattleScribe data carries none, and the data cannot say what a wound is. These choices
stand in for that section: ``tracker_for`` makes the same ``Tracker`` from them, so the
battle engine (events, undo, save, the tracker screen) has no second code path for such
a game. warband proposes the damage characteristic from its name (``propose_damage``);
the player confirms it or picks another, by hand in the choices file or in the app.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.catalog.tracker import Tracker
from model.catalog.tracker_counters import CounterSpec, DamageSpec
from model.catalog.tracker_turns import Phase, TurnSpec
from model.catalog.tracker_victory import VictorySpec
from model.core.base import Frozen, Id, StatId, Text
from model.core.bounds import TurnLimit

DAMAGE_NAMES = (
    "w",
    "wounds",
    "hull",
    "hull points",
    "hp",
    "hit points",
    "health",
    "hits",
    "damage",
    "structure",
    "structure points",
    "life",
    "vitality",
)
"""Names of a characteristic that counts damage, the likeliest first (compared without
case): W (Warhammer), Hull Points (Gaslands), HP, Health ..."""

OUT_COUNTER = "out"
"""The counter the damage sets when a model's last wound (hull point ...) is gone."""

_MAX_CHOICE_COUNTERS = 20
_MAX_PHASES = 10


class CounterChoice(Frozen):
    """A counter the players keep in every battle of the game (Gaslands' hazard tokens,
    a 40k unit's Battle-shocked)."""

    id: Id
    name: Text
    short: Annotated[str, Field(min_length=1, max_length=4)]
    """A few letters for a model's row (``Haz``)."""
    scope: Literal["model", "side"] = "model"
    """Kept for each model, or once for each side."""
    kind: Literal["number", "flag"] = "number"
    max: Annotated[int, Field(ge=1, le=999)] | None = None
    """The highest value (None: no limit); a flag's is 1."""
    clears: Literal["never", "end-of-turn"] = "never"
    """Whether it goes back to zero at the end of each round."""


class GameChoices(Frozen):
    """The once-per-game choices for a game with BattleScribe data."""

    damage: str = Field(default="", max_length=100)
    """The characteristic a model's damage counts against (``Hull Points``); empty for
    none: each model then goes out of action at its first damage."""
    counters: tuple[CounterChoice, ...] = Field(default=(), max_length=_MAX_CHOICE_COUNTERS)
    phases: tuple[Text, ...] = Field(default=(), max_length=_MAX_PHASES)
    """The phases of a round in order; none: a round is one phase, "Round"."""
    rounds: TurnLimit = 6
    """The usual number of rounds (a battle can set its own)."""
    activation: Literal["model", "unit"] = "unit"
    """What is marked as having activated: each model, or each unit as a whole."""

    @model_validator(mode="after")
    def _own_ids(self) -> GameChoices:
        seen: set[str] = {OUT_COUNTER, "actions-used"}
        for counter in self.counters:
            if counter.id in seen:
                raise ValueError(
                    f"a second counter with the id {counter.id!r} ("
                    f"{OUT_COUNTER!r} and 'actions-used' are the tracker's own): give it another"
                )
            seen.add(counter.id)
        return self


def propose_damage(names: Iterable[str]) -> str:
    """The characteristic, of ``names`` (a game's characteristic names, in the data's
    order), that most likely counts damage; empty when none looks like one."""
    known = {name.strip().lower(): name for name in names}
    return next((known[n] for n in DAMAGE_NAMES if n in known), "")


def turn_word(choices: GameChoices | None) -> str:
    """What a battle calls one of its turns, capitalised: a "Turn" in our own games, as
    their rulebooks say; a "Round" in a game with BattleScribe data (``choices`` not
    None), since its players choose rounds (``GameChoices.rounds``) and the phases of one."""
    return "Turn" if choices is None else "Round"


def stat_key(name: str) -> StatId:
    """The short key a characteristic's number is kept under in a model's stats (a
    characteristic's name may hold spaces and signs: ``Hull Points`` is ``Hull_Points``).
    Stable: a battle file's models and its tracker name it the same way."""
    key = re.sub(r"[^A-Za-z0-9_]+", "_", name.strip()).strip("_")[:16] or "X"
    return key if key[0].isalpha() else f"C{key}"[:16]


def whole_number(text: str) -> int | None:
    """A characteristic's value as a whole number (``10``, ``10"``), None for any other
    text (``4+``, ``D6``, ``-``): only a number can be counted down."""
    found = re.fullmatch(r"\s*(\d{1,4})\s*(\"|''|”)?\s*", text)
    return int(found.group(1)) if found else None


def tracker_for(choices: GameChoices) -> Tracker:
    """The tracker rules the choices make: rounds of the phases chosen, each with free
    activation marks; damage against the chosen characteristic; the counters chosen,
    and the out-of-action flag; victory points by hand."""
    phases = choices.phases or ("Round",)
    ids = _phase_ids(phases)
    counters = [
        CounterSpec(
            id=OUT_COUNTER,
            name="Out of action",
            short="Out",
            out=True,
            summary="set when a model's damage reaches its limit; undo brings it back",
        ),
        CounterSpec(
            id="actions-used",
            name="Actions used",
            short="Act",
            kind="number",
            scope="actor",
            clears="end-of-activation",
            summary="the tracker's own: a game with BattleScribe data has no actions",
        ),
        *(_counter_spec(c) for c in choices.counters),
    ]
    damage = (
        DamageSpec(wounds=f"stat:{stat_key(choices.damage)}", out_counter=OUT_COUNTER)
        if choices.damage
        else DamageSpec(wounds=1, out_counter=OUT_COUNTER)
    )
    return Tracker(
        activation=choices.activation,
        action_points=0,
        turns=TurnSpec(
            kind="phases",
            phases=tuple(
                Phase(id=i, name=name, activations=True)
                for i, name in zip(ids, phases, strict=True)
            ),
            turn_limit=choices.rounds,
        ),
        counters=tuple(counters),
        damage=damage,
        victory=VictorySpec(points_lost=False),
    )


def _counter_spec(choice: CounterChoice) -> CounterSpec:
    return CounterSpec(
        id=choice.id,
        name=choice.name,
        short=choice.short,
        kind=choice.kind,
        scope=choice.scope,
        max=None if choice.kind == "flag" else choice.max,
        clears=choice.clears,
    )


def _phase_ids(names: tuple[str, ...]) -> tuple[str, ...]:
    """An id for each phase, from its name (``Movement Phase`` is ``movement-phase``),
    numbered where two names make the same id."""
    ids: list[str] = []
    for n, name in enumerate(names, start=1):
        base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or f"phase-{n}"
        ids.append(base if base not in ids else f"{base}-{n}")
    return tuple(ids)
