"""Textual's header, without the traceback when the app closes as it starts, and with an
icon that says what clicking it does.

``Header`` watches the app's and the screen's titles and puts them in its ``HeaderTitle``;
its watcher (Textual 8.2.8, pinned) catches ``NoScreen`` but not ``NoMatches``, which a
title change raises once the header's children are gone: quitting (Ctrl+C, a browser tab
closed under ``warband serve``) before the first screen had finished mounting wrote a
crash log. A title with nowhere to go is dropped instead.
"""

from __future__ import annotations

import contextlib

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header

from tui.textual_private import HeaderTitle

ICON = "≡"
"""The header's icon, at its left: the menu sign, for what a click or a tap on it opens
(the command palette: every command of the screen). Textual's default, "⭘", meant
nothing to a player (issue 31). Every screen's header is a ``SafeHeader``, so every
screen shows the same."""


class SafeHeader(Header):
    """``Header``, whose title watcher tolerates a header that is being taken down, with
    warband's icon."""

    def __init__(self) -> None:
        super().__init__(icon=ICON)

    def _on_mount(self, event: Mount) -> None:
        """Header's own watchers, but tolerant; Textual calls every class's ``_on_mount``
        up the MRO, so the default is stopped here (after ``Widget``'s, done by hand)
        or ``Header``'s would watch as well."""
        Widget._on_mount(self, event)
        event.prevent_default()

        async def set_title() -> None:
            # a header being removed has no title to show
            with contextlib.suppress(NoScreen, NoMatches):
                title, label = self.format_title(), self.query_one(HeaderTitle)
                if label.content != title:
                    # one line in a header of fixed height: nothing to lay out again
                    # (each of the four watchers set it, and laid the screen out, on
                    # opening the tracker: issue 15)
                    label.update(title, layout=False)

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
