"""Which of a place's choices a player means: by name, by path (``Group/Entry``) or by id.

Real data often has two entries of one name in a place: a weapon in two groups, or one
entry written twice, each hidden when the other is shown. A name then means the one the
builder offers there; where that is still two, a path through the groups (``Melee/Sword``)
or an id (the entry's own, its link's, or the whole ``link::entry`` chain a roster holds)
tells them apart. An entry the builder does not offer (hidden, held to 0) is meant only
when nothing offered answers: BattleScribe selects it when asked, and the evaluation
reports it.

Apart from ``building.py`` because it needs no engine: it reads ``Choice`` values only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.bsdata.building import Choice

PATH_SEPARATOR = "/"


def path_of(choice: Choice) -> str:
    """``choice``'s groups and name joined by ``/``, as ``meant`` reads a path."""
    return PATH_SEPARATOR.join((*choice.groups, choice.name))


def _preferred(found: list[Choice]) -> tuple[Choice, ...]:
    """The offered ones of ``found`` if there are any, else all of them."""
    offered = [c for c in found if c.offered]
    return tuple(offered or found)


def _by_path(choices: tuple[Choice, ...], wanted: str) -> list[Choice]:
    """The choices whose name is the last part of ``wanted`` and whose innermost groups
    are the parts before it (an outer group may be left out), case aside."""
    parts = [p.strip().casefold() for p in wanted.split(PATH_SEPARATOR)]
    if len(parts) < 2 or not all(parts):
        return []
    *groups, name = parts
    out = []
    for choice in choices:
        held = [g.casefold() for g in choice.groups]
        if choice.name.casefold() == name and held[len(held) - len(groups) :] == groups:
            out.append(choice)
    return out


def meant(choices: tuple[Choice, ...], wanted: str, *, by_id: bool = False) -> tuple[Choice, ...]:
    """The choices ``wanted`` may mean: exactly one when it is clear, none when nothing
    answers, several when the player must say more (a path or an id).

    ``by_id``: ``wanted`` is the whole ``entry_id`` chain or one of the ids a choice
    answers to (its entry's, its link's). Otherwise it is a name (case aside), or when no
    name is that, a path ``Group/Entry``. Either way the offered choices come first: an
    entry left out of the builder is meant only when no offered one answers."""
    if by_id:
        whole = [c for c in choices if c.entry_id == wanted]
        return _preferred(whole or [c for c in choices if wanted in c.ids])
    key = wanted.strip().casefold()
    named = [c for c in choices if c.name.casefold() == key]
    return _preferred(named or _by_path(choices, wanted))
