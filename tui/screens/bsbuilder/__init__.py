"""The builder of lists over BattleScribe data (``warband.bsroster`` files).

A list over BattleScribe data is forces holding selections nested to any depth, costed
and checked by its own engine (``model.bsdata``), so it has a builder of its own rather
than a mode of warband's: ``screen`` is the screen (its keys, help, layout and which keys
can be used now); ``editing`` holds the list being built and applies, checks, shows and
saves every edit; ``places`` finds a selection and its force in the list; ``tree``,
``status`` and ``add_dialog`` are what it shows: the list as a tree, its costs and
verdict, and the entries that can be added at the cursor.
"""
