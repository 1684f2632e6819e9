"""The bundled game-system catalogs (TOML data) and the code that finds and loads them.

Each sub-folder is one game system: ``system.toml`` plus ``factions/<id>.toml``.
``schema.json`` is generated from the pydantic models for editor completion
(``python -m catalogs.schema`` rewrites it; a test fails when it is stale).
"""
