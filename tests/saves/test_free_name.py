"""The names a save proposes replace nothing: ``gangers.toml``, else ``gangers-2.toml`` ..."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.free_name import TRIES, NoFreeName, free_name, free_path, slug


def test_a_free_name_is_proposed_as_it_is() -> None:
    assert free_name("gangers", ".toml", lambda name: False) == "gangers.toml"


def test_a_taken_name_gets_the_first_free_number_from_2() -> None:
    taken = {"gangers.toml", "gangers-2.toml", "gangers-4.toml"}
    assert free_name("gangers", ".toml", taken.__contains__) == "gangers-3.toml"


def test_the_number_goes_before_every_part_of_the_suffix() -> None:
    taken = {"ann-vs-bob.battle.toml"}
    assert free_name("ann-vs-bob", ".battle.toml", taken.__contains__) == "ann-vs-bob-2.battle.toml"


def test_other_names_do_not_count() -> None:
    taken = {"gangers.md", "gangers-2.toml.bak", "mutards.toml"}
    assert free_name("gangers", ".toml", taken.__contains__) == "gangers.toml"


def test_when_every_number_is_taken_it_says_so_instead_of_looping() -> None:
    asked: list[str] = []

    def everything(name: str) -> bool:
        asked.append(name)
        return True

    with pytest.raises(NoFreeName, match=r"gangers\.toml to gangers-10000\.toml"):
        free_name("gangers", ".toml", everything)
    assert len(asked) == TRIES


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Gangers", "gangers"),
        ("Rust Rats", "rust-rats"),
        ("Mad Max's 2nd band!", "mad-max-s-2nd-band"),
        ("  ", "list"),
        ("../../etc/passwd", "etc-passwd"),
    ],
)
def test_a_slug_is_lowercase_words_and_never_a_path(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_a_folder_is_asked_about_anything_at_each_name(tmp_path: Path) -> None:
    assert free_path(tmp_path, "gangers", ".toml") == tmp_path / "gangers.toml"
    (tmp_path / "gangers.toml").write_text("a list")
    (tmp_path / "gangers-2.toml").mkdir()  # a folder takes the name too
    (tmp_path / "gangers-3.toml").symlink_to(tmp_path / "nowhere")  # and a broken link
    assert free_path(tmp_path, "gangers", ".toml") == tmp_path / "gangers-4.toml"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "gangers-2.toml",
        "gangers-3.toml",
        "gangers.toml",
    ]  # asking wrote nothing
