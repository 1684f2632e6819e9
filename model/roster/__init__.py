"""A player's list: its entries and loadouts, costing, the list rules checked against a
catalog (findings with a place and a fix), advice, and the builder's undo history.
"""
