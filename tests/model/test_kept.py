"""Values kept by identity (``model.core.kept``): an object met again keeps its value, an
equal but other object gets its own, and only the last sequence's values are kept."""

from __future__ import annotations

from model.core.kept import KeptByIdentity


def test_the_same_objects_keep_their_values_and_others_are_made() -> None:
    made: list[str] = []

    def make(obj: list[str]) -> str:
        made.append(obj[0])
        return obj[0].upper()

    a, b, c = ["a"], ["b"], ["c"]
    kept: KeptByIdentity[list[str], str] = KeptByIdentity()
    assert kept.each([a, b], make) == ["A", "B"]
    assert kept.each([a, ["b"], c], make) == ["A", "B", "C"]  # an equal list is another
    assert made == ["a", "b", "b", "c"]
    assert kept.each([c], make) == ["C"]
    assert kept.each([a], make) == ["A"]  # a was not in the last sequence: made again
    assert made == ["a", "b", "b", "c", "a"]
