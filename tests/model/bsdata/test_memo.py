"""The last few engines and evaluations kept by identity (``model.bsdata.memo``): an undo
gives back the very roster evaluated before, and nothing is given back for another
object, however equal, or for the same roster over another game."""

from __future__ import annotations

from dataclasses import replace

from model.bsdata.building import choices
from model.bsdata.engine import run_engine
from model.bsdata.evaluate import evaluate
from model.bsdata.memo import KEPT, Recent
from tests.model.bsdata.test_engine_core import CAR, SHARED, game
from tests.model.bsdata.xml_fixtures import cost, roster, sel


def test_a_result_is_kept_for_the_very_objects_and_the_last_few() -> None:
    recent: Recent[list[int]] = Recent()
    first, second = [1], [2]
    made = recent.get(first, second, lambda: [3])
    assert recent.get(first, second, lambda: [4]) is made
    assert recent.get([1], second, lambda: [5]) == [5]  # equal, not the same: worked out
    assert recent.get(second, first, lambda: [6]) == [6]
    for n in range(KEPT):
        recent.get(n, n, list)
    assert recent.get(first, second, lambda: [7]) == [7]  # pushed out by newer ones
    recent.clear()
    assert recent.get(first, second, lambda: [8]) == [8]


def test_the_same_roster_over_another_game_is_evaluated_over_that_game() -> None:
    """A Car of 10 pts, then the same roster object over a game whose Car is 12."""
    listed = roster(sel("c", "car"))
    cheap, dear = game(), game(roots=CAR.replace(cost(10), cost(12)), shared=SHARED)
    assert evaluate(cheap, listed).totals[0].value == 10
    assert evaluate(dear, listed).totals[0].value == 12
    assert evaluate(cheap, listed) is evaluate(cheap, listed)
    assert run_engine(dear, listed) is run_engine(dear, listed)
    again = replace(listed)  # equal, another object: evaluated anew, to the same
    assert evaluate(cheap, again) is not evaluate(cheap, listed)
    assert evaluate(cheap, again) == evaluate(cheap, listed)


def test_what_a_place_offers_is_kept_for_the_very_roster() -> None:
    """The add picker opened again at a place, or over the roster an undo gave back, is
    answered as before; another roster object, however equal, is worked out anew (to the
    same), and another place or ``every`` is its own question."""
    cheap = game()
    listed = roster(sel("c", "car"))
    force = listed.forces[0].id
    top = choices(cheap, listed, force)
    assert [c.name for c in top] == ["Car"]
    assert choices(cheap, listed, force) is top
    inside = choices(cheap, listed, force, "c")
    assert inside is not top and [c.name for c in inside] == ["V8", "V12", "Gun"]
    assert choices(cheap, listed, force, "c") is inside
    assert choices(cheap, listed, force, every=True) is not top
    again = replace(listed)
    assert choices(cheap, again, force) is not top
    assert choices(cheap, again, force) == top
    dear = game(roots=CAR.replace(cost(10), cost(12)), shared=SHARED)
    assert choices(dear, listed, force)[0].costs[0].value == 12  # over that game
