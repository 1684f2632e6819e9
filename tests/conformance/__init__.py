"""The BattleScribe conformance suite run against warband (issue 32)."""
