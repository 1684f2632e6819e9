"""Counts read as words: "1 model", "2 actions", never "2 action(s)". History: issue 16."""

from __future__ import annotations

from model.core.messages import counted


def test_one_and_many() -> None:
    assert counted(1, "model") == "1 model"
    assert counted(0, "action") == "0 actions"
    assert counted(14, "model") == "14 models"
    assert counted(2, "ability", "abilities") == "2 abilities"
    assert counted(3, "match") == "3 matches"


def test_a_name_takes_a_or_an_by_its_first_letter() -> None:
    from model.core.messages import with_article

    assert [with_article(n) for n in ("Chief", "Addler", "Imperium - Space Marines", "")] == [
        "a Chief",
        "an Addler",
        "an Imperium - Space Marines",
        "a ",
    ]
