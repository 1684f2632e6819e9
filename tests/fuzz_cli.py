"""Fuzz every command-line entry point with hostile files and codes, under limits.

Run as ``python -m tests.fuzz_cli INPUTS SEED``: it builds a corpus from the test
fixtures (rosters, battles, catalogs, share codes), then feeds INPUTS mutated inputs,
round-robin across the entry points (validate, validate --json, show, export in every
format, card, import, battle show / show --json / report / resume, catalogs --check; and on
BattleScribe data: a list's validate, show, export, add and remove, a .ros's import, a
game system's catalogs --check),
through ``tui.cli.main`` in this one process. The process runs under an address-space
limit (``LIMIT_MB``) and each call under a ``TIME_LIMIT`` of CPU time, so a blow-up is a
finding, not a hung or swapping machine. It prints one JSON summary: inputs, exit codes
seen, and every failure (exit 3 (a bug), a traceback, a control character reaching the
terminal, a bidirectional one too, a call over the time limit) with the input that
caused it, saved to a folder.

``tests/cli/test_fuzz_entry_points.py`` runs a few hundred inputs on every test run;
``WARBAND_FUZZ_INPUTS=10000 pytest tests/cli/test_fuzz_entry_points.py`` runs more.
"""

from __future__ import annotations

import base64
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

LIMIT_MB = 300
"""Address space the whole process may use: more is a blow-up (the issue's bar)."""
MAX_INPUT = 2_100_000
"""Bytes of a mutated file: a little over the readers' 2 MB cap, so the cap is tried too,
and mutations stacking on each other cannot exhaust the fuzzer's own memory."""
TIME_LIMIT = 5.0
"""Seconds of CPU one command may take on any input under the caps: CPU, not the clock,
so that other work on the machine (the suite's other workers) cannot make a fast command
look slow."""
WALL_LIMIT = 30.0
"""Seconds by the clock after which a command is stopped anyway: one that waits rather
than works (a read that never ends) uses no CPU."""

_TERMINAL_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u206f]"
)
"""Control characters, and the bidirectional controls that make a terminal reorder text."""

HOSTILE_NUMBERS = [
    "0",
    "-1",
    "-9223372036854775809",
    "100000000",
    "1000000000",
    "99999999999999999999",
    "1e308",
    "-inf",
    "nan",
    "1" * 400,
    "9" * 4301,
]
HOSTILE_TEXTS = [
    "\\u001b[2J\\u001b]0;pwned\\u0007",
    "\\u009b31m",
    "\\u0000\\b\\f\\r",
    "x" * 100_000,
    "\\u202eevil",
]


class TooSlow(BaseException):
    """Raised by the alarm; a BaseException so that ``main`` cannot mistake it for a bug."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TooSlow


# --- the corpus -------------------------------------------------------------------------------


def _rosters() -> list[bytes]:
    files = sorted((FIXTURES / "rosters").rglob("*.toml")) + sorted(
        (FIXTURES / "bad").glob("*.toml")
    )
    return [f.read_bytes() for f in files]


def _battles(work: Path) -> list[bytes]:
    """The battle fixture, and battles started now from pairs of roster fixtures."""
    from tui.cli import main

    found = [(FIXTURES / "battles" / "bridge.toml").read_bytes()]
    for system in sorted((FIXTURES / "rosters").iterdir()):
        lists = sorted(p for p in system.glob("*.toml"))[:2]
        if len(lists) < 2:
            continue
        out = work / f"battle-{system.name}.toml"
        argv = ["battle", "new", *map(str, lists), "-o", str(out), "--seed", "7"]
        if main(argv, io.StringIO(), io.StringIO()) == 0:
            found.append(out.read_bytes())
    return found


def _catalogs() -> list[Path]:
    return sorted(p for p in (FIXTURES / "catalogs").iterdir() if (p / "system.toml").is_file())


def _codes(rosters: list[bytes]) -> list[str]:
    from saves.roster_file import roster_from_bytes
    from saves.share_code import encode

    codes = []
    for data in rosters:
        try:
            codes.append(encode(roster_from_bytes(data, "fixture.toml")[0]))
        except Exception:  # the broken fixtures have no code
            continue
    return codes


def _battlescribe(work: Path) -> tuple[Path, list[bytes], list[bytes]]:
    """A catalog folder holding the shared Gaslands data, and lists over it made now
    with the commands (a bsroster file, and the same as a .ros)."""
    from tests.model.bsdata.shared_data import data_files
    from tui.cli import main

    games = work / "games"
    (games / "gaslands").mkdir(parents=True)
    for path in data_files("gaslands"):
        shutil.copyfile(path, games / "gaslands" / path.name)
    team = work / "team.toml"
    steps = [
        ["new", "gaslands", "gaslands", "--points", "50", "-o", str(team)],
        ["add", str(team), "Car"],
        ["add", str(team), "Machine Gun", "--into", "Car"],
        ["add", str(team), "Buggy", "--number", "2"],
        ["export", str(team), "--format", "ros", "-o", str(work / "team.ros")],
    ]
    for argv in steps:
        main(["--catalog-dir", str(games), *argv], io.StringIO(), io.StringIO())
    return games, [team.read_bytes()], [(work / "team.ros").read_bytes()]


def mutate_xml(rng: random.Random, data: bytes) -> bytes:
    """One to three mutations of an XML file: the TOML ones (bytes, numbers, strings,
    lines) and XML's own hostile shapes."""
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.05:
            data = _encoding(rng, data)
        elif rng.random() < 0.3:
            data = _xml_shape(rng, data)
        else:
            data = rng.choice([_flip, _delete, _insert, _number, _string, _repeat, _truncate])(
                rng, data
            )
        data = data[:MAX_INPUT]
    return data


