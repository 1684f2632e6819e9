"""The books a force's entries cite: which publications a ``publicationId`` may name.

Entries, force entries, profiles and rules cite a book by ``publicationId`` and a page;
the publications themselves are declared in the game system and in catalogues. A
citation is resolved as BattleScribe resolves any id, from the force it is in
(``SEMANTICS.md`` rule 1): the force's catalogue, the catalogues it links to (and they
to), then the game system; so an entry may cite a book its own file does not declare
(New Recruit resolves a citation only within its file: the suite's
``docs/nr-behavioral-differences.md``). A roster shows the book's name beside each
selection (specs ``gamesystem-publication``, ``publication-on-catalogue``), and a force
lists the publications its catalogue can cite.

Apart from ``system`` because it is about showing a list, not about what is valid: no
rule of the engine reads a publication.
"""

from __future__ import annotations

from model.bsdata.data import Catalogue, Publication
from model.bsdata.system import GameSystem


def _files(system: GameSystem, catalogue_id: str) -> list[Catalogue]:
    """The force's catalogue, those it links to (breadth first, each once), then the
    game system: one visit per file whatever the links say."""
    start = system.catalogue(catalogue_id)
    files: list[Catalogue] = []
    queue = [start] if start is not None else []
    while queue:
        file = queue.pop(0)
        if any(f.id == file.id for f in files):
            continue
        files.append(file)
        for link in file.catalogue_links:
            target = system.catalogue(link.target_id)
            if target is not None:
                queue.append(target)
    if all(f.id != system.id for f in files):
        files.append(system.system)
    return files


def force_publications(system: GameSystem, catalogue_id: str) -> tuple[Publication, ...]:
    """The publications a force of ``catalogue_id`` may cite, each id once (the nearest
    file's declaration kept)."""
    found: dict[str, Publication] = {}
    for file in _files(system, catalogue_id):
        for publication in file.publications:
            found.setdefault(publication.id, publication)
    return tuple(found.values())


def cited(system: GameSystem, catalogue_id: str, publication_id: str | None) -> Publication | None:
    """The publication ``publication_id`` names, cited from a force of ``catalogue_id``;
    None when there is no citation or no file it may see declares it."""
    if not publication_id:
        return None
    return next(
        (p for p in force_publications(system, catalogue_id) if p.id == publication_id), None
    )
