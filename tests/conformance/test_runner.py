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
              scope: parent
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
