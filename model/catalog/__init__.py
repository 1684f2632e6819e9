"""The catalog schema (a game system and its factions, units, items, list rules, unit
design and the ``[tracker]`` section) and the checks a catalog file must pass.
"""
