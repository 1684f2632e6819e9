"""How large a BattleScribe roster warband reads, whichever form it comes in.

A roster comes as warband's TOML (``roster_toml``), as BattleScribe's ``.ros`` XML
(``ros_read``) or as a share code, from anyone. Every number it carries and every
repetition it holds is bounded here, once, so that the three readers refuse the same
rosters with the same figures, and a roster read in one form can always be written in
another (a ``.ros`` imported is always a TOML file that reads back: its nesting fits
the TOML reader's 32 dotted key parts, ``model.parse.toml_guard``).

Real rosters are far inside these: a 2,000-point Warhammer army has some 300
selections nested 4 or 5 deep in one or two forces.
"""

from __future__ import annotations

from model.core.problems import Problem, RosterError

MAX_NUMBER = 1_000_000
"""A selection's ``number`` (``model.core.bounds.MAX_WHOLE``): nothing is done per unit of
it, but a sum of costs times it must stay exact."""

MAX_SELECTIONS = 5_000
"""Selections in one roster, counted at every depth: a 10,000-point army has some
1,500. Saved as TOML, each is a ``[[...selections]]`` block, and the TOML reader takes
at most 100,000 keys and tables (``model.parse.toml_guard``)."""

MAX_FORCES = 100
"""Forces in one roster, nested ones included."""

MAX_SELECTION_DEPTH = 20
"""Selections inside selections (a unit, its models, their weapons, an upgrade: 4)."""

MAX_FORCE_DEPTH = 6
"""Forces inside forces (a detachment in an army: 2). With ``MAX_SELECTION_DEPTH`` a TOML
table name is at most 26 dotted parts (``forces.forces.selections.selections...``)."""

MAX_CUSTOM_CATEGORIES = 1_000
"""Categories of one force given a name or notes of their own: a force entry links a
dozen categories, and only the force's categories can be named."""

MAX_COST_LIMITS = 100
"""Cost limits of one roster: one per cost type, and games have one to three."""

MAX_LIMIT = 1e9
"""A cost limit's value (as ``model.bsdata.read.MAX_NUMBER`` for the data's costs)."""

NO_LIMIT = -1.0
"""A cost limit of -1 is no limit, as BattleScribe writes it."""

MAX_TEXT = 100_000
"""Characters of one name, id or note: a note is a few lines, and a name a few words."""


def refuse_past_cap(total: int, what: str) -> None:
    """Refuse an edit after which a roster would hold ``total`` selections, when that is
    past ``MAX_SELECTIONS``: a roster file holds no more, so the list would not read
    back. Every edit that makes selections (a copy, an entry and its defaults, a
    collective entry per model) asks here before it makes them, so what it costs is
    bounded by the cap and not by the numbers or the nesting the data names."""
    if total > MAX_SELECTIONS:
        raise RosterError(
            "Too many selections",
            [
                Problem(
                    f"{what} would take the list past {MAX_SELECTIONS:,} selections",
                    hint="a roster file holds no more; remove some first",
                )
            ],
        )
