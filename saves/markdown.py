"""Text made safe for Markdown: the exports and the battle report share these."""

from __future__ import annotations


def escape(text: str) -> str:
    """Prose with the characters that would start markup escaped (names are user text)."""
    out = text.replace("\\", "\\\\")
    for char in "*_`[]<>#|":
        out = out.replace(char, "\\" + char)
    return out


def cell(text: str) -> str:
    """Text safe inside a table cell: pipes escaped, on one line, never empty."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ") or " "
