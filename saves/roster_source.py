"""Where a roster came from, to place its problems at lines: apart from
``saves.roster_file`` so that reading a list over BattleScribe data
(``saves.bs_roster_file``) does not import warband's own catalog schema with it.

History: issue 33; that import was about 30 ms of every ``warband validate`` of such a list.
"""

from __future__ import annotations

from model.core.problems import Problem
from model.core.value import frozen_value
from model.parse.toml_text import KeyLines


@frozen_value(slots=False)
class RosterSource:
    """Where a roster came from, kept so later problems can point at its lines."""

    name: str
    """The file as the user named it (or a label such as ``<share code>``)."""
    lines: KeyLines

    def place(self, problems: list[Problem]) -> list[Problem]:
        """The problems located in this file, with lines where the keys are written."""
        return [p.at(file=self.name, line=self.lines.line_of(p.path)) for p in problems]
