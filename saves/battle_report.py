"""A battle as a Markdown report: who played, how far it went, what was lost.

Written from the battle's log alone (a finished game or one paused mid-turn), so
the report of a battle file is the same on any machine: the sides and their
lists, the turns played, each model that went out and in which turn, points lost,
victory points, every roll made with the dice helper, and the players' notes.
"""

from __future__ import annotations

from model.battle.battle import Battle
from model.battle.events import Note, Roll
from model.battle.forces import SIDE_LETTERS
from model.battle.game_choices import turn_word
from model.battle.state import BattleState
from model.battle.text import defeat_text, victory_text, who
from model.core.value import frozen_value
from saves.markdown import cell, escape


@frozen_value(slots=False)
class _Moment:
    """Something the report lists, with the turn it happened in."""

    turn: int
    text: str
    model: str | None = None


def battle_report(battle: Battle) -> str:
    """The Markdown report."""
    setup = battle.setup
    final = battle.state
    losses: list[_Moment] = []
    rolls: list[_Moment] = []
    notes: list[_Moment] = []
    state = BattleState.start(setup)
    for event in battle.events:
        after = state.then(event)
        for side in setup.sides:
            for model in side.models:
                if after.is_out(model.id) and not state.is_out(model.id):
                    losses.append(_Moment(state.turn, who(state, model.id), model.id))
        if isinstance(event, Roll):
            text = f"{event.title}: {event.outcome}" + (
                f" ({event.detail})" if event.detail else ""
            )
            rolls.append(_Moment(state.turn, text))
        elif isinstance(event, Note):
            notes.append(_Moment(state.turn, event.text))
        state = after
    # models that went out and came back are not losses
    losses = [m for m in losses if m.model is not None and final.is_out(m.model)]

    title = setup.scenario or f"{setup.system_name} battle"
    turn = turn_word(setup.choices).lower()
    played = (
        f"the game ended in {turn} {final.turn} of {setup.turn_limit}"
        if final.ended
        else f"paused in {turn} {final.turn} of {setup.turn_limit}"
    )
    priced = setup.tracker.victory.points_lost  # a game that publishes no points has none to lose
    scored = setup.tracker.victory.scored  # nor VP a game without them
    out = [
        f"# {escape(title)}",
        "",
        f"{escape(setup.system_name)} (catalog {escape(setup.catalog_version)}): "
        + " against ".join(
            f"**{escape(s.player)}** ({escape(s.faction)}: {escape(s.list_name)})"
            for s in setup.sides
        )
        + f"; {played}.",
        "",
        "| Side | Player | Standing | Out | "
        + ("Points lost | " if priced else "")
        + (f"{setup.tracker.victory.vp_name} |" if scored else ""),
        "|---|---|---:|---:|" + ("---:|" if priced else "") + ("---:|" if scored else ""),
    ]
    for index, side in enumerate(setup.sides):
        s = final.summary(index)
        points = f" {s.points_lost} |" if priced else ""
        vp = f" {s.victory_points} |" if scored else ""
        out.append(
            f"| {SIDE_LETTERS[index]} | {cell(side.player)} | {s.standing}/{s.models} | "
            f"{s.out} |{points}{vp}"
        )
    lost = [defeat_text(final, index) for index in range(len(setup.sides))]
    if any(lost):
        out += ["", *(f"**{escape(t[0].upper() + t[1:])}.**" for t in lost if t)]
    victory = setup.tracker.victory
    if victory.destroyed or victory.target is not None:
        # Steam Wars scores destroyed units and sets a target by the game's size
        out.append("")
        out += [
            f"- Side {SIDE_LETTERS[index]}: {escape(victory_text(final, index))}"
            for index in range(len(setup.sides))
        ]
    sections = (
        ("Models lost", losses, "No model went out."),
        ("Rolls", rolls, "No rolls were made with the dice helper."),
        ("Notes", notes, None),
    )
    for heading, moments, empty in sections:
        if not moments and empty is None:
            continue
        out += ["", f"## {heading}", ""]
        if not moments:
            out.append(empty or "")
        out += [f"- {turn_word(setup.choices)} {m.turn}: {escape(m.text)}" for m in moments]
    return "\n".join(out) + "\n"
