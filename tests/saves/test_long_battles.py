"""Battles of any length that warband writes open again; what it could never write is told
clearly.

A battle file's log, laid out as warband writes it, is read without ``tomllib`` (which
spends most of the time of opening a long battle): these tests check that it is read to
exactly the data ``tomllib`` reads, that every other layout still goes through
``tomllib`` with the messages it always had, and that the size limits of reading and
writing agree, so that no battle is saved that cannot be opened.

History: issue 15.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import saves.battle_file as battle_file
from model.battle import battle as battle_module
from model.battle.battle import Battle
from model.battle.events import Event, Note, Roll, Score
from model.battle.refused import Refused
from model.core.bounds import MAX_BATTLE_BYTES
from model.core.problems import BattleError, SaveError
from model.parse.toml_text import MAX_BYTES, parse
from saves.battle_file import battle_to_toml, write_battle
from saves.battle_read import read_battle
from tests.saves.test_battle_file import BRIDGE, fresh_battle, play


def with_notes(battle: Battle, count: int) -> Battle:
    notes = tuple(Note(kind="note", text=f"the game goes on ({n})") for n in range(count))
    return Battle(battle.setup, (*battle.events, *notes), battle.undone)


def tomllib_reads(data: bytes) -> Any:
    """What the general TOML path reads, or the error it gives (title and problems)."""
    try:
        return parse(data, "b.toml", lambda title, problems: BattleError(title, problems))
    except BattleError as exc:
        return (exc.title, [str(p) for p in exc.problems])


def warband_reads(data: bytes) -> Any:
    try:
        return battle_file._parse_battle(data, "b.toml")
    except BattleError as exc:
        return (exc.title, [str(p) for p in exc.problems])


def test_the_log_reads_as_tomllib_reads_it(tmp_path: Path) -> None:
    """A played battle with undone events, notes with quotes, escapes, accents and control
    characters (which reading removes), and rolls with lists of dice."""
    battle = play(fresh_battle(turn_limit=50), 300, seed=11).undo().undo()
    odd: tuple[Event, ...] = (
        Note(kind="note", text='a "quoted" word, a \\ backslash, tab\there, ünïcödé, 🎲'),
        Note(kind="note", text="escape \x1b[31mred\x1b[0m and C1 \x9b, a # hash = sign"),
        Roll(kind="roll", title="Shooting", dice=(1, 6, 3), detail="[[events]]\nkind = 1"),
        Score(kind="score", side=1, points=-3),
    )
    for event in odd:
        battle = battle.record(event)
    data = battle_to_toml(battle).encode("utf-8")
    assert warband_reads(data) == tomllib_reads(data)
    path = tmp_path / "odd.battle.toml"
    write_battle(path, battle)
    assert read_battle(path) == read_battle_the_old_way(path)


def read_battle_the_old_way(path: Path) -> Battle:
    """The battle as read with ``tomllib`` alone (the log reader switched off)."""
    real = battle_file._parse_log

    def refuse(log: str) -> dict[str, Any]:
        raise battle_file._NotOurs

    battle_file._parse_log = refuse
    try:
        return read_battle(path)
    finally:
        battle_file._parse_log = real


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('kind = "activate"', 'kind  =  "activate"'),  # other spacing
        ('kind = "activate"', '"kind" = "activate"'),  # a quoted key
        ('kind = "activate"', "kind = 'activate'"),  # a literal string
        ('kind = "activate"', 'kind = "activate"\nkind = "activate"'),  # a key twice
        ('kind = "activate"', 'kind = "activate"\nlazer = 1'),  # a key no event has
        ('kind = "activate"', 'kind = "act\\U0001F3B2ivate"'),  # an escape JSON lacks
        ('kind = "activate"', 'kind = "act\\ud800ivate"'),  # a surrogate TOML refuses
        ('kind = "activate"', 'kind = "act\tivate"'),  # a raw tab TOML allows
        ('kind = "activate"', 'kind = "act\x7fivate"'),  # a raw DEL TOML refuses
        ('kind = "activate"', 'kind = "activate" # comment'),  # a comment after a value
        ("[end]\n", "[end]\n[end]\n"),  # a table twice
        ("[end]\n", "[end]  # \x01\n"),  # a control character in a comment
        ("events = 21", "events = 2_1"),  # an underscore in a number
        ("events = 21", "events = " + "9" * 30),  # a long number
        ("undone = 2", "undone = 2\r"),  # a carriage return
        ('kind = "activate"', 'kind = "activate'),  # a string not closed
        ('kind = "activate"', "kind = [1, 2,]"),  # a trailing comma
        ("[end]\n", "[[events.x]]\n[end]\n"),  # another table
    ],
)
def test_any_other_layout_is_read_by_tomllib(old: str, new: str) -> None:
    """Whatever the log reader does not read exactly as TOML goes to ``tomllib``: the same
    data, or the same message, as before it existed."""
    text = BRIDGE.read_text(encoding="utf-8")
    assert old in text
    data = text.replace(old, new, 1).encode("utf-8")
    assert warband_reads(data) == tomllib_reads(data)


def test_a_head_that_names_the_log_is_read_by_tomllib() -> None:
    text = BRIDGE.read_text(encoding="utf-8")
    for head in ("events = []\n", "end = { events = 1 }\n", "undone.x = 1\n"):
        data = (head + text).encode("utf-8")
        assert warband_reads(data) == tomllib_reads(data)


def test_a_battle_over_two_megabytes_saves_and_opens(tmp_path: Path) -> None:
    """A 50,000-event battle over 2,000,000 bytes is saved and opens again, the same battle.
    History: issue 15; such a battle was saved, then refused as over 2,000,000 bytes."""
    battle = with_notes(play(fresh_battle(turn_limit=50), 200, seed=2), 50_000).undo()
    path = tmp_path / "long.battle.toml"
    write_battle(path, battle)
    assert path.stat().st_size > MAX_BYTES
    again = read_battle(path)
    assert again == battle
    assert again.state == battle.state


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A battle file over 2 MB, as warband wrote it."""
    battle = with_notes(fresh_battle(turn_limit=50), 50_000)
    data = battle_to_toml(battle).encode("utf-8")
    assert len(data) > MAX_BYTES
    return data


