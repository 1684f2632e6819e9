"""Every file of the shared BSData systems reads with no problem, into the values the
engine uses (counts checked against the files by hand: ``grep -c``)."""

from __future__ import annotations

import pytest

from model.bsdata.read import read_catalogue
from model.parse.xml_guard import XmlRefused, parse_xml
from tests.model.bsdata.shared_data import SYSTEMS, data_files


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_shared_file_reads_without_a_problem(system: str) -> None:
    files = data_files(system)
    assert files
    for path in files:
        root = parse_xml(path.read_bytes())
        assert not isinstance(root, XmlRefused), (path, root)
        catalogue, problems = read_catalogue(root, path.name)
        assert problems == []
        assert catalogue is not None
        assert catalogue.is_game_system == (path.suffix == ".gst")


def test_gaslands_costs_and_categories_are_read() -> None:
    gst = next(p for p in data_files("gaslands") if p.suffix == ".gst")
    root = parse_xml(gst.read_bytes())
    assert not isinstance(root, XmlRefused)
    catalogue, _ = read_catalogue(root, gst.name)
    assert catalogue is not None
    assert [c.name for c in catalogue.cost_types] == ["Cans", "Build Slots"]
    assert [c.default_limit for c in catalogue.cost_types] == [-1.0, -1.0]
    assert [c.name for c in catalogue.categories][:3] == ["Vehicle", "Sponsor", "Lightweight"]
    assert catalogue.forces[0].name == "Team"