HOSTILE_ENCODINGS = [b"foo", b"shift_jis", b"gbk", b"big5", b"utf-7", b"UTF-16", b"UTF-32", b"hex"]


def _encoding(rng: random.Random, data: bytes) -> bytes:
    """The declaration's encoding replaced by one pyexpat cannot read, with or without
    UTF-8's byte order mark before it."""
    declared = re.sub(
        rb'encoding="[^"]*"', b'encoding="' + rng.choice(HOSTILE_ENCODINGS) + b'"', data, count=1
    )
    return (b"\xef\xbb\xbf" if rng.random() < 0.3 else b"") + declared


def _xml_shape(rng: random.Random, data: bytes) -> bytes:
    shape = rng.choice(
        [
            b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>',
            b"&a;&#0;&#x1b;&amp;&lt;",
            b"<e>" * 20_000 + b"</e>" * 20_000,
            b"<e/>" * 200_000,
            b'<selection id="x" name="y" entryId="z" number="99999999999999999999"/>',
            b'<cost name="c" typeId="t" value="1e308"/>',
            b"\x1b[2J\x9b",
        ]
    )
    i = rng.randrange(len(data) + 1)
    return data[:i] + shape + data[i:]


# --- mutations --------------------------------------------------------------------------------

_NUMBER = re.compile(rb"(?<=[=\[,{ ])-?\d+(?=[\s,\]}])")
_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')


def mutate_toml(rng: random.Random, data: bytes) -> bytes:
    """One to three mutations of a TOML file, from byte noise to hostile structure."""
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(_TOML_MUTATIONS)(rng, data)[:MAX_INPUT]
    return data


def _flip(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]


