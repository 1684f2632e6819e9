"""The terminal side of warband: the command line and (soon) the Textual app.

Kept nearly empty so that ``warband validate`` starts without importing Textual.
"""
