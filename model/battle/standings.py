"""How the sides stand: models out, points lost, victory points scored by hand and for
enemy units destroyed, defeat, a list over its limit and the initiative reminder.

Apart because it only reads the state, for the summary and the end of the game; it
holds the handler of the one event that changes it, a score (in the state's table of
events, ``model.battle.state``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.battle.forces import SIDE_LETTERS, ModelSnap
from model.battle.refused import Refused
from model.battle.state_reading import StateReading
from model.battle.state_values import Outcome, OverLimit, SideSummary

if TYPE_CHECKING:
    from model.battle.events import Score


class Standings(StateReading):
    """The score and standing of each side of a battle state."""

    def summary(self, side: int) -> SideSummary:
        models = self.setup.sides[side].models
        out = [m for m in models if self.is_out(m.id)]
        victory = self.tracker.victory
        scoring = [
            vp
            for other in range(len(self.setup.sides))
            if other != side
            for _, vp in self.destroyed_units(other)
            if vp
        ]
        target = victory.target
        return SideSummary(
            side,
            len(models),
            len(out),
            sum(m.cost for m in out),
            self.vp[side] + sum(scoring),
            scored=self.vp[side],
            destroyed_vp=sum(scoring),
            units_destroyed=len(scoring),
            vp_target=(
                None if target is None else target.for_limit(self.setup.sides[side].points_limit)
            ),
        )

    def defeated(self, side: int) -> bool:
        """Whether a side has lost by the catalog's ``lose_without``: it had models with
        that tag (its officers) and every one of them is out of the fight."""
        tag = self.tracker.victory.lose_without
        if tag is None:
            return False
        leaders = [m for m in self.setup.sides[side].models if tag in m.tags]
        return bool(leaders) and all(self.is_out(m.id) for m in leaders)

    def outcome(self) -> Outcome:
        """Who wins as the count stands, by the catalog's victory rules in the order the
        rulebooks give them: a side that has lost (its officers all down, 000 Officer);
        a side that reached its victory point target (a draw when both did, 004 Victory
        Point Levels); more victory points (004: at the turn limit the most VP wins);
        then fewer points lost (004: the most casualties in points wins). A scenario's
        own conditions are the players' to check: where the count cannot tell the sides
        apart, it is a draw by the count (issue 31: the end named no winner)."""
        victory = self.tracker.victory
        sides = range(len(self.setup.sides))
        lost = [side for side in sides if self.defeated(side)]
        if lost:
            tag = victory.lose_without or ""
            plural = tag.replace("-", " ") + ("" if tag.endswith("s") else "s")
            if len(lost) > 1:
                return Outcome(None, f"both sides' {plural} are all down")
            return Outcome(1 - lost[0], f"as side {SIDE_LETTERS[lost[0]]}'s {plural} are all down")
        summaries = [self.summary(side) for side in sides]
        reached = [
            s.side for s in summaries if s.vp_target is not None and s.victory_points >= s.vp_target
        ]
        if len(reached) == 1:
            target = summaries[reached[0]].vp_target
            return Outcome(reached[0], f"by reaching its target of {target} {victory.vp_short}")
        if len(reached) > 1:  # 004: "the result could be a draw"
            return Outcome(None, f"both reached their {victory.vp_short} targets")
        tied: list[str] = []
        if victory.scored:
            a, b = (s.victory_points for s in summaries)
            if a != b:
                return Outcome(
                    0 if a > b else 1, f"on {victory.vp_name.lower()} ({max(a, b)} to {min(a, b)})"
                )
            tied.append(f"{victory.vp_name.lower()} {a} each")
        if victory.points_lost:
            a, b = (s.points_lost for s in summaries)
            if a != b:
                return Outcome(
                    0 if a < b else 1, f"on points lost ({min(a, b)} against {max(a, b)})"
                )
            tied.append(f"{a} points lost each")
        return Outcome(None, ", ".join(tied) if tied else "the count cannot tell the sides apart")

    def destroyed_units(self, side: int) -> tuple[tuple[int, int], ...]:
        """A side's roster entries (units) whose every model is out, each with the VP its
        destruction gives the other side by the catalog's ``victory.destroyed``."""
        entries: dict[int, list[ModelSnap]] = {}
        for model in self.setup.sides[side].models:
            entries.setdefault(model.entry, []).append(model)
        victory = self.tracker.victory
        return tuple(
            (entry, victory.destroyed_vp(models[0].tags))
            for entry, models in entries.items()
            if all(self.is_out(m.id) for m in models)
        )

    def over_limit(self, side: int) -> OverLimit | None:
        """The side's points and limit when its list costs more than its limit."""
        setup = self.setup.sides[side]
        points = sum(m.cost for m in setup.models)
        limit = setup.points_limit
        return OverLimit(side, points, limit) if points > limit else None

    def initiative_reminder(self) -> str | None:
        """What the turn's initiative roll asks for, before anyone has acted this turn:
        the catalog's reminder, and the penalty of each side over its points limit.
        None where the game rolls no initiative, or once the turn's order is known."""
        spec = self.tracker.turns.initiative
        if spec is None or self.ended or self.active is not None:
            return None
        if None in self.firsts or self.moves.get(None):
            return None
        text = f"turn {self.turn}: {spec.reminder}"
        if spec.over_limit:
            for side in range(len(self.setup.sides)):
                over = self.over_limit(side)
                if over is not None:
                    text += (
                        f"; side {SIDE_LETTERS[side]} ({self.setup.sides[side].player}) rolls "
                        f"at {spec.over_limit:+d}: its list is {over.points} points, over its "
                        f"limit of {over.limit}"
                    )
        return text


def score(state: StateReading, event: Score) -> None:
    """A side scores (or loses) victory points by hand."""
    if event.side not in (0, 1):
        raise Refused("the side is 0 (A) or 1 (B)")
    state.vp[event.side] += event.points
