"""The games' dice rolls: seeded dice and each game family's rolls, each showing its numbers."""
