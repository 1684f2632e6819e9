"""The battle tracker, one module per part of the screen.

``screen`` is the screen itself (its keys, help, layout and lifetime); ``view`` holds
the battle it shows and draws it; ``recording`` records an event and says which keys
the battle allows now; ``turn_flow``, ``model_keys`` and ``game_keys`` are the keys
grouped by what they do (the turn's order, one model, the game as a whole). Each
layer is a class the next one builds on, so every part reads the same state.
"""
