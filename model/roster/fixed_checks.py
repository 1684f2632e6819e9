"""The checks with fixed codes: what each unit's own data implies for its entry (its
number of models, that it only takes what its option groups offer, each group's min and
max) and that the list's settings are ones its system declares, within their range.

Apart from the catalog's list rules (``model.rules``): these are not data but
warband's own, each with its code, and an entry's are checked with the list rules that
look at one entry, once per entry (``model.roster.validate``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from model.core.messages import with_article
from model.core.problems import close_matches
from model.rules.findings import Finding, Where

if TYPE_CHECKING:
    from model.catalog.schema import FactionView
    from model.roster.loadout import Loadout
    from model.roster.roster import Roster

NOT_OFFERED = "not-offered"


CHOICE_MAX = "choice-max"


GROUP_MIN = "group-min"


GROUP_MAX = "group-max"


UNIT_SIZE = "unit-size"


UNKNOWN_SETTING = "unknown-setting"


SETTING_RANGE = "setting-range"


def setting_findings(view: FactionView, roster: Roster) -> Iterator[Finding]:
    """A setting the system does not declare (a typo, or a list of another game), and a
    value outside its declared range: errors about the whole list, before the others."""
    if not roster.settings:
        return
    declared = {s.id: s for s in view.system.settings}
    for sid, value in roster.settings.items():
        setting = declared.get(sid)
        if setting is None:
            close = close_matches(sid, declared, 1)
            if close and close[0] in roster.settings:
                fix = f"no such list setting: remove it ('{close[0]}' is set already)"
            elif close:
                fix = f"no such list setting: rename it to '{close[0]}' or remove it"
            elif declared:
                names = ", ".join(f"'{s}'" for s in declared)
                fix = f"no such list setting (it has {names}): remove it"
            else:
                fix = "no list settings: remove it"
            text = f"setting '{sid}' = {value}: {view.system.name} has {fix}"
            yield Finding("error", UNKNOWN_SETTING, text)
        elif not setting.min <= value <= setting.max:
            fix = f"{setting.max} or less" if value > setting.max else f"{setting.min} or more"
            yield Finding(
                "error",
                SETTING_RANGE,
                f"{setting.name} is {value}; it goes from {setting.min} to {setting.max}: "
                f"set it to {fix}",
            )


def entry_checks(view: FactionView, lo: Loadout) -> Iterator[Finding]:
    unit, entry, where = lo.unit, lo.entry, Where(lo.index)
    if not unit.models.min <= entry.models <= unit.models.max:
        yield Finding("error", UNIT_SIZE, _size_message(lo), where)
    per_group: dict[str, int] = {}
    for c in lo.bought():
        name = view.items[c.item_id].name
        if c.group is None:
            yield Finding(
                "error",
                NOT_OFFERED,
                f"{lo.label} cannot take {name}: it is not among "
                f"{with_article(unit.name)}'s options; remove it",
                Where(lo.index, c.item_id),
            )
            continue
        per_group[c.group.id] = per_group.get(c.group.id, 0) + c.count
        limit = c.group.choices[c.item_id].limit
        if limit is not None and c.count > limit * entry.models:
            most = limit * entry.models
            yield Finding(
                "error",
                CHOICE_MAX,
                f"{lo.label} has {name} x{c.count}; at most {most}: remove {c.count - most}",
                Where(lo.index, c.item_id),
                if_added=f"adding one would make {name} x{c.count}; {_takes(lo, most)}",
            )
    for group in view.option_groups(entry.unit):
        n = per_group.get(group.id, 0)
        n += sum(c.count for c in lo.carried if c.source == "base" and c.item_id in group.choices)
        if group.max is not None and n > group.max * entry.models:
            most = group.max * entry.models
            yield Finding(
                "error",
                GROUP_MAX,
                f"{lo.label} has {n} from {group.name}; at most {most}: remove {n - most}",
                where,
                if_added=f"adding one would make {n} from {group.name}; {_takes(lo, most)}",
            )
        if n < group.min * entry.models:
            least = group.min * entry.models
            names = ", ".join(view.items[i].name for i in list(group.choices)[:6])
            more = ", ..." if len(group.choices) > 6 else ""
            yield Finding(
                "error",
                GROUP_MIN,
                f"{lo.label} has {n} from {group.name}; at least {least} needed: "
                f"add {least - n} ({names}{more})",
                where,
            )


def _takes(lo: Loadout, most: int) -> str:
    """``a Mutard takes at most 1``, ``an entry of 3 Addlers takes at most 3``: the limit
    that applies to this entry, for a reason given before an edit."""
    models = lo.entry.models
    who = (
        with_article(lo.unit.name) if models == 1 else f"an entry of {models} {lo.unit.name} models"
    )
    return f"{who} takes at most {most}"


def _size_message(lo: Loadout) -> str:
    """How to bring an entry's models within its unit's range, splitting where that works."""
    n, least, most, name = lo.entry.models, lo.unit.models.min, lo.unit.models.max, lo.unit.name
    if most == 1:
        return (
            f"{lo.label} has {n} models; each {name} entry is one model: set models to 1 "
            f"and add an entry for each other model"
        )
    span = f"{with_article(name)} entry has {least} to {most}"
    if n < least:
        return f"{lo.label} has {n} model{'s' if n != 1 else ''}; {span}: set models to {least}"
    parts = math.ceil(n / most)
    size, extra = divmod(n, parts)
    split = ""
    if size >= least and parts <= _SIZES_LISTED:
        sizes = [size + 1] * extra + [size] * (parts - extra)
        shown = ", ".join(str(k) for k in sizes[:-1]) + f" and {sizes[-1]}"
        split = f", or split it into {parts} entries of {shown}"
    elif size >= least:  # told by size, never one number per entry: the count is the file's
        if extra:
            split = f", or split it into {parts} entries: {extra} of {size + 1} and "
            split += f"{parts - extra} of {size}"
        else:
            split = f", or split it into {parts} entries of {size}"
    return f"{lo.label} has {n} models; {span}: set models to {most}{split}"


_SIZES_LISTED = 4
"""Entries a split names one by one ("3, 3 and 2"); more are told by size ("6 of 5 and 1
of 4"), so the message stays a line however many models the entry has."""
