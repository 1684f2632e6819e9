"""What a list rule is: each kind's schema, its check against a catalog and its check of a
list, one module per kind behind one interface (``kind``), registered in ``kinds``.

Below the catalog, which parses its files into these kinds, and the roster, which runs
them over a list: a rule reads a list only through ``entry`` (what a rule may read of an
entry, its points limit and settings), so a kind needs nothing above this package."""