def _delete(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + data[i + rng.randint(1, 40) :]


def _insert(rng: random.Random, data: bytes) -> bytes:
    snippet = rng.choice(
        [b"[", b"]", b"{", b"}", b'"', b"'", b"=", b"\n", b"#", b".", b",", b"\\", b"[[units]]\n"]
    )
    i = rng.randrange(len(data) + 1)
    return data[:i] + snippet + data[i:]


def _number(rng: random.Random, data: bytes) -> bytes:
    found = list(_NUMBER.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    return data[: m.start()] + rng.choice(HOSTILE_NUMBERS).encode() + data[m.end() :]


def _string(rng: random.Random, data: bytes) -> bytes:
    found = list(_STRING.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    text = '"' + rng.choice(HOSTILE_TEXTS) + '"'
    return data[: m.start()] + text.encode() + data[m.end() :]


def _structure(rng: random.Random, data: bytes) -> bytes:
    """Shapes known to make TOML readers slow or deep, kept under the size cap."""
    shape = rng.choice(
        [
            b"a" + b".a" * 40_000 + b" = 1\n",
            b"deep = " + b"[" * 5000 + b"]" * 5000 + b"\n",
            b"deep = " + b"{a=" * 3000 + b"1" + b"}" * 3000 + b"\n",
            b'[[units]]\nunit = "ganger"\n' * 20_000,
            b"".join(b"k%d = %d\n" % (n, n) for n in range(60_000)),
            b"[t]\n" + b"[t.a]\n" * 1000,
            b"items = { " + b", ".join(b"i%d = 1" % n for n in range(30_000)) + b" }\n",
        ]
    )
    i = data.find(b"\n[") + 1 if rng.random() < 0.5 else len(data)
    return data[:i] + shape + data[i:]


def _repeat(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    n = rng.randrange(len(lines))
    times = min(rng.choice([2, 50, 5000]), MAX_INPUT // (len(lines[n]) + 1))
    return b"\n".join(lines[:n] + [lines[n]] * times + lines[n:])


def _truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


_TOML_MUTATIONS: list[Callable[[random.Random, bytes], bytes]] = [
    _flip,
    _delete,
    _insert,
    _number,
    _number,
    _string,
    _structure,
    _repeat,
    _truncate,
]


_HUGE = "<a number of 4,301 digits>"
"""Put in the JSON as a bare number once dumped: Python refuses to print such an int."""


def _pack(doc: Any) -> str:
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    raw = text.replace(json.dumps(_HUGE), "9" * 4301).encode()
    return "WB1-" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def _hostile_value(rng: random.Random) -> Any:
    return rng.choice(
        [
            10**9,
            10**20,
            -(10**9),
            _HUGE,
            1e308,
            "\x1b[2J\x1b]0;pwned\x07\x9b",
            "x" * 50_000,
            [[[[[[[1]]]]]]],
            {"a": {"b": 1}},
            None,
            True,
            [],
        ]
    )


def mutate_code(rng: random.Random, code: str) -> str:
    """A code changed inside (its JSON) or outside (its characters, text around it)."""
    how = rng.randrange(4)
    if how == 0:
        doc = json.loads(zlib.decompress(base64.urlsafe_b64decode(code[4:] + "==")))
        _poke(rng, doc)
        return _pack(doc)
    if how == 1:
        i = rng.randrange(4, len(code))
        return code[:i] + rng.choice("A_-z09=+/ \n") + code[i + 1 :]
    if how == 2:
        return rng.choice(["my list: ", "WB1- is the prefix; ", "x" * 300]) + code + " cheers"
    return code[: rng.randrange(len(code) + 1)]


def _poke(rng: random.Random, doc: Any, depth: int = 0) -> None:
    """Replace one value somewhere in a decoded code with a hostile one."""
    if isinstance(doc, list) and doc:
        i = rng.randrange(len(doc))
        if isinstance(doc[i], list | dict) and depth < 4 and rng.random() < 0.7:
            _poke(rng, doc[i], depth + 1)
        elif not (depth == 0 and i == 0):  # keep the version, or nothing is tested
            doc[i] = _hostile_value(rng)
    elif isinstance(doc, dict) and doc:
        key = rng.choice(list(doc))
        if isinstance(doc[key], list | dict) and depth < 4 and rng.random() < 0.7:
            _poke(rng, doc[key], depth + 1)
        else:
            doc[key] = _hostile_value(rng)


# --- the run ----------------------------------------------------------------------------------

ROSTER_COMMANDS = [
    ["validate"],
    ["validate", "--json"],
    ["show"],
    ["export", "--format", "code"],
    ["export", "--format", "text"],
    ["export", "--format", "markdown"],
    ["export", "--format", "json"],
    ["export", "--format", "html"],
    ["card"],
]
BS_COMMANDS = [
    ["validate"],
    ["validate", "--json"],
    ["show"],
    ["export", "--format", "code"],
    ["export", "--format", "markdown"],
    ["export", "--format", "ros"],
    ["add", "@", "Car"],
    ["remove", "@", "Car"],
    ["add", "@", "Weapons/Machine Gun", "--into", "Car"],
    ["add-force", "@", "Team", "--in", "Team"],
    ["count", "@", "Car", "3"],
    ["duplicate", "@", "Car"],
    ["rename", "@", "Car", "Rust", "--notes", "red"],
    ["limit", "@", "cans", "75"],
]
"""Commands on a list over BattleScribe data; ``@`` is where the file goes."""
BATTLE_COMMANDS = [
    ["battle", "show"],
    ["battle", "show", "--json"],
    ["battle", "report"],
    ["battle", "resume"],
]


class _NoApp:
    """Stands in for the terminal app: ``battle resume`` is fuzzed up to the app's start."""

    crash = None

    def __init__(self, **kwargs: object) -> None:
        pass

    def run(self) -> None:
        pass


def run(inputs: int, seed: int, work: Path, found_dir: Path) -> dict[str, Any]:
    import tui.app
    from tui.cli import main

    tui.app.make_app = _NoApp  # type: ignore[assignment]
    rng = random.Random(seed)
    rosters = _rosters()
    battles = _battles(work)
    catalogs = _catalogs()
    codes = _codes(rosters)
    limit = LIMIT_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)
    kinds = ["roster"] * len(ROSTER_COMMANDS) + ["battle"] * len(BATTLE_COMMANDS)
    kinds += ["code", "code", "catalog"]
    games, bs_rosters, ros_files = _battlescribe(work)
    kinds += ["bsroster"] * 4 + ["ros", "bscatalog"]
    exits: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    slowest = 0.0
    for n in range(inputs):
        if n and n % 500 == 0:
            print(f"{n} inputs, {len(failures)} failures", file=sys.stderr, flush=True)
        kind = kinds[n % len(kinds)]
        case = work / f"case-{n % 50}"
        shutil.rmtree(case, ignore_errors=True)
        case.mkdir()
        target = case / "input.toml"
        if kind == "roster":
            argv = [*ROSTER_COMMANDS[n % len(ROSTER_COMMANDS)], str(target)]
            target.write_bytes(mutate_toml(rng, rng.choice(rosters)))
        elif kind == "battle":
            argv = [*BATTLE_COMMANDS[n % len(BATTLE_COMMANDS)], str(target)]
            target.write_bytes(mutate_toml(rng, rng.choice(battles)))
        elif kind == "code":
            code = mutate_code(rng, rng.choice(codes))
            argv = ["import", code, "-o", str(case / "imported.toml")]
            target.write_text(code, encoding="utf-8", errors="replace")
        elif kind == "bsroster":
            command = BS_COMMANDS[n % len(BS_COMMANDS)]
            at = command.index("@") if "@" in command else len(command)
            argv = ["--catalog-dir", str(games), *command[:at], str(target), *command[at + 1 :]]
            target.write_bytes(mutate_toml(rng, rng.choice(bs_rosters)))
        elif kind == "ros":
            target = case / "input.ros"
            target.write_bytes(mutate_xml(rng, rng.choice(ros_files)))
            argv = ["--catalog-dir", str(games), "import", str(target), "-o", str(case / "i.toml")]
        elif kind == "bscatalog":
            folder = case / "gaslands"
            shutil.copytree(games / "gaslands", folder)
            victim = rng.choice(sorted(folder.iterdir()))
            victim.write_bytes(mutate_xml(rng, victim.read_bytes()))
            argv = ["catalogs", "--check", str(folder)]
            target = case / ("input" + victim.suffix)
            target.write_bytes(victim.read_bytes())
        else:
            folder = case / "catalog"
            shutil.copytree(rng.choice(catalogs), folder)
            files = sorted(folder.rglob("*.toml"))
            victim = rng.choice(files)
            victim.write_bytes(mutate_toml(rng, victim.read_bytes()))
            argv = ["catalogs", "--check", str(folder)]
            target.write_bytes(victim.read_bytes())
        out, err = io.StringIO(), io.StringIO()
        start = time.process_time()
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
        signal.setitimer(signal.ITIMER_REAL, WALL_LIMIT)
        try:
            code_ = main(argv, out, err)
        except TooSlow:
            code_ = -1
        except SystemExit as exc:  # argparse: a code starting with "-" reads as an option
            code_ = int(exc.code or 0)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
        took = time.process_time() - start
        slowest = max(slowest, took)
        shown = out.getvalue() + err.getvalue()
        exits[str(code_)] += 1
        problem = None
        if code_ == -1:
            problem = f"over {TIME_LIMIT} s of CPU (or {WALL_LIMIT} s by the clock)"
        elif code_ not in (0, 1, 2):
            problem = f"exit {code_}: {err.getvalue().strip()[:300]}"
        elif "Traceback (most recent call last)" in shown:
            problem = "a traceback"
        elif _TERMINAL_CONTROL.search(shown.replace("\n", "").replace("\t", "")):
            char = _TERMINAL_CONTROL.search(shown.replace("\n", "").replace("\t", ""))
            problem = f"control character {char.group()!r} reached the terminal" if char else ""
        if problem:
            kept = found_dir / f"failure-{len(failures)}-{kind}{target.suffix}"
            shutil.copy(target, kept)
            failures.append({"input": n, "argv": argv[:3], "problem": problem, "kept": str(kept)})
    return {
        "inputs": inputs,
        "seed": seed,
        "exits": dict(exits),
        "failures": failures,
        "slowest_s": round(slowest, 2),
        "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def main() -> None:
    inputs, seed = int(sys.argv[1]), int(sys.argv[2])
    found_dir = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(tempfile.mkdtemp())
    found_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        os.environ.setdefault("WARBAND_STATE_DIR", str(Path(work) / "state"))
        summary = run(inputs, seed, Path(work), found_dir)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
