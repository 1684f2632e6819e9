"""Toasts a screen owns: one per purpose, replaced rather than stacked, gone with it.

Textual's notifications belong to the app: each ``notify`` adds one more, they stay
their full time whatever follows, and they go on showing over the next screen. A screen
that says something again for the same purpose (the phase, a refusal) replaces what it
said before, and takes down what it said when it closes.

Takes one toast down through ``tui.textual_private`` (the app's private notification
set): the public API can add notifications and clear all of them, not remove one.

History: issue 16; at the table Textual's notifications stacked three phase reminders over
the dice result, and eight identical "Not now" toasts over half the screen.
"""

from __future__ import annotations

from textual.app import App
from textual.notifications import Notification, SeverityLevel

from tui.textual_private import show_notification, take_down_notification


class Toasts:
    """The toasts one screen has up, by purpose."""

    def __init__(self) -> None:
        self._shown: dict[str, Notification] = {}

    def show(
        self,
        app: App[object],
        purpose: str,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float = 6,
    ) -> None:
        """Show ``message``, taking down this screen's last toast of the same purpose."""
        self._take_down(app, purpose)
        notification = Notification(message, title, severity, timeout, markup=False)
        self._shown[purpose] = notification
        # added at once, as ``App._on_notify`` would when the message came round: posted,
        # keys typed ahead would stack toasts the next one could not yet take down
        show_notification(app, notification)

    def clear(self, app: App[object], prefix: str = "") -> None:
        """Take down every toast this screen has up (it is closing or hidden), or those
        whose purpose starts with ``prefix``."""
        for purpose in [p for p in self._shown if p.startswith(prefix)]:
            self._take_down(app, purpose)

    def _take_down(self, app: App[object], purpose: str) -> None:
        old = self._shown.pop(purpose, None)
        if old is not None:
            take_down_notification(app, old)