def open_bytes(tmp_path: Path, data: bytes) -> BattleError:
    path = tmp_path / "long.battle.toml"
    path.write_bytes(data)
    with pytest.raises(BattleError) as caught:
        read_battle(path)
    return caught.value


def test_a_big_file_warband_could_not_have_written_is_told_so(tmp_path: Path, big: bytes) -> None:
    """Over 2 MB, only warband's own layout is read (in time and memory bounded by the
    size); a file edited into another layout is refused, saying why."""
    data = big.replace(b'kind = "note"', b'kind = "note"  # edited', 1)
    error = open_bytes(tmp_path, data)
    assert error.title.endswith("long.battle.toml is too large to read")
    assert (
        "it is over 2,000,000 bytes and not laid out as warband writes battles, the only way "
        "warband reads a battle of that size" in error.render()
    )


def test_a_big_file_cut_short_is_told_as_cut_short(tmp_path: Path, big: bytes) -> None:
    error = open_bytes(tmp_path, big[: len(big) // 2 + 7])
    assert error.title.endswith("long.battle.toml is incomplete: it was cut short")
    assert "the file ends before its [end] table" in error.render()
    assert "too large" not in error.render()


def test_a_file_over_the_battle_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.battle.toml"
    with path.open("wb") as out:
        out.write(b'format = "warband.battle/1"\n')
        out.truncate(MAX_BATTLE_BYTES + 10)
    with pytest.raises(BattleError) as caught:
        read_battle(path)
    assert f"it is over {MAX_BATTLE_BYTES:,} bytes, the most warband reads" in (
        caught.value.render()
    )


def test_a_big_file_that_is_not_a_battle_keeps_the_two_megabyte_limit(tmp_path: Path) -> None:
    error = open_bytes(tmp_path, b"#" * (MAX_BYTES + 1))
    assert "it is over 2,000,000 bytes, the most warband reads" in error.render()


def test_saving_a_battle_warband_could_not_open_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's limit is the reader's: the file as saved last stays, and says so."""
    path = tmp_path / "game.battle.toml"
    battle = fresh_battle()
    write_battle(path, battle)
    before = path.read_bytes()
    monkeypatch.setattr(battle_file, "MAX_BATTLE_BYTES", len(before) + 100)
    with pytest.raises(SaveError) as caught:
        write_battle(path, with_notes(battle, 10))
    assert "over the" in caught.value.render()
    assert "the file as saved last is unchanged" in caught.value.render()
    assert path.read_bytes() == before


def test_the_tracker_records_no_event_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(battle_module, "MAX_EVENTS", 3)
    battle = with_notes(fresh_battle(), 2).record(Score(kind="score", side=0, points=1))
    with pytest.raises(Refused, match=r"the battle's log is full \(3 events\)"):
        battle.record(Score(kind="score", side=0, points=1))
    assert battle.undo().redo() == battle  # undo and redo stay within it


def test_saving_after_each_step_writes_what_a_fresh_save_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The log's text is kept from one save to the next and only its end is rendered
    again: after records, undos, redos, a branch, and another battle, every save is the
    text of the battle written from nothing."""
    steps = play(fresh_battle(turn_limit=50), 150, seed=4)
    other = play(fresh_battle(turn_limit=50, players=("Cy", "Di")), 40, seed=9)
    battles = [steps, steps.undo(), steps.undo().undo(), steps.undo().undo().redo(), steps]
    battles += [steps.undo().undo().record(Score(kind="score", side=1, points=2)), other, steps]
    for battle in battles:
        text = battle_to_toml(battle)
        monkeypatch.setattr(battle_file, "_LOG", battle_file._LogBlocks())
        assert text == battle_to_toml(battle)


def test_a_save_renders_only_the_events_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    battle = with_notes(fresh_battle(), 3000)
    battle_to_toml(battle)
    rendered: list[Event] = []
    real = battle_file._event_body

    def counting(event: Event) -> str:
        rendered.append(event)
        return real(event)

    monkeypatch.setattr(battle_file, "_event_body", counting)
    score = Score(kind="score", side=0, points=1)
    battle_to_toml(battle.record(score))
    battle_to_toml(battle.undo())
    assert rendered == [score, battle.events[-1]]  # the new event; the undone one


def test_the_backup_is_the_previous_file_itself(tmp_path: Path) -> None:
    """Keeping the backup copies nothing: the previous file becomes ``<name>.bak`` (where
    the file system has hard links), so saving a long battle pays for one file, not two."""
    path = tmp_path / "game.battle.toml"
    write_battle(path, fresh_battle())
    before = path.stat()
    write_battle(path, with_notes(fresh_battle(), 1))
    backup = path.with_name(path.name + ".bak").stat()
    assert (backup.st_ino, backup.st_dev) == (before.st_ino, before.st_dev)
    assert path.stat().st_ino != before.st_ino
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game.battle.toml",
        "game.battle.toml.bak",
    ]
