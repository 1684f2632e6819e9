"""A condition or repeat that is not ``shared`` (``model.bsdata.queries.Counts.subject``):
BattleScribe compares its ``childId`` with a selection's whole chain of ids, so an entry
reached through a link (``alpha::trooper``) is never counted by its own id, and one
written in place is (spec ``modifier-repeat-shared-flag``, the suite's
``docs/shared-flag-semantics.md``).

The game: a shared Trooper reached through two links (Alpha, Beta), a Scout written in
place, and Squads of 50 pts with ``increment pts 10`` once per what they count.
"""

from __future__ import annotations

import pytest

from model.bsdata.evaluate import evaluate
from model.bsdata.roster import Selection
from tests.model.bsdata.xml_fixtures import FORCE, cat, cost, entry, gst, link, roster, sel, system


def _squad(sid: str, child: str, shared: str, field: str = "selections") -> str:
    repeat = (
        f'<repeats><repeat value="1" repeats="1" field="{field}" scope="force" '
        f'childId="{child}" shared="{shared}"/></repeats>'
    )
    modifier = (
        f'<modifiers><modifier type="increment" field="pts" value="10">{repeat}</modifier>'
        "</modifiers>"
    )
    return entry(sid, sid, cost(50) + modifier, kind="unit")


def _squad_if(sid: str, child: str, shared: str) -> str:
    condition = (
        f'<conditions><condition type="atLeast" value="1" field="selections" scope="force" '
        f'childId="{child}" shared="{shared}"/></conditions>'
    )
    modifier = (
        f'<modifiers><modifier type="set" field="name" value="Hit">{condition}</modifier>'
        "</modifiers>"
    )
    return entry(sid, sid, modifier, kind="unit")


SQUADS = (
    _squad("by-trooper", "trooper", "true"),
    _squad("by-trooper-unshared", "trooper", "false"),
    _squad("by-scout-unshared", "scout", "false"),
    _squad("by-model-unshared", "model", "false"),
    _squad_if("if-trooper-unshared", "trooper", "false"),
    _squad_if("if-scout-unshared", "scout", "false"),
)
GAME = system(
    gst(FORCE),
    cat(
        "<sharedSelectionEntries>"
        + entry("trooper", "Trooper", kind="model")
        + "</sharedSelectionEntries><entryLinks>"
        + link("alpha", "trooper")
        + link("beta", "trooper")
        + "</entryLinks><selectionEntries>"
        + entry("scout", "Scout", kind="model")
        + "".join(SQUADS)
        + "</selectionEntries>"
    ),
)


def _evaluated(*more: Selection) -> tuple[dict[str, float], dict[str, str]]:
    squads = [
        sel(s, s)
        for s in (
            "by-trooper",
            "by-trooper-unshared",
            "by-scout-unshared",
            "by-model-unshared",
            "if-trooper-unshared",
            "if-scout-unshared",
        )
    ]
    found = evaluate(GAME, roster(*squads, *more))
    costs = {sid: c[0].value for sid, c in found.selection_costs.items()}
    return costs, dict(found.names)


def test_shared_counts_through_every_link() -> None:
    """Two Troopers, one through each link: the shared repeat applies twice."""
    costs, _ = _evaluated(sel("t1", "alpha::trooper"), sel("t2", "beta::trooper"))
    assert costs["by-trooper"] == 70


@pytest.mark.parametrize("through", ["alpha::trooper", "beta::trooper"])
def test_unshared_never_counts_an_entry_reached_through_a_link(through: str) -> None:
    """Not shared, ``childId="trooper"`` never matches ``alpha::trooper``: no repeat, and
    the condition does not hold."""
    costs, names = _evaluated(sel("t1", through), sel("t2", through))
    assert costs["by-trooper-unshared"] == 50
    assert names["if-trooper-unshared"] == "if-trooper-unshared"


def test_unshared_counts_an_entry_written_in_place_and_a_type() -> None:
    """A Scout written in place has no chain but its own id: counted without ``shared``
    too; a type (``model``) is counted alike either way (the two Troopers and the
    Scout)."""
    costs, names = _evaluated(
        sel("s1", "scout"), sel("t1", "alpha::trooper"), sel("t2", "beta::trooper")
    )
    assert costs["by-scout-unshared"] == 60
    assert names["if-scout-unshared"] == "Hit"
    assert costs["by-model-unshared"] == 80
