"""The catalog's list rules checked against a list: one module per kind of rule behind one
interface (``kind``), registered in ``kinds``; ``match`` is what an entry gives a rule."""
