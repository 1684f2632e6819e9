"""Running one conformance spec against warband, step by step, as the upstream harness does.

A spec (``../shared/battlescribe-spec``, read its ``README.md``) is a small game in YAML, then
steps: actions on a roster and the state BattleScribe reached after them. ``run_spec``
writes the game out as files and reads them as any user's game (``setup_xml``), drives
warband's building API with each action (``engine``), and compares each expected state
(``compare``), following ``reference/src/.../RosterRunner.cs``: ``${{ steps.ID.field }}``
refers to an earlier action's output; ``engines:`` overrides for ``battlescribe`` replace the
base expectation (warband is held to BattleScribe's behaviour); a step that
``skipEngines`` names ``battlescribe`` is skipped; the first action that fails ends the spec.

The result is a value: passed, failed with every difference, or skipped with why.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml

from catalogs.bsdata import check_battlescribe
from model.bsdata.ros_content import ros_content
from model.bsdata.ros_read import read_ros
from model.bsdata.ros_write import ros_bytes
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.conformance.compare import compare
from tests.conformance.engine import SpecEngine, SpecError
from tests.conformance.setup_xml import write_setup

ENGINE = "battlescribe"
"""The engine whose expectations warband is held to."""

_EXPRESSION = re.compile(r"\$\{\{\s*steps\.([^.\s}]+)\.([^\s}]+)\s*\}\}")

SHARED = Path(__file__).resolve().parents[3] / "shared"
"""The shared reference folder beside the checkout (``../shared``)."""

BSDATA = Path(os.environ.get("WARBAND_BSDATA", SHARED / "bsdata"))
"""Where ``dataSource`` specs find their BattleScribe data, as the other tests do."""


@dataclass(frozen=True)
class Result:
    """What became of one spec."""

    spec_id: str
    path: Path
    outcome: Literal["pass", "fail", "skip"]
    lines: tuple[str, ...] = field(default=())
    """Every difference (a failure) or why it was skipped."""

    @property
    def first(self) -> str:
        return self.lines[0] if self.lines else ""


class _Outputs:
    """Each action's outputs by step id, for ``${{ steps.ID.field }}``."""

    def __init__(self) -> None:
        self.steps: dict[str, dict[str, Any]] = {}

    def resolve(self, value: Any) -> Any:
        if not isinstance(value, str) or "${{" not in value:
            return value

        def one(match: re.Match[str]) -> str:
            step, name = match.group(1), match.group(2)
            if step not in self.steps:
                raise SpecError(f"expression '{match.group(0)}': step '{step}' not found")
            outputs = self.steps[step]
            if name.startswith("selections."):
                wanted = name.removeprefix("selections.")
                found = outputs.get("selections", {}).get(wanted)
            else:
                found = outputs.get(name)
            if found is None:
                raise SpecError(f"expression '{match.group(0)}': step has no {name} output")
            return str(found)

        return _EXPRESSION.sub(one, value)


def _for_engine(block: Mapping[str, Any]) -> dict[str, Any]:
    """``block`` with the ``engines`` override for BattleScribe laid over it."""
    out = {k: v for k, v in block.items() if k != "engines"}
    engines = block.get("engines") or {}
    override = engines.get(ENGINE) if isinstance(engines, dict) else None
    if isinstance(override, dict):
        out.update({k: v for k, v in override.items() if v is not None})
    return out


def data_folder(source: str, data_root: Path) -> Path | None:
    """The folder a ``dataSource`` (``github:BSData/NAME@TAG``) is found in, if here."""
    name = source.split(":", 1)[-1].split("@", 1)[0].rsplit("/", 1)[-1]
    folder = data_root / name
    return folder if folder.is_dir() else None


class _SpecLoader(yaml.SafeLoader):
    """YAML 1.2's booleans only: the suite's error assertions have a key ``on``, which
    YAML 1.1 (PyYAML's default) reads as ``True``, as it reads yes/no/off."""


_SpecLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_SpecLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def load_spec(path: Path) -> dict[str, Any]:
    """A spec file's YAML (its ``id`` defaults to the file's name)."""
    with path.open(encoding="utf-8") as handle:
        spec = yaml.load(handle, Loader=_SpecLoader)
    if not isinstance(spec, dict):
        raise ValueError("not a spec (a mapping with setup and steps)")
    spec.setdefault("id", path.stem)
    return spec


def _setup(spec: dict[str, Any], folder: Path, data_root: Path) -> tuple[Any, list[str], str]:
    """The game the spec's steps run on, its catalogue ids, and any reason it cannot."""
    setup = spec.get("setup") or {}
    source = setup.get("dataSource")
    if source:
        found = data_folder(str(source), data_root)
        if found is None:
            return None, [], f"its data {source} is not in {data_root}"
        checked = check_battlescribe(found)
        catalogue_ids = [c.id for c in checked.system.catalogues] if checked.system else []
    else:
        catalogue_ids = write_setup(setup, str(spec["id"]), folder)
        checked = check_battlescribe(folder)
    problems = [*checked.unreadable, *checked.errors]
    if checked.system is None or problems:
        said = "; ".join(str(p) for p in problems[:3]) or "no game system"
        return None, catalogue_ids, f"Setup error: {said}"
    return checked.system, catalogue_ids, ""


