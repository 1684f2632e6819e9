"""JSON for a terminal and for other tools: one way to write it.

``json.dumps(..., ensure_ascii=False)`` keeps text readable (accents, dice symbols)
and escapes the C0 controls, but writes DEL and the C1 controls (U+007F-U+009F) as
they are, and a terminal obeys a raw C1 CSI (U+009B) as it obeys ESC [. Texts read
from files are cleaned already (``model.core.safe_text``); this escapes whatever else a
document holds (a path, an argument), so printed JSON never carries a raw control
character and still decodes to the same strings.
"""

from __future__ import annotations

import json
import re
from typing import Any

_RAW = re.compile("[\x7f-\x9f]")
"""The controls ``json.dumps`` leaves raw; outside strings JSON is ASCII, so every
match is inside a string, where a \\u escape stands for the same character."""


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON text, without a trailing newline."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return _RAW.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
