"""What the engine keeps per node across evaluations (``model.bsdata.engine``'s fields as
written and the keys a selection answers to) changes no evaluation: over the real
2,000-point Space Marines list (``../shared/bsdata/wh40k-10e``, built as a player builds
one by ``tests/tui/real_lists.py``), after a sequence of edits, each evaluation made with
what was kept from the ones before is equal to one made with nothing kept. Marked
``real_data``; skipped without the data."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catalogs.library import Library
from model.bsdata import engine, evaluate
from model.bsdata.building import add_selection, choices, remove_selection
from model.bsdata.roster import BsRoster
from model.bsdata.system import GameSystem
from tests.tui.real_lists import TENTH, games_folder, has_data, space_marines, walk

pytestmark = [
    pytest.mark.real_data,
    pytest.mark.skipif(not has_data(TENTH), reason=f"no {TENTH} in ../shared/bsdata"),
]


def fresh(system: GameSystem, roster: BsRoster) -> evaluate.Evaluation:
    """``roster`` evaluated with nothing kept from before."""
    engine._WRITTEN.clear()
    engine._ENGINES.clear()
    evaluate._EVALUATIONS.clear()
    return evaluate.evaluate(system, roster)


def test_evaluations_with_what_was_kept_equal_those_with_nothing_kept(tmp_path: Path) -> None:
    system = Library(games_folder(tmp_path)).load_battlescribe(TENTH)
    roster = space_marines(system)
    force = roster.forces[0].id
    pick = random.Random(33)
    kept = []
    for step in range(8):
        selections = walk(roster.forces[0].selections)
        if step % 2:  # a weapon or a model removed, somewhere in a unit
            inner = [s for s in selections if s not in roster.forces[0].selections]
            roster = remove_selection(roster, pick.choice(inner).id)
        else:  # a unit added at the top, with what it holds by default
            offered = [c for c in choices(system, roster, force, None) if c.type == "unit"]
            roster = add_selection(system, roster, force, None, pick.choice(offered).entry_id)
        engine._ENGINES.clear()  # the engine run anew, with the fields kept from before
        evaluate._EVALUATIONS.clear()
        kept.append((roster, evaluate.evaluate(system, roster)))
    assert engine._WRITTEN  # kept indeed
    for roster, with_kept in kept:
        assert with_kept == fresh(system, roster)
