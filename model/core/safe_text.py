"""Text that is safe to show on a terminal.

Names, notes and ids come from files and share codes written by anyone; a terminal
obeys control characters in them (ESC sequences clear the screen, retitle the window
or worse). Every such text passes through ``terminal_safe`` before it is shown.

Control characters are removed once, where text crosses into the program:
``clean_data`` runs on what ``tomllib`` makes of any file (``model.toml_text.parse``)
and on a share code's decoded JSON (``without_controls``), so names, notes and ids in
memory never hold one and every output made of them (the command line, the app, the
exports) is clean without each of them remembering to be. Texts that do not come from
the data (paths and arguments echoed in a ``Problem``) are cleaned where they are
rendered.

Bidirectional controls are another matter: the embeddings, overrides and isolates
(U+202A-U+202E, U+2066-U+2069) and the marks (U+200E, U+200F, U+061C) make a terminal
that reorders text show a name backwards or move text from one column of a table into
another ("Trojan Source"), so they never reach one; but they are part of a Hebrew or
Arabic name as its writer typed it, so the data keeps them and the files warband
writes (rosters, exports, ``.ros``) carry them as they came. They are removed on the
way to a terminal only: ``terminal_safe`` (the command line's streams, every
``Problem``) and ``without_bidi`` (the app's driver, ``tui.terminal_driver``, whose
output is escape sequences and text). The deprecated format characters U+206A-U+206F
(symmetric swapping, digit shapes) go with them: no text needs them and some renderers
still obey them.

Kept, by choice: the zero-width joiner and non-joiner (U+200D, U+200C), which emoji
sequences and Persian and Indic spelling need and which move nothing; the zero-width
space, word joiner and BOM (U+200B, U+2060, U+FEFF), invisible but not reordering (a
name can look like another with them, as with any look-alike letter); the line and
paragraph separators (U+2028, U+2029), which are spacing, not control; and the tag
characters of flag emoji.
"""

from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F).

A carriage return goes too: alone it moves the cursor back over what a line showed."""


_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u206f]")
"""The bidirectional marks, embeddings, overrides and isolates, and the deprecated
format characters U+206A-U+206F beside the isolates."""

_UNSAFE = re.compile(f"{_CONTROL.pattern}|{_BIDI.pattern}")


def terminal_safe(text: str) -> str:
    """``text`` without control characters (tab and newline are kept) or bidirectional
    controls: as it may be shown on a terminal."""
    return _UNSAFE.sub("", text)


def without_controls(text: str) -> str:
    """``text`` without control characters (tab and newline are kept): as it is kept in
    memory and written to files, bidirectional controls and all."""
    return _CONTROL.sub("", text)


def without_bidi(text: str) -> str:
    """``text`` without bidirectional controls, its control characters kept (for output
    that is escape sequences as well as text)."""
    return _BIDI.sub("", text)


def one_line(text: str) -> str:
    """A name from a file as one line of a terminal: its runs of white space (newlines
    too) made one space, and no control characters."""
    return terminal_safe(" ".join(text.split()))


def has_control(text: str) -> bool:
    """Whether ``terminal_safe`` would change ``text``."""
    return _UNSAFE.search(text) is not None


def clean_data(value: Any) -> Any:
    """Parsed TOML or JSON (tables, arrays, text, numbers, dates) with every text and
    every key passed through ``without_controls``; anything else is returned as it is.

    Two keys that differ only by control characters become one, the later value
    winning, as a table cannot hold the same key twice. Nesting is bounded by the
    readers (``model.parse.toml_guard``, the share code's depth cap), so recursion is safe.
    """
    if isinstance(value, str):
        return without_controls(value)
    if isinstance(value, dict):
        return {
            without_controls(key) if isinstance(key, str) else key: clean_data(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [clean_data(item) for item in value]
    return value
