"""Share codes: a whole roster as one short, URL-safe line to paste in a chat.

A code is ``WB1-`` followed by the roster, written as a compact JSON array,
deflated and base64url-encoded without padding. The array holds exactly what the
roster file holds (system, faction, name, limit, notes, and each entry's unit,
name, models, items and notes), so a code turns back into the identical roster.

Codes come from strangers, so decoding trusts nothing: the code's length, the
inflated size and the nesting depth are capped before anything is parsed, every
failure is a ``ShareCodeError`` that says what is wrong, and the result is a
``Roster`` checked by its own model. Whether its ids exist in a catalog is the
caller's question (``saves.roster_file.resolve`` answers it with "did you mean").

A code's numbers get no more trust than a roster file's: JSON has no size limit on
a number, so numbers of any length are read (Python alone refuses past 4,300
digits) and the roster's schema refuses them by its ranges (``model.core.bounds``), with
the same messages as for a file, placed at ``<share code>``: "units[1].models: must
be a number from 1 to 200, got a 5,000-digit number".
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import re
import zlib
from typing import Any, NoReturn

from pydantic import ValidationError

from model.core.problems import Problem, RosterError
from model.core.safe_text import clean_data
from model.parse.schema_errors import problems_from
from model.roster.roster import Roster

PREFIX = "WB1-"
"""Names the format and its version: a later format gets WB2- and this one still reads."""

MAX_CODE = 20_000
"""Characters a code may have. A 500-point band is a few hundred; this leaves room
for long notes and still stops a pasted novel before any work is done."""

MAX_INFLATED = 200_000
"""Bytes the inflated JSON may have: a tiny code that inflates to gigabytes (a
"zip bomb") is cut off here instead of filling memory."""

MAX_DEPTH = 7
"""Nesting the format never exceeds (roster, cards, card, models, group, upgrades, rules):
deeper is not ours."""

VERSION = 1
"""The first element of the array."""

_START = re.compile(r"WB(\d+)-")
_CHARS = re.compile(r"[A-Za-z0-9_\-]*")
_BODY = re.compile(r"[A-Za-z0-9_\-\s]*")

MAX_FILE = 1_000_000
"""Bytes read of a file said to hold a code: a saved chat or a Markdown export, with room."""

MAX_TRIES = 10
"""``WB`` prefixes tried in one pasted text: enough for any message, and bounded."""


SOURCE = "<share code>"
"""How messages name a code's content, as they name a roster file."""


class ShareCodeError(RosterError):
    """A share code that cannot be turned into a roster (a roster that cannot be read)."""


def encode(roster: Roster) -> str:
    """The roster's share code."""
    units = [
        [u.unit, u.name, u.models, [[item, n] for item, n in u.items.items()], u.notes]
        for u in roster.units
    ]
    doc = [
        VERSION,
        roster.system,
        roster.faction,
        roster.name,
        roster.points_limit,
        roster.notes,
        units,
    ]
    if roster.cards or roster.settings:  # designed units: older codes stay as they were
        cards = {
            cid: card.model_dump(mode="json", exclude_defaults=True)
            for cid, card in roster.cards.items()
        }
        doc += [cards, dict(roster.settings)]
    raw = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=")
    return PREFIX + packed.decode("ascii")


def decode(text: str) -> Roster:
    """The roster a code holds; ``ShareCodeError`` for anything else.

    The code may be pasted with text around it ("my list: WB1-... see you Sunday"),
    over several lines, or wrapped by a chat program: whitespace inside it is ignored,
    and so is whatever follows it (the deflated stream knows where it ends). Where the
    text holds ``WB`` prefixes that are not codes, the first that decodes wins; when
    none does, the first one's problem is reported."""
    starts = list(itertools.islice(_START.finditer(text), MAX_TRIES))
    if not starts:
        _fail(
            "no share code found",
            "a warband share code starts with WB1- (copy it whole from warband export)",
        )
    first: ShareCodeError | None = None
    for start in starts:
        try:
            return _decode_at(text, start)
        except ShareCodeError as exc:
            first = first or exc
    assert first is not None
    raise first


def contains_code(text: str) -> bool:
    """Whether ``text`` holds something that starts like a share code (``WB1-``): the
    command line's ``import`` reads such an argument as a code, anything else as a path."""
    return _START.search(text) is not None


def _decode_at(text: str, start: re.Match[str]) -> Roster:
    return _roster(_parse(inflate(code_body(text, start))))


def code_body(
    text: str,
    start: re.Match[str],
    prefix: str = "WB",
    version: int = VERSION,
    max_code: int = MAX_CODE,
) -> str:
    """The characters of a code whose prefix ``start`` matched (its version digits in
    group 1), or ``ShareCodeError`` for another format or an overlong code. Shared by the
    codes of BattleScribe lists (``saves.bs_share_code``: ``WBS``, longer)."""
    digits = start.group(1)
    found = int(digits) if len(digits) < 6 else 10**6  # never int() thousands of digits
    if found != version:
        shown = digits if len(digits) < 6 else f"{digits[:5]}... ({len(digits):,} digits)"
        _fail(
            f"the code is format {prefix}{shown}; this warband reads {prefix}{version}",
            "update warband to read newer codes" if found > version else None,
        )
    # the code's characters, across the line breaks and spaces a chat puts in; this may
    # run on into the words after it, which inflating ignores
    unbroken = _CHARS.match(text, start.end(), start.end() + max_code + 1)
    if unbroken and len(unbroken.group()) > max_code:
        _fail(f"the code is over {max_code:,} characters; a share code has at most that")
    run = _BODY.match(text, start.end(), start.end() + 4 * max_code)
    body = "".join(run.group().split())[:max_code] if run else ""
    if len(body) % 4 == 1:  # base64 never ends so; a letter of a following word does
        body = body[:-1]
    return body


