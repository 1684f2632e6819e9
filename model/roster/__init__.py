"""A player's list: its entries and loadouts, costing, designed cards placed in it, the
list rules checked against a catalog (findings with a place and a fix), advice, and the
builder's undo history.
"""
