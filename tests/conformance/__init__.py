"""The BattleScribe conformance suite run against warband. History: issue 32."""
