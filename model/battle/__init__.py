"""A battle at the table: its setup from two rosters, the events of its log, the state
they fold into, undo and redo, and the log in words.
"""
