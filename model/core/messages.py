"""Message templates of list rules: placeholders filled in, and plurals.

A catalog writes the message of each rule in plain words with placeholders, e.g.
``"{count:miniature}; {points_limit} points allow {max}: remove {excess:miniature}
or raise the limit to {needed_limit}"``. A number placeholder may carry a noun after
a colon to agree with it: ``{excess:miniature}`` gives "1 miniature" or "2
miniatures", and ``{excess:pack|packs}`` spells out an irregular plural.

Which placeholders a rule may use, and its default messages, are its kind's (each kind's
module of ``model.rules``: ``placeholders`` on its schema).
"""

from __future__ import annotations

import string
from collections.abc import Mapping


class Num(int):
    """An int that can agree with a noun: ``format(Num(2), "pack")`` is "2 packs"."""

    def __format__(self, spec: str) -> str:
        if not spec or spec[0].isdigit() or spec[0] in "<>^=+-_, ":
            return int.__format__(int(self), spec)
        one, _, many = spec.partition("|")
        word = one if int(self) == 1 else (many or _plural(one))
        return f"{int(self)} {word}"


def number_text(value: float) -> str:
    """A count or cost as a person writes it, without a needless ``.0``: ``3``, ``2.5``
    (a whole number of any size is ``model.parse.schema_errors.number_text``'s)."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def with_article(name: str) -> str:
    """The name with its indefinite article, by its first letter: "a Chief", "an Addler",
    "an Imperium - Space Marines list"."""
    first = name[:1].lower()
    return ("an " if first and first in "aeiou" else "a ") + name


def counted(count: int, one: str, many: str | None = None) -> str:
    """``2 actions``, ``1 model``: a count with its word, not ``2 action(s)``."""
    return f"{count} {one if count == 1 else (many or _plural(one))}"


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def placeholders(template: str) -> set[str]:
    """The placeholder names a template uses; raises ValueError if it is malformed."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def render(template: str, values: Mapping[str, object]) -> str:
    """Fill a template; numbers become ``Num`` so they can agree with nouns."""
    wrapped = {
        k: Num(v) if isinstance(v, int) and not isinstance(v, bool) else v
        for k, v in values.items()
    }
    return template.format_map(_Missing(wrapped))


class _Missing(dict[str, object]):
    """Leaves unknown placeholders visible instead of failing (the catalog check catches them)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
