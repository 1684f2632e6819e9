"""The list builder, one module per part of the screen.

``screen`` is the screen itself (its keys, help, layout, lifetime and which keys can
be used now); ``editing`` holds the list being built and applies, checks, shows and
keeps every edit; ``entries``, ``designing``, ``looking``, ``files`` and ``sharing``
are the keys grouped by what they do. Each is a class built on ``editing``, so every
part reads and changes the list the same way.
"""
