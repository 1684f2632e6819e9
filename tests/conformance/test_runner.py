"""The runner itself: it passes what matches, fails what differs, and says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.__main__ import main

SPEC = """\
id: {id}
category: selection
description: One unit of 50 points in a patrol.
setup:
  gameSystem:
    costTypes:
      - id: pts
        name: pts
    forceEntries:
      - id: fe-patrol
        name: Patrol
  catalogues:
    - id: cat-1
      selectionEntries:
        - id: se-unit
          name: Unit A
          type: unit
          constraints:
            - id: con-max
              type: max
              value: 1
              field: selections
              scope: force
          costs:
            - name: pts
              typeId: pts
              value: 50
steps:
  - action: addForce
    id: patrol
    forceEntryId: fe-patrol
  - action: selectEntry
    forceId: ${{{{ steps.patrol.forceId }}}}
    entryId: se-unit
  - expectedState:
      costs:
        - typeId: pts
          value: {cost}
      forces:
        - name: Patrol
          selections:
            - name: Unit A
              entryId: se-unit
"""

TOO_MANY = """\
  - action: selectEntry
    forceId: ${{ steps.patrol.forceId }}
    entryId: se-unit
  - expectedState:
      forces:
        - selectionCount: 2
      errorCount: 1
"""


def _folder(tmp_path: Path, **specs: str) -> Path:
    folder = tmp_path / "specs" / "selection"
    folder.mkdir(parents=True)
    for name, text in specs.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "specs"


def test_a_matching_spec_passes_and_a_differing_one_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(
        tmp_path,
        right=SPEC.format(id="right", cost=50),
        wrong=SPEC.format(id="wrong", cost=60),
    )
    assert main([str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PASS right"
    assert lines[1].startswith("FAIL wrong: Step 2: cost[pts].value: expected 60 but got 50")
    assert lines[-1] == "1 passed, 1 failed, 0 skipped"


def test_an_expression_names_an_earlier_steps_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``${{ steps.ID.forceId }}`` resolves to what that step made; a step that is not
    there fails the spec at once, naming it."""
    folder = _folder(
        tmp_path,
        over=SPEC.format(id="over", cost=50) + TOO_MANY,
        typo=SPEC.format(id="typo", cost=50).replace("steps.patrol", "steps.patrl"),
    )
    main([str(folder)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PASS over"
    assert lines[1] == (
        "FAIL typo: Step 1: expression '${{ steps.patrl.forceId }}': step 'patrl' not found"
    )


def test_an_unreadable_spec_fails_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path, broken="id: [unclosed\n")
    assert main([str(folder)]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("FAIL broken: cannot read the spec")


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    assert main([str(tmp_path / "nowhere")]) == 2


REMOVED = """\
  - action: deselectSelection
    forceId: ${{ steps.patrol.forceId }}
    selectionId: ${{ steps.unit.selectionId }}
  - expectedState:
      costs:
        - typeId: pts
          value: 0
      forces:
        - selectionCount: 0
"""


def test_a_cost_type_stays_listed_once_its_selections_are_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BattleScribe lists the roster's pts once a selection cost some, and still lists it,
    at 0, when that selection is removed (spec ``selection-deselect-then-reselect``);
    a type no selection has cost is not listed (``cost-partial-types``), so a roster
    never given a Unit lists no pts."""
    named = SPEC.format(id="gone", cost=50).replace(
        "  - action: selectEntry\n", "  - action: selectEntry\n    id: unit\n", 1
    )
    never = SPEC.format(id="never", cost=50).split("  - action: selectEntry")[0] + (
        "  - expectedState:\n      costs:\n        - typeId: pts\n          value: 0\n"
    )
    main([str(_folder(tmp_path, gone=named + REMOVED, never=never))])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PASS gone"
    assert lines[1] == "FAIL never: Step 1: cost type 'pts' not found"


def test_a_cost_says_whether_its_type_is_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cost's ``hidden`` is its cost type's, as the game system declares it (spec
    ``cost-type-hidden``): with pts declared hidden, the roster's pts are; with pts as
    written, a spec saying they are fails."""
    said = "          value: 50\n          hidden: true\n      forces:"
    hidden = (
        SPEC.format(id="hidden", cost=50)
        .replace("        name: pts\n", "        name: pts\n        hidden: true\n", 1)
        .replace("          value: 50\n      forces:", said)
    )
    shown = SPEC.format(id="shown", cost=50).replace("          value: 50\n      forces:", said)
    main([str(_folder(tmp_path, hidden=hidden, shown=shown))])
    lines = capsys.readouterr().out.splitlines()
    assert "PASS hidden" in lines
    assert "FAIL shown: Step 2: cost[pts].hidden: expected True but got False" in lines


def test_a_selection_lists_every_cost_type_of_the_game_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BattleScribe lists each of the game system's cost types on every selection, at 0
    where its entry names none (spec ``catalogue-cost-types``): the Unit's cp is 0."""
    two_types = SPEC.format(id="zero", cost=50).replace(
        "        name: pts\n", "        name: pts\n      - id: cp\n        name: CP\n", 1
    )
    listed = two_types.replace(
        "              entryId: se-unit\n",
        "              entryId: se-unit\n              costs:\n"
        "                - typeId: pts\n                  value: 50\n"
        "                - typeId: cp\n                  value: 0\n",
    )
    main([str(_folder(tmp_path, zero=listed))])
    assert capsys.readouterr().out.splitlines()[0] == "PASS zero"
