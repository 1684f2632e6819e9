"""``python -m tests.conformance DIR [DIR ...]``: run every conformance spec under the folders.

Prints one line per spec (``PASS id``, ``FAIL id: the first difference``, ``SKIP id: why``)
and last ``N passed, M failed, K skipped``. Exits 0 when it ran, whatever the score (the
score is the output), and 2 on a usage error (no folder given, a folder that is not there).
``--data DIR`` is where ``dataSource`` specs find their BattleScribe data (a folder per
repository, as ``../shared/bsdata`` holds them); ``-v`` prints every difference of a failure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tests.conformance.runner import BSDATA, run_spec


def spec_files(folders: list[Path]) -> list[Path]:
    """Every ``*.yaml`` under the folders, in name order."""
    return sorted({p for folder in folders for p in folder.rglob("*.yaml")})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.conformance",
        description="Run BattleScribe conformance specs against warband's engine.",
    )
    parser.add_argument("folders", nargs="+", type=Path, metavar="DIR")
    parser.add_argument("--data", type=Path, default=BSDATA, metavar="DIR")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        print(f"python -m tests.conformance: not a folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for path in spec_files(args.folders):
        result = run_spec(path, args.data)
        counts[result.outcome] += 1
        if result.outcome == "pass":
            print(f"PASS {result.spec_id}")
        else:
            print(f"{result.outcome.upper()} {result.spec_id}: {result.first}")
            if args.verbose:
                for line in result.lines[1:]:
                    print(f"    {line}")
    print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
