"""Text to data with places: TOML parsing under size guards, line numbers for keys,
and pydantic errors turned into problems a player can act on.
"""