def _fail(message: str, hint: str | None = None) -> NoReturn:
    raise ShareCodeError("not a usable share code", [Problem(message, hint=hint)])


def inflate(body: str, max_inflated: int = MAX_INFLATED, max_code: int = MAX_CODE) -> bytes:
    """The bytes a code's body packs, or ``ShareCodeError`` saying what is wrong with it
    (not base64, not deflated, cut short, or inflating past ``max_inflated``: a code is
    inflated under the cap, so a small code cannot become gigabytes). Shared by the
    codes of BattleScribe lists (``saves.bs_share_code``), which allow more."""
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        _fail("the code is damaged (it is not base64)", "copy the whole code again")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, max_inflated + 1)
    except zlib.error:
        _fail("the code is damaged (it does not inflate)", "copy the whole code again")
    if len(raw) > max_inflated or inflater.unconsumed_tail:
        _fail(f"the code inflates to more than {max_inflated:,} bytes; a roster is far less")
    if not inflater.eof:
        if len(body) >= max_code:
            _fail(f"the code is over {max_code:,} characters; a share code has at most that")
        _fail("the code is cut short", "copy the whole code again")
    return raw


def json_doc(raw: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON a code's bytes hold, or ``ShareCodeError``: UTF-8 text, nested no deeper
    than ``max_depth`` (counted before parsing), whole numbers of any length read exactly.
    Both share codes (warband's lists and BattleScribe's) read their bytes so."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        _fail("the code is damaged (its text is not UTF-8)", "copy the whole code again")
    if _depth(text) > max_depth:
        _fail(f"the code nests deeper than {max_depth} levels; a roster never does")
    try:
        return json.loads(text, parse_int=_whole)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        _fail("the code is damaged (its contents are not readable)")


def _parse(raw: bytes) -> list[Any]:
    doc = clean_data(json_doc(raw))  # as for a file: no control character reaches a terminal
    if not isinstance(doc, list) or len(doc) not in (7, 9) or doc[0] != VERSION:
        _fail("the code does not hold a roster")
    return doc


_DIGITS_AT_ONCE = 4000
"""Digits ``int()`` reads at once: Python refuses more than 4,300 (a guard against slow
conversion), so a longer number is read in pieces of this many."""


def _whole(digits: str) -> int:
    """A JSON whole number of any length, exactly: the schema, not the parser, says that
    it is out of range, and says so by its length. The inflated code is capped, so a
    number has at most ``MAX_INFLATED`` digits and this is quick."""
    if len(digits) <= _DIGITS_AT_ONCE:
        return int(digits)
    body = digits.lstrip("-")
    value = 0
    for at in range(0, len(body), _DIGITS_AT_ONCE):
        piece = body[at : at + _DIGITS_AT_ONCE]
        value = value * 10 ** len(piece) + int(piece)
    return -value if digits.startswith("-") else value


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings, counted before parsing so a
    hostile code cannot make the parser recurse."""
    deepest = depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _roster(doc: list[Any]) -> Roster:
    _, system, faction, name, limit, notes, units = doc[:7]
    cards, settings = doc[7:] if len(doc) == 9 else ({}, {})
    if not isinstance(cards, dict) or not isinstance(settings, dict):
        _fail("the code's unit cards are not a table")
    if not isinstance(units, list):
        _fail("the code's entries are not a list")
    entries = []
    for n, unit in enumerate(units, start=1):
        if not isinstance(unit, list) or len(unit) != 5 or not isinstance(unit[3], list):
            _fail(f"entry {n} of the code is not a roster entry")
        unit_id, unit_name, models, items, unit_notes = unit
        if not all(
            isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in items
        ):
            _fail(f"the items of entry {n} are not item ids with counts")
        ids = [pair[0] for pair in items]
        if len(set(ids)) != len(ids):
            _fail(f"entry {n} of the code names an item twice")
        entries.append(
            {
                "unit": unit_id,
                "name": unit_name,
                "models": models,
                "items": dict(items),
                "notes": unit_notes,
            }
        )
    raw = {
        "system": system,
        "faction": faction,
        "name": name,
        "points_limit": limit,
        "notes": notes,
        "units": entries,
        "cards": cards,
        "settings": settings,
    }
    try:
        return Roster.model_validate(raw)
    except ValidationError as exc:  # told as for a roster file: key path, range, hint
        raise ShareCodeError(
            "not a usable share code", problems_from(exc, raw, Roster, SOURCE)
        ) from None