def run_spec(path: Path, data_root: Path = BSDATA) -> Result:
    """Run the spec in ``path``; never raises for anything the spec or engine does."""
    try:
        spec = load_spec(path)
    except (OSError, ValueError, yaml.YAMLError) as error:
        return Result(path.stem, path, "fail", (f"cannot read the spec: {error}",))
    spec_id = str(spec["id"])
    engines = spec.get("engines") or {}
    verdict = engines.get(ENGINE) if isinstance(engines, dict) else None
    if verdict == "skip":
        return Result(spec_id, path, "skip", ("the spec skips BattleScribe",))
    with tempfile.TemporaryDirectory(prefix="warband-spec-") as temp:
        system, catalogue_ids, refused = _setup(spec, Path(temp), data_root)
        if system is None:
            outcome: Literal["fail", "skip"] = "skip" if "is not in" in refused else "fail"
            return Result(spec_id, path, outcome, (refused,))
        data_source = bool((spec.get("setup") or {}).get("dataSource"))
        lines = _steps(spec, SpecEngine(system, spec_id), catalogue_ids, data_source)
    return Result(spec_id, path, "fail" if lines else "pass", tuple(lines))


def _steps(
    spec: dict[str, Any], engine: SpecEngine, catalogue_ids: list[str], data_source: bool
) -> list[str]:
    outputs = _Outputs()
    lines: list[str] = []
    for index, raw in enumerate(spec.get("steps") or []):
        step = dict(raw)
        skip = step.get("skipEngines") or []
        if ENGINE in [str(s).lower() for s in skip]:
            continue
        try:
            if step.get("action") == "dump":
                continue
            if step.get("action"):
                step = _for_engine(step)
                made = _act(engine, step, outputs, catalogue_ids)
                if step.get("id") and made is not None:
                    outputs.steps[str(step["id"])] = made
            elif step.get("expectedState") is not None:
                expected = _for_engine(step["expectedState"])
                lines.extend(compare(index, expected, engine.state(), engine.errors, data_source))
            elif step.get("expectedFile") is not None:
                lines.append(f"Step {index}: expectedFile is not compared by this runner")
            else:
                lines.append(f"Step {index}: neither 'action', 'expectedState' nor 'expectedFile'")
        except SpecError as error:
            lines.append(f"Step {index}: {error}")
            if step.get("action"):
                break
    return lines


def _act(
    engine: SpecEngine, step: dict[str, Any], outputs: _Outputs, catalogue_ids: list[str]
) -> dict[str, Any] | None:
    action = step["action"]
    force_id = outputs.resolve(step.get("forceId"))
    selection_id = outputs.resolve(step.get("selectionId"))
    catalogue = step.get("catalogueId") or (catalogue_ids[0] if catalogue_ids else "")

    def need(name: str, value: Any) -> Any:
        if value is None:
            raise SpecError(f"{action} requires {name}")
        return value

    if action == "addForce":
        return engine.add_force(need("forceEntryId", step.get("forceEntryId")), catalogue)
    if action == "addChildForce":
        return engine.add_force(
            need("forceEntryId", step.get("forceEntryId")),
            catalogue,
            parent_id=need("forceId", force_id),
        )
    if action == "removeForce":
        engine.remove_force(need("forceId", force_id))
        return None
    if action == "selectEntry":
        return engine.select(need("forceId", force_id), None, need("entryId", step.get("entryId")))
    if action == "selectChildEntry":
        return engine.select(
            need("forceId", force_id),
            need("selectionId", selection_id),
            need("entryId", step.get("entryId")),
        )
    if action == "deselectSelection":
        engine.deselect(need("selectionId", selection_id))
        return None
    if action == "setSelectionCount":
        engine.set_count(need("selectionId", selection_id), int(need("count", step.get("count"))))
        return None
    if action == "duplicateSelection":
        return engine.duplicate(need("selectionId", selection_id))
    if action == "setCostLimit":
        engine.set_cost_limit(
            need("costTypeId", step.get("costTypeId")), float(need("value", step.get("value")))
        )
        return None
    if action == "setCustomization":
        engine.customize(
            need("forceId", force_id),
            selection_id,
            step.get("customName"),
            step.get("customNotes"),
            step.get("categoryEntryId"),
        )
        return None
    if action in ("loadRoster", "reload"):
        _load(engine, step, outputs)
        return None
    raise SpecError(f"unknown action '{action}'")


def _load(engine: SpecEngine, step: dict[str, Any], outputs: _Outputs) -> None:
    """``loadRoster`` reads a ``.ros`` the spec gives; ``reload`` writes warband's own
    ``.ros`` of the roster and reads it back (a round trip through the file)."""
    if step["action"] == "loadRoster":
        data = str(outputs.resolve(step.get("content") or "")).encode()
    else:
        data = ros_bytes(engine.roster, ros_content(engine.system, engine.roster))
    root = parse_xml(data)
    if isinstance(root, XmlRefused):
        raise SpecError(f"the roster cannot be read: {root.message}")
    roster = read_ros(root, "roster.ros")
    if isinstance(roster, list):
        raise SpecError("the roster cannot be read: " + "; ".join(str(p) for p in roster[:3]))
    engine.replace_roster(roster)
