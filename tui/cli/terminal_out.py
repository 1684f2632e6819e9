"""The command line's output streams, made safe for a terminal in one place.

Names, notes and ids from files are cleaned when they are read, but the command
line also echoes what it was given (``--name``, ``--players``, paths); rather than
trust every print, everything written to stdout and stderr passes ``terminal_safe``
here, bidirectional controls too (``model.core.safe_text``). The one writer that
needs raw control codes, Rich styling the army sheet on a terminal, writes to
``styled``: its text was cleaned of control characters when the file was read, and
the stream still drops bidirectional controls.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from typing import TYPE_CHECKING, TextIO, cast

from model.core.safe_text import terminal_safe, without_bidi

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class SafeStream(io.TextIOBase):
    """A text stream that drops control characters (but tab and newline) and
    bidirectional controls on the way."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(self.cleaned(text))
        return len(text)

    def cleaned(self, text: str) -> str:
        return terminal_safe(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def writable(self) -> bool:
        return True


def safe(stream: TextIO) -> TextIO:
    """``stream`` wrapped in a ``SafeStream`` (once)."""
    if isinstance(stream, SafeStream):
        return cast(TextIO, stream)
    return cast(TextIO, SafeStream(stream))


class _StyledStream(SafeStream):
    """A text stream that drops bidirectional controls only, for output that styles
    itself with escape sequences."""

    def cleaned(self, text: str) -> str:
        return without_bidi(text)


def raw(stream: TextIO) -> TextIO:
    """The stream under a ``SafeStream``."""
    return stream.raw if isinstance(stream, SafeStream) else stream


def styled(stream: TextIO) -> TextIO:
    """The stream under a ``SafeStream``, for output that styles itself: its escape
    sequences pass, bidirectional controls do not."""
    return cast(TextIO, _StyledStream(raw(stream)))


class SafeArgumentParser(argparse.ArgumentParser):
    """argparse prints usage errors itself, echoing the argument it refused."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        super()._print_message(terminal_safe(message), file)

    def _get_formatter(self) -> argparse.HelpFormatter:
        """The help formatter, of the terminal's width as ``terminal_columns`` finds it:
        argparse's own makes one per ``add_argument`` (to check its metavar), and asks
        ``shutil`` the width, importing it (and ``bz2``, ``lzma``: 4 ms of every
        ``warband`` run)."""
        kind = self.formatter_class
        if isinstance(kind, type) and issubclass(kind, argparse.HelpFormatter):
            return kind(prog=self.prog, width=terminal_columns() - 2)
        return super()._get_formatter()


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, as argparse asks it, without importing
    ``shutil``: ``$COLUMNS`` if set and positive, else the size of the terminal standard
    output is, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        stream = sys.__stdout__
        try:
            columns = os.get_terminal_size(stream.fileno()).columns if stream else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80
