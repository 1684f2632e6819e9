"""Where a battle stands, for people and for machines: ``battle_json`` (the object of
``warband battle show --json``) and ``battle_text`` (its plain-text report), with the
score, turn and counter wording they share.

Pure text and data, no Rich or Textual, but it names the battle file's format (from
``saves``), so it lives in ``tui`` rather than ``model``; apart from the command line so
that ``battle show``, ``battle new`` (``side_title``) and the app can share one wording.
The Markdown of ``battle report`` is ``saves/battle_report.py``: a file, written from the
battle's log rather than its state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.battle.battle import Battle
    from model.battle.setup import BattleSetup
    from model.battle.state import BattleState


def battle_json(battle: Battle) -> dict[str, Any]:
    """The JSON shape of ``warband battle show --json``::

        {"format": "warband.battle/3", "system", "system_name", "catalog_version",
         "scenario", "seed", "turn", "turn_limit",
         "round": int | null,          # stat-rounds: the round's value of "round_stat"
         "round_stat": str | null,     # e.g. "Ag"
         "phase": {"number", "id", "name"} | null,    # phases: the current one (from 1)
         "over": bool, "active": model id | null,
         "next": {"side": "A" | "B" | null, "actors": [model id], "roll_off": bool,
                  "turn_over": bool},
         "events": int, "undone": int,
         "markers": [{"number", "marker", "name", "label", "turn"}],
         "sides": [{"side": "A", "player", "faction", "list", "victory_points",
                    "points_lost", "standing", "out", "lost" (where a side can lose its
                    officers), "counters": {counter id: value},
                    "models": [{"id", "label", "unit", "actor", "wounds", "wounds_max",
                                "damage": str | null,   # what wounds count against: "W",
                                                        # "Hull Points"; null: a plain count
                                "out": bool, "fighting_on": bool, "acted": bool,
                                "actions_used", "actions",
                                "counters": {counter id: value},
                                "items": {"pistol#2": {counter id: value}},
                                # a list over BattleScribe data only:
                                "force", "profiles": [{"name", "type", "owner", "count",
                                "characteristics": {name: text}}], "rules": [name]}]}]}

    Counters are those set (not zero); a model's ``counters`` leave out the actions-used
    and out-of-the-fight counters, which have their own keys. ``actions_used`` and
    ``actions`` are those of what activates with it (its pack or unit).
    """
    from model.battle.forces import SIDE_LETTERS
    from saves.battle_document import FORMAT

    state = battle.state
    setup = battle.setup
    turns = setup.tracker.turns
    up = state.next_up()
    phase = None
    if turns.kind == "phases":
        current = turns.phases[state.phase]
        phase = {"number": state.phase + 1, "id": current.id, "name": current.name}
    sides = []
    for index, side in enumerate(setup.sides):
        summary = state.summary(index)
        sides.append(
            {
                "side": SIDE_LETTERS[index],
                "player": side.player,
                "faction": side.faction,
                "list": side.list_name,
                "victory_points": summary.victory_points,
                **(
                    {"vp_target": summary.vp_target, "destroyed_vp": summary.destroyed_vp}
                    if summary.vp_target is not None
                    else {}
                ),
                "points_lost": summary.points_lost,
                "standing": summary.standing,
                "out": summary.out,
                **(
                    {"lost": state.defeated(index)}
                    if state.tracker.victory.lose_without is not None
                    else {}
                ),
                "counters": dict(state.counters.get(SIDE_LETTERS[index], {})),
                "models": [_model_json(state, model.id) for model in side.models],
            }
        )
    return {
        "format": FORMAT,
        "system": setup.system,
        "system_name": setup.system_name,
        "catalog_version": setup.catalog_version,
        "scenario": setup.scenario,
        "seed": setup.seed,
        "turn": state.turn,
        "turn_limit": setup.turn_limit,
        "round": _round(state),
        "round_stat": turns.stat if turns.kind == "stat-rounds" else None,
        "phase": phase,
        "over": state.ended,
        "active": state.active,
        "next": {
            "side": None if up.side is None else SIDE_LETTERS[up.side],
            "actors": list(up.actors),
            "roll_off": up.needs_roll_off,
            "turn_over": up.turn_over,
        },
        "events": len(battle.events),
        "undone": len(battle.undone),
        "markers": [
            {
                "number": m.number,
                "marker": m.marker,
                "name": state.marker_spec(m.marker).name,
                "label": m.label,
                "turn": m.turn,
            }
            for m in state.markers_down()
        ],
        "sides": sides,
    }


def _round(state: BattleState) -> int | None:
    """The stat round being played (stat-rounds), or None."""
    if state.tracker.turns.kind != "stat-rounds" or state.ended:
        return None
    if state.active is not None:
        return state.actor_round(state.active)
    return state.next_up().round


def _actions_used(state: BattleState, model_id: str) -> int:
    tracker = state.tracker
    try:
        scope = tracker.counter(tracker.used_counter).scope
    except KeyError:
        return 0
    target = state.model(model_id).actor if scope == "actor" else model_id
    return state.counter(target, tracker.used_counter)


def _model_json(state: BattleState, model_id: str) -> dict[str, Any]:
    tracker = state.tracker
    hidden = {tracker.used_counter, tracker.damage.out_counter}
    items: dict[str, dict[str, int]] = {}
    for target, values in state.counters.items():
        if target.startswith(model_id + "/") and values:
            items[target.partition("/")[2]] = dict(values)
    downed = state.counter(model_id, tracker.damage.out_counter) > 0
    model = state.model(model_id)
    found: dict[str, Any] = {
        "id": model_id,
        "label": model.label,
        "unit": model.unit,
        "actor": model.actor,
        "wounds": state.wounds.get(model_id, 0),
        "wounds_max": state.wounds_max(model_id),
        "damage": state.setup.damage_characteristic(model),
        "out": state.is_out(model_id),
        "fighting_on": downed and not state.is_out(model_id),
        "acted": model.actor in state.acted,
        "actions_used": _actions_used(state, model_id),
        "actions": state.action_points(model_id),
        "counters": {k: v for k, v in state.counters.get(model_id, {}).items() if k not in hidden},
        "items": items,
    }
    if model.profiles:
        found["force"] = model.force
        found["profiles"] = [
            {
                "name": p.name,
                "type": p.type,
                "owner": p.owner,
                "count": p.count,
                "characteristics": dict(p.characteristics),
            }
            for p in model.profiles
        ]
        found["rules"] = list(model.rules)
    return found


def _score_text(state: BattleState, side: int, points: int) -> str:
    """A side's score; in games that score destroyed units and set a target (Steam
    Wars), how it was made and what wins."""
    from model.battle.text import victory_text

    victory = state.tracker.victory
    if victory.destroyed or victory.target is not None:
        return victory_text(state, side)
    return _count(points, "victory point")


def battle_text(battle: Battle) -> str:
    """The plain-text report of ``warband battle show``."""
    from model.battle.game_choices import turn_word
    from model.battle.text import damage_word, defeat_text

    data = battle_json(battle)
    state = battle.state
    setup = battle.setup
    title = f"{setup.system_name} battle (catalog {setup.catalog_version})"
    if setup.scenario:
        title += f": {setup.scenario}"
    where = f"{turn_word(setup.choices)} {data['turn']} of {data['turn_limit']}"
    if data["round"] is not None:
        where += f", {data['round_stat']} round {data['round']}"
    phases = len(setup.tracker.turns.phases)
    if data["phase"] is not None and phases > 1:  # one phase is the turn itself
        where += f", phase {data['phase']['number']} of {phases}: {data['phase']['name']}"
    lines = [
        title,
        f"{where}: {_whose_turn(state, data)}",
        f"{_count(data['events'], 'event')}, {data['undone']} undone; dice seed {setup.seed}",
    ]
    if data["markers"]:
        lines.append(
            "Markers: "
            + ", ".join(
                f"{m['number']} {m['name']}" + (f" ({m['label']})" if m["label"] else "")
                for m in data["markers"]
            )
        )
    width = max(len(m["label"]) for s in data["sides"] for m in s["models"])
    idw = max(len(m["id"]) for s in data["sides"] for m in s["models"])
    for index, side in enumerate(data["sides"]):
        lines.append("")
        lines.append(f"{side['side']}: {side_title(side['player'], side['faction'], side['list'])}")
        total = len(side["models"])
        stand = f"{side['standing']} of {total} model{'s' if total != 1 else ''} standing"
        victory = state.tracker.victory
        parts = [_score_text(state, index, side["victory_points"])] if victory.scored else []
        if victory.points_lost:
            parts.append(f"{side['points_lost']} points lost")
        lines.append(
            "  " + ", ".join([*parts, stand]) + _counters_text(state, side["counters"], prefix="; ")
        )
        lost = defeat_text(state, index)
        if lost:
            lines.append(f"  {lost[0].upper()}{lost[1:]}")
        for model in side["models"]:
            word = damage_word(setup, setup.model(model["id"]))
            row = (
                f"  {model['id']:<{idw}}  {model['label']:<{width}}  "
                f"{word} {model['wounds']}/{model['wounds_max']}"
            )
            if state.tracker.action_points != 0:
                row += f"  actions {model['actions_used']}/{model['actions']}"
            marks = ["acting"] if model["actor"] == data["active"] else []
            if model["acted"] and model["actor"] != data["active"] and setup.choices is not None:
                marks.append("acted")
            if model["out"]:
                marks.append("OUT")
            elif model["fighting_on"]:
                marks.append("fighting on")
            counters = _counters_text(state, model["counters"])
            if counters:
                marks.append(counters)
            for item, values in model["items"].items():
                marks.append(
                    f"{_item_name(state, model['id'], item)}: {_counters_text(state, values)}"
                )
            lines.append(row + ("  " + "; ".join(marks) if marks else ""))
    return "\n".join(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _whose_turn(state: BattleState, data: dict[str, Any]) -> str:
    if data["over"]:
        return "the game is over"
    if data["active"] is not None:
        actor = data["active"]
        left = state.actions_left(actor)
        return f"{actor} {state.model(actor).label} is acting, {_count(left, 'action')} left"
    up = data["next"]
    phases = state.tracker.turns.phases if state.tracker.turns.kind == "phases" else ()
    if up["turn_over"] and state.phase + 1 < len(phases):
        later = phases[state.phase + 1].name
        if not phases[state.phase].activations:
            return f"go on to the next phase ({later})"
        return f"every model has acted; go on to the next phase ({later})"
    if up["turn_over"]:
        return "every model has acted; end the turn"
    if up["roll_off"]:
        return "both sides have models to act: roll off"
    actors = ", ".join(up["actors"][:6]) + (" ..." if len(up["actors"]) > 6 else "")
    side = f"side {up['side']}" if up["side"] is not None else "either side"
    return f"{side} to act: {actors}"


def _counters_text(state: BattleState, values: dict[str, int], prefix: str = "") -> str:
    """``Bullets 3, Aiming, Order chip Stationary``: each counter set, by name, as the
    tracker shows it (flags without their 1, a choice by its option, ``placed`` while
    it is face down)."""
    from model.battle.text import counter_value

    parts = []
    for counter_id, value in values.items():
        try:
            spec = state.tracker.counter(counter_id)
        except KeyError:
            parts.append(f"{counter_id} {value}")
            continue
        if spec.kind == "flag" and value != 1:
            parts.append(f"{spec.name} {value}")
        else:
            parts.append(f"{spec.name}{counter_value(state, spec, value, ' ')}")
    return prefix + ", ".join(parts) if parts else ""


def _item_name(state: BattleState, model_id: str, item: str) -> str:
    item_id, _, number = item.partition("#")
    for snap in state.model(model_id).items:
        if snap.id == item_id:
            return f"{snap.name} {number}" if number else snap.name
    return item


def written_text(path: object, setup: BattleSetup, also: str = "") -> str:
    """What ``battle new`` says of the battle it wrote: who plays whom, how long it runs
    (in turns, or in a BattleScribe game's rounds), ``also`` (what damage counts against),
    the scenario and the dice seed, and how to go on with it."""
    from model.battle.game_choices import turn_word

    sides = [side_title(s.player, s.faction, s.list_name) for s in setup.sides]
    turns = f"{setup.turn_limit} {turn_word(setup.choices).lower()}s"
    return (
        f"wrote {path}: {sides[0]} against {sides[1]}\n"
        f"{setup.system_name}, {turns}{also}"
        + (f", {setup.scenario}" if setup.scenario else "")
        + f"; dice seed {setup.seed}\n"
        f"resume it with: warband battle resume {path}"
    )


def side_title(player: str, faction: str, list_name: str) -> str:
    """``Ann (Gangers: Rust Rats)``, or ``Rust Rats (Gangers)`` when the list is the player."""
    return f"{player} ({faction})" if player == list_name else f"{player} ({faction}: {list_name})"
