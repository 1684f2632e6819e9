"""Text that is safe to show on a terminal.

Names, notes and ids come from files and share codes written by anyone; a terminal
obeys control characters in them (ESC sequences clear the screen, retitle the window
or worse). Every such text passes through ``terminal_safe`` before it is shown.

It is applied once, where text crosses into the program: ``clean_data`` runs on what
``tomllib`` makes of any file (``model.toml_text.parse``) and on a share code's
decoded JSON, so names, notes and ids in memory never hold a control character and
every output made of them (the command line, the app, the exports) is clean without
each of them remembering to be. Texts that do not come from the data (paths and
arguments echoed in a ``Problem``) are cleaned where they are rendered.
"""

from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F).

A carriage return goes too: alone it moves the cursor back over what a line showed."""


def terminal_safe(text: str) -> str:
    """``text`` without control characters (tab and newline are kept)."""
    return _CONTROL.sub("", text)


def one_line(text: str) -> str:
    """A name from a file as one line of a terminal: its runs of white space (newlines
    too) made one space, and no control characters."""
    return terminal_safe(" ".join(text.split()))


def has_control(text: str) -> bool:
    """Whether ``terminal_safe`` would change ``text``."""
    return _CONTROL.search(text) is not None


def clean_data(value: Any) -> Any:
    """Parsed TOML or JSON (tables, arrays, text, numbers, dates) with every text and
    every key passed through ``terminal_safe``; anything else is returned as it is.

    Two keys that differ only by control characters become one, the later value
    winning, as a table cannot hold the same key twice. Nesting is bounded by the
    readers (``model.parse.toml_guard``, the share code's depth cap), so recursion is safe.
    """
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, dict):
        return {
            terminal_safe(key) if isinstance(key, str) else key: clean_data(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [clean_data(item) for item in value]
    return value
