"""The domain of warband: catalogs, rosters, costing and list rules.

Pure data and pure functions: nothing here reads or writes files, and nothing
imports Textual or Rich, so every rule can be tested in microseconds and reused by
the command line, the terminal app and the exports alike. Modules are imported
directly (``from model.roster.roster import Roster``); this package exports nothing so
that importing one piece stays cheap.
"""
