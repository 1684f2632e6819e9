"""One function makes text safe for a terminal; the readers apply it to all they read."""

from __future__ import annotations

import tomllib

from model.core.problems import Problem, WarbandError
from model.core.safe_text import (
    clean_data,
    has_control,
    one_line,
    terminal_safe,
    without_bidi,
    without_controls,
)
from model.parse.toml_text import parse


def test_controls_go_tab_and_newline_stay() -> None:
    every = "".join(chr(c) for c in range(0xA1))
    kept = terminal_safe(every)
    assert kept == "\t\n" + "".join(chr(c) for c in range(0x20, 0x7F)) + "\xa0"
    assert has_control(every) and not has_control(kept)
    assert terminal_safe("a\r\nb\u2028c") == "a\nb\u2028c"  # a line separator is no control


def test_clean_data_cleans_keys_and_texts_at_any_depth_and_leaves_the_rest() -> None:
    data = {"a\u001b": [{"b\u009b": "c\u0007"}, 1, 2.5, True, None], "d": "e"}
    assert clean_data(data) == {"a": [{"b": "c"}, 1, 2.5, True, None], "d": "e"}


def test_parse_cleans_escapes_and_raw_c1_but_keeps_other_text() -> None:
    text = 'a = "x\\u001b[2Jy"\n"k\\u0007" = "\\t\\n\\u00e9"\nb = "z\u009bw"\nc = \'\\u001b\'\n'
    assert parse(text.encode(), "f.toml", WarbandError) == {
        "a": "x[2Jy",
        "k": "\t\né",
        "b": "zw",
        "c": "\\u001b",  # a literal string: a backslash and letters, no escape
    }
    plain = 'a = "x"\nb = [1, {c = "d"}]\n'
    assert parse(plain.encode(), "f.toml", WarbandError) == tomllib.loads(plain)


def test_problems_render_clean() -> None:
    problem = Problem("unknown faction 'x\u001b]0;t\u0007'", "li\u009bst.toml", ("units", 1), 3)
    assert str(problem) == "list.toml:3: units[1]: unknown faction 'x]0;t'"
    error = WarbandError("cannot read \u001b[2Jlist.toml", [problem])
    assert error.render() == "cannot read [2Jlist.toml\n  " + str(problem)
    assert WarbandError("\u009b2J").render() == "2J"


BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u206a\u206f"
"""Every bidirectional control, and the deprecated format characters beside them."""
KEPT = "\u200b\u200c\u200d\u2060\ufeff\u2028\U0001f3f4\U000e0067\U000e007f"
"""Zero-width space, non-joiner and joiner, word joiner, BOM, line separator, and a flag
emoji's tag characters: invisible or spacing, but none reorders text."""


def test_bidi_controls_never_reach_a_terminal_but_stay_in_the_data() -> None:
    name = f"\u05e9\u05dc\u05d5\u05dd{BIDI}\u001b[2J{KEPT}"
    assert terminal_safe(name) == f"\u05e9\u05dc\u05d5\u05dd[2J{KEPT}"
    assert has_control(BIDI[3]) and not has_control(KEPT)
    assert without_controls(name) == f"\u05e9\u05dc\u05d5\u05dd{BIDI}[2J{KEPT}"
    assert without_bidi(name) == f"\u05e9\u05dc\u05d5\u05dd\u001b[2J{KEPT}"  # escapes pass
    assert clean_data({f"k{BIDI}\u0007": [f"v{BIDI}\u009b"]}) == {f"k{BIDI}": [f"v{BIDI}"]}
    assert one_line("Big\u202e\nJoe") == "Big Joe"
