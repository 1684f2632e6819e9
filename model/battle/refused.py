"""``Refused``: the error of an event the rules do not allow now.

Apart so that everything that checks an event against the rules (the setup asked
for a model that is not there, the state folding an event) can raise it without
importing the state, and so that callers catch it without importing the fold.
"""

from __future__ import annotations


class Refused(Exception):
    """An event the rules do not allow now; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
