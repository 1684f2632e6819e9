"""Why an option is not allowed now, told before it is added: "Adding one would make 2 from
Weapons; a Mutard takes at most 1", not the list after adding with its fix ("has 2 from
Weapons; at most 1: remove 1"); and the limit shown is the one that applies to this entry (a
blade's own 2, or the group's 1 weapon in all). History: issue 31."""

from __future__ import annotations

from model.roster.advice import Option, options_for
from saves.roster_file import read_roster, resolve
from tests.conftest import FIXTURES
from tests.helpers import bundled


def options(band: str, index: int) -> dict[str, Option]:
    catalog = bundled()
    roster, source = read_roster(FIXTURES / "rosters" / band / "legal-500.toml")
    view = resolve(roster, source, lambda _: catalog)
    return {o.item_id: o for o in options_for(view, roster, index)}


def test_a_group_full_says_what_adding_would_make_and_the_entrys_limit() -> None:
    mutard = options("mutards", 5)  # a Mutard with a medium blade
    blade = mutard["small-blade"]
    assert (blade.limit, blade.group_max) == (1, 1)  # 2 of the blade, 1 weapon in all
    assert blade.reasons == ("Adding one would make 2 from Weapons; a Mutard takes at most 1",)
    assert "remove" not in " ".join(mutard["mace"].reasons)
    assert mutard["bullet"].limit is None and mutard["bullet"].reasons == ()


def test_an_item_taken_as_often_as_it_may_be_and_a_catalog_rule() -> None:
    chief = options("gangers", 0)  # Big Joe carries a bulletproof vest and a rifle
    assert chief["bulletproof-vest"].reasons[0] == (
        "Adding one would make Bulletproof vest x2; a Chief takes at most 1"
    )
    # a catalog's own message, told as the list would be, without its fix
    [shotgun] = chief["shotgun"].reasons
    assert shotgun.startswith("Adding one would break a rule: Big Joe (Chief, unit 1) carries 2")
    assert not shotgun.endswith(("remove 1", "remove one"))
