"""Undo and redo of a battle: the full log's refusal, what
``new_battle`` hands to the setup by default, and the words of its errors.

History: these kill survivors of ``model/battle/battle.py``'s mutation run (issue 19;
see tests/MUTATION.md, "Undo and redo of a battle").
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from model.battle.battle import Battle, new_battle
from model.battle.events import EndGame
from model.battle.refused import Refused
from model.core.bounds import MAX_EVENTS
from tests.helpers import bundled
from tests.model.test_battle_rules import band, gangers_vs_mutards


def _players() -> list[tuple[str, object, object]]:
    catalog = bundled()
    a, b = band("gangers/legal-500"), band("mutards/legal-500")
    return [("Ann", a, catalog.view(a.faction)), ("Bob", b, catalog.view(b.faction))]


def test_a_log_of_max_events_takes_no_more() -> None:
    """At ``MAX_EVENTS`` events the next is refused before anything is folded, with the
    way on (kills ``record__mutmut_1``: ``>`` would fold the log and refuse its second
    end of the game instead; and ``_2, 3, 4``: the message's words)."""
    end = EndGame(kind="end-game")
    full = Battle(gangers_vs_mutards().setup, (end,) * MAX_EVENTS)
    with pytest.raises(Refused) as refused:
        full.record(end)
    assert str(refused.value) == (
        f"the battle's log is full ({MAX_EVENTS:,} events): end the game, or go on in a new battle"
    )


def test_a_new_battle_has_seed_0_and_the_scenario_given() -> None:
    """Kills ``x_new_battle__mutmut_12`` (the default seed 1) and ``_42`` (the scenario
    not handed on)."""
    battle = new_battle(bundled(), _players(), scenario="The bridge")  # type: ignore[arg-type]
    assert (battle.setup.seed, battle.setup.scenario) == (0, "The bridge")


def test_what_new_battle_refuses_says_why() -> None:
    """Kills ``x_new_battle__mutmut_2`` (no words for a system without tracker rules),
    ``_5, 8, 9`` (a battle has two sides), ``_10`` (a list of another system) and ``_55``
    (the setup's problems joined by "; ")."""
    catalog = bundled()
    players = _players()
    untracked = replace(
        catalog, system_file=catalog.system_file.model_copy(update={"tracker": None}), _views={}
    )
    cases = [
        (untracked, players, "Punkapocalyptic has no battle tracker rules yet"),
        (catalog, players[:1], "a battle has two sides"),
    ]
    for cat, sides, message in cases:
        with pytest.raises(ValueError) as error:
            new_battle(cat, sides)  # type: ignore[arg-type]
        assert str(error.value) == message
    name, roster, view = players[0]
    other = roster.model_copy(update={"system": "steam-wars"})  # type: ignore[attr-defined]
    with pytest.raises(ValueError) as error:
        new_battle(catalog, [(name, other, view), players[1]])  # type: ignore[list-item]
    assert str(error.value) == "'Rust Rats' is a steam-wars list, not punkapocalyptic"
    with pytest.raises(ValueError) as error:
        new_battle(catalog, players, turn_limit=10**9, seed=2**70)  # type: ignore[arg-type]
    assert "; " in str(error.value)
    assert "XX" not in str(error.value)
    assert str(error.value).count("must be") == 2
