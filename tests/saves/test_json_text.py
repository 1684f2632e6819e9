"""JSON printed by warband never carries a raw DEL or C1 control character.

``json.dumps(ensure_ascii=False)`` escapes C0 controls but writes U+007F-U+009F as
they are, and a terminal obeys a raw U+009B as ESC [.
"""

from __future__ import annotations

import json

from saves.json_text import json_text


def test_del_and_c1_controls_are_escaped_and_decode_back() -> None:
    data = {"name\u009b": ["a\u007fb", "c\u0085d\u009f", "\u001b[2J", "é·☠"]}
    text = json_text(data)
    assert text == (
        "{\n"
        '  "name\\u009b": [\n'
        '    "a\\u007fb",\n'
        '    "c\\u0085d\\u009f",\n'
        '    "\\u001b[2J",\n'
        '    "é·☠"\n'
        "  ]\n"
        "}"
    )
    assert json.loads(text) == data
    assert all(not 0x7F <= ord(c) <= 0x9F and (c == "\n" or ord(c) >= 0x20) for c in text)


def test_compact() -> None:
    assert json_text([1, "\u0080"], indent=None) == '[1, "\\u0080"]'
