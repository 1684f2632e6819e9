"""Text that is safe to show on a terminal.

Names, notes and ids come from files and share codes written by anyone; a terminal
obeys control characters in them (ESC sequences clear the screen, retitle the window
or worse). Every such text passes through ``terminal_safe`` before it is shown.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 controls but tab and newline, DEL, and the C1 controls (U+0080-U+009F)."""


def terminal_safe(text: str) -> str:
    """``text`` without control characters (tab and newline are kept)."""
    return _CONTROL.sub("", text)
