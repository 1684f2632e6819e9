"""Widgets, one per module; each posts messages up and takes data down."""
