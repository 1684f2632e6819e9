"""Content changes that do not lay the screen out again when no size changes.

Textual lays out the whole screen again whenever a widget's lines change in number
(``Tree`` and ``OptionList`` set their virtual size, a reactive that asks for a
layout), whether or not any widget's size or place changes. In the builder that
came after every edit and, with the repaint of every region it moved, cost more
than the edit itself.
"""

from __future__ import annotations

from typing import cast

from textual.css.styles import RulesMap
from textual.visual import VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from tui.textual_private import cancel_layout, update_scrollbars

Bars = tuple[bool, bool]
"""Whether a widget shows its vertical and its horizontal scrollbar."""


def scrollbars(widget: Widget) -> Bars:
    """The scrollbars ``widget`` shows now."""
    return widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar


def skip_layout(widget: Widget, bars: Bars, *, same_size: bool = True) -> None:
    """After ``widget`` changed what it holds, cancel the layout it asked for when nothing
    that a layout places changed: its own size (``same_size``, the caller's to say) and
    which scrollbars it shows (``bars``, as they were before the change). The scrollbars
    are brought up to date with the new virtual size here, as a layout would."""
    if not widget.size or not same_size:
        return  # not laid out yet, or it grows or shrinks: the layout is needed
    update_scrollbars(widget)
    if scrollbars(widget) == bars:
        cancel_layout(widget)


def update_static(widget: Static, content: VisualType) -> bool:
    """Show ``content`` in ``widget``, laying the screen out again only when it takes
    another number of lines than what it replaces (or the widget is not laid out yet):
    ``Static.update`` lays out on every change, though a width that is not ``auto``
    makes the height the only size content can change. Returns whether it laid out."""
    width = widget.content_region.width
    if widget.styles.width is not None and widget.styles.width.is_auto:
        width = 0  # as wide as its content: any change may resize it (None fills)
    rules = cast(RulesMap, widget.styles)
    same = bool(width) and widget.visual.get_height(rules, width) == visualize(
        widget, content
    ).get_height(rules, width)
    widget.update(content, layout=not same)
    return not same
