"""How a catalog's [tracker] says a game is won: victory points for units destroyed,
the points a side needs by the size of the game, and the tag whose loss loses it.

Apart from the rest of the section: only the standings and the end-of-game summary
read it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from model.core.base import Bool, Frozen, Id, Text
from model.core.bounds import Points, Positive, VictoryPoints


class DestroyedVP(Frozen):
    """Victory points the other side scores when a whole unit with one of these tags is
    out of the fight (Steam Wars: 2 for a vehicle, 1 for infantry)."""

    tags: frozenset[Id] = Field(min_length=1)
    vp: VictoryPoints
    source: str | None = None


class VPTarget(Frozen):
    """The victory points a side needs to win, by the size of the game: ``vp`` for each
    complete ``points`` of its list's points limit (Steam Wars: 7 per 500)."""

    points: Points
    vp: Positive
    source: str | None = None

    def for_limit(self, points_limit: int) -> int:
        return points_limit // self.points * self.vp


class VictorySpec(Frozen):
    """How the game is won and what the end-of-game summary counts."""

    points_lost: Bool = True
    """Count the points of models that went out, per side."""
    scored: Bool = True
    """False for a game without victory points (Steampocalypse 1909: a side whose
    officers are all down has lost): the tracker, ``battle show`` and the report leave
    them out and there is nothing to score."""
    vp_name: Text = "Victory points"
    vp_short: Annotated[str, Field(min_length=1, max_length=4)] = "VP"
    """A few letters for the side's title line, where room is short."""
    destroyed: tuple[DestroyedVP, ...] = ()
    """VP per enemy unit destroyed, by its tags; the first entry whose tags it has counts
    (put vehicles before infantry, as aircraft carry ``vehicle`` and their own tag)."""
    target: VPTarget | None = None
    lose_without: Id | None = None
    """A tag: a side whose every model with it is out of the fight has lost
    (Steampocalypse 1909: all of a side's officers are down)."""
    summary: str | None = None

    def destroyed_vp(self, tags: frozenset[str]) -> int:
        """What destroying a unit with these tags is worth (0 when no entry names one)."""
        return next((d.vp for d in self.destroyed if d.tags & tags), 0)
