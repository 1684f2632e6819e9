"""New Recruit's JSON format: read under the same caps as XML, into the same values.

The strongest check is the first: one small game written both ways reads to equal
values, so the JSON path adds no rule of its own.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from model.bsdata.json_data import element_of, json_root
from model.bsdata.read import read_catalogue
from model.parse.json_guard import parse_json
from model.parse.xml_guard import MAX_DEPTH, XmlRefused, local_name
from tests.model.bsdata.xml_fixtures import cat, read

XML_INNER = (
    '<profileTypes><profileType id="pt" name="Model">'
    '<characteristicTypes><characteristicType id="m" name="M"/></characteristicTypes>'
    "</profileType></profileTypes>"
    '<sharedRules><rule id="r1" name="Fearless" hidden="false">'
    "<description>Never runs &amp; never hides.</description></rule></sharedRules>"
    '<selectionEntries><selectionEntry id="se" name="Trooper" type="model" hidden="false">'
    '<costs><cost name="pts" typeId="pts" value="12.5"/></costs>'
    '<constraints><constraint id="c1" type="max" value="3" field="selections" scope="parent"'
    ' shared="true"/></constraints>'
    '<profiles><profile id="p1" name="Trooper" typeId="pt" typeName="Model" hidden="false">'
    '<characteristics><characteristic name="M" typeId="m">6"</characteristic></characteristics>'
    "</profile></profiles>"
    '<infoLinks><infoLink id="il" name="Fearless" targetId="r1" type="rule"/></infoLinks>'
    "</selectionEntry></selectionEntries>"
)

JSON_DOC: dict[str, Any] = {
    "catalogue": {
        "profileTypes": [
            {
                "characteristicTypes": [{"id": "m", "name": "M"}],
                "id": "pt",
                "name": "Model",
            }
        ],
        "sharedRules": [
            {
                "description": "Never runs & never hides.",
                "id": "r1",
                "name": "Fearless",
                "hidden": False,
            }
        ],
        "selectionEntries": [
            {
                "costs": [{"name": "pts", "typeId": "pts", "value": 12.5}],
                "constraints": [
                    {
                        "id": "c1",
                        "type": "max",
                        "value": 3,
                        "field": "selections",
                        "scope": "parent",
                        "shared": True,
                    }
                ],
                "profiles": [
                    {
                        "characteristics": [{"$text": '6"', "name": "M", "typeId": "m"}],
                        "id": "p1",
                        "name": "Trooper",
                        "typeId": "pt",
                        "typeName": "Model",
                        "hidden": False,
                    }
                ],
                "infoLinks": [{"id": "il", "name": "Fearless", "targetId": "r1", "type": "rule"}],
                "id": "se",
                "name": "Trooper",
                "type": "model",
                "hidden": False,
            }
        ],
        "xmlns": "http://www.battlescribe.net/schema/catalogueSchema",
        "id": "cat",
        "name": "Faction",
        "revision": 1,
        "battleScribeVersion": 2.03,
        "gameSystemId": "gs",
        "gameSystemRevision": 1,
        "type": "catalogue",
    }
}


def _from_json(document: Any, file: str = "Faction.json") -> Any:
    parsed = parse_json(json.dumps(document).encode())
    assert not isinstance(parsed, XmlRefused), parsed
    root = element_of(parsed)
    assert not isinstance(root, XmlRefused), root
    return read_catalogue(root, file)


def test_the_same_game_as_json_reads_to_the_same_values_as_xml() -> None:
    from_xml = read(cat(XML_INNER), "Faction.json")
    from_json, problems = _from_json(JSON_DOC)
    assert problems == []
    assert from_json == from_xml


def test_a_json_files_first_bytes_say_what_it_holds() -> None:
    assert json_root(b'{"gameSystem": {"id": "gs"') == "gameSystem"
    assert json_root(b'\xef\xbb\xbf\n  {\n  "catalogue" :{') == "catalogue"
    assert json_root(b'{"name": "gallery", "repositories": []}') is None
    assert json_root(b"[1, 2, 3]") is None


def test_the_head_is_the_root_alone() -> None:
    root = element_of(JSON_DOC, head=True)
    assert not isinstance(root, XmlRefused)
    assert local_name(root.tag) == "catalogue"
    assert root.get("id") == "cat" and root.get("battleScribeVersion") == "2.03"
    assert list(root) == []


def test_a_list_of_plain_values_is_repeated_elements() -> None:
    root = element_of({"catalogue": {"id": "c", "alias": ["A", "B"]}})
    assert not isinstance(root, XmlRefused)
    assert [(e.tag, e.text) for e in root] == [("alias", "A"), ("alias", "B")]


def test_json_that_is_not_battlescribe_data_is_refused_by_name() -> None:
    documents: list[Any] = [[], {"a": 1, "b": 2}, {"roster": {}}, {"catalogue": []}]
    for document in documents:
        refused = element_of(document)
        assert isinstance(refused, XmlRefused)
        assert refused.message.startswith("not BattleScribe data")
    said = {"catalogue": 'its "catalogue" is a list', "gameSystem": 'its "gameSystem" is null'}
    for root, message in said.items():
        refused = element_of({root: [] if root == "catalogue" else None})
        assert isinstance(refused, XmlRefused)
        assert refused.message == f"not BattleScribe data: {message}, not an object"


def test_broken_json_is_refused_with_its_line() -> None:
    refused = parse_json(b'{"catalogue": {\n  "id": "c",\n  "name": }\n}')
    assert isinstance(refused, XmlRefused)
    assert refused.message.startswith("not well-formed JSON")
    assert refused.line == 3


def test_what_json_should_not_hold_is_refused() -> None:
    cases = {
        b'{"a": NaN}': "not well-formed JSON",
        b'{"a": Infinity}': "not well-formed JSON",
        b'{"a": "\xff"}': "it is not UTF-8 text",
        b'{"a": ' + b"9" * 5000 + b"}": "not well-formed JSON",
        b"[" * 100_000 + b"]" * 100_000: "over",
    }
    for data, said in cases.items():
        refused = parse_json(data)
        assert isinstance(refused, XmlRefused), data[:20]
        assert said in refused.message


def test_nesting_past_the_cap_is_refused_and_within_it_read() -> None:
    deep = b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)
    refused = parse_json(deep)
    assert isinstance(refused, XmlRefused)
    assert "nest over" in refused.message
    assert not isinstance(parse_json(b"[" * 50 + b"]" * 50), XmlRefused)


def test_a_file_over_the_size_cap_is_refused_before_parsing() -> None:
    refused = parse_json(b"[" + b"1," * 100 + b"1]", limit=50)
    assert isinstance(refused, XmlRefused)
    assert "over 50 bytes" in refused.message


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_value_or_a_refusal_never_an_exception(data: bytes) -> None:
    parsed = parse_json(data)
    if not isinstance(parsed, XmlRefused):
        root = element_of(parsed)
        if not isinstance(root, XmlRefused):
            read_catalogue(root, "random.json")


def test_elements_past_the_cap_are_refused_before_they_are_made() -> None:
    """A list of plain values or nulls is one element per item, which the guard's count
    of containers does not see: ``"a",`` is as cheap as ``<a/>``, so it is held to the
    cap on elements XML is (``most`` here, small to stay fast)."""
    plain = {"catalogue": {"id": "c", "alias": ["a"] * 10}}
    nulls = {"catalogue": {"id": "c", "selectionEntries": [{"id": "e"}] + [None] * 10}}
    for document in (plain, nulls):
        refused = element_of(document, most=10)
        assert isinstance(refused, XmlRefused), document
        assert refused.message == "it has over 10 elements, the most warband reads"
        assert not isinstance(element_of(document, most=20), XmlRefused)
    assert not isinstance(element_of(JSON_DOC, most=20), XmlRefused)


def _places(value: Any, at: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every place in a document where a value sits, the root's own aside."""
    places = [at] if len(at) > 1 else []
    if isinstance(value, dict):
        for key, item in value.items():
            places.extend(_places(item, (*at, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places.extend(_places(item, (*at, index)))
    return places


PLACES = _places(JSON_DOC)
HOSTILE: st.SearchStrategy[Any] = st.sampled_from(
    [
        *(None, [], ["x"], [1, "a"], [None], [[]], [{}], {}, {"$text": [1]}),
        *(0, -1, 1e308, True, "", "x\x00\x1b[2J\u202e", "9" * 400, "NaN", "-1e999"),
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PLACES), HOSTILE)
def test_a_field_of_the_wrong_type_is_a_problem_of_the_file_never_an_exception(
    place: tuple[str | int, ...], value: Any
) -> None:
    """A list where text is expected, a number or null for a name, an object for a
    number: New Recruit's JSON has no schema to stop them, so each must be read as
    XML's reader reads odd attributes (a problem naming the file) or refused."""
    document = json.loads(json.dumps(JSON_DOC))
    holder = document
    for step in place[:-1]:
        holder = holder[step]
    holder[place[-1]] = value
    parsed = parse_json(json.dumps(document).encode())
    assert not isinstance(parsed, XmlRefused)
    root = element_of(parsed)
    if isinstance(root, XmlRefused):
        return
    _, problems = read_catalogue(root, "Odd.json")
    assert all(problem.file == "Odd.json" for problem in problems)


def test_a_number_with_a_fraction_is_read_as_written() -> None:
    """``1e400`` is no float Python holds (it would be infinity): it is kept as the
    file writes it, as an XML attribute is, and the reader names it so."""
    assert parse_json(b'{"a": 1e400, "b": 12.50, "c": 3}') == {"a": "1e400", "b": "12.50", "c": 3}
    document = json.loads(json.dumps(JSON_DOC))
    document["catalogue"]["selectionEntries"][0]["costs"][0]["value"] = 0
    data = json.dumps(document).replace('"value": 0', '"value": 1e400').encode()
    parsed = parse_json(data)
    root = element_of(parsed)
    assert not isinstance(root, XmlRefused)
    _, problems = read_catalogue(root, "Big.json")
    assert [p.message for p in problems] == [
        'selectionEntry "Trooper"/cost "pts": value is "1e400", not a number from '
        "-1,000,000,000 to 1,000,000,000"
    ]


def test_an_empty_number_is_one_not_given() -> None:
    """New Recruit writes an unset number as "" (40k 11th edition's "Enhancements" cost
    type has ``"defaultCostLimit": ""``): read as absent, its default, not a problem."""
    document = {
        "gameSystem": {
            "costTypes": [{"id": "enh", "name": "Enhancements", "defaultCostLimit": ""}],
            "id": "gs",
            "name": "Game",
            "revision": 1,
            "battleScribeVersion": "2.03",
        }
    }
    game, problems = _from_json(document, "game.json")
    assert problems == []
    assert [(c.id, c.default_limit) for c in game.cost_types] == [("enh", -1.0)]
