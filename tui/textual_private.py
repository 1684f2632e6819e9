"""Every private name of Textual that warband uses, in one place, each with why.

Textual (8.2.8, pinned) keeps these names to itself: a release may rename or drop any of
them without notice. Each one bought warband a frame or a fix, so they stay, but here,
where an upgrade has one list to check: ``tests/tui/test_textual_private.py`` checks that
every name below still exists on the installed Textual, so upgrading Textual starts by
running it. No other module imports a private Textual module (``textual._x``,
``textual.widgets._x``) or reads a private attribute of a Textual object it does not
subclass (``tests/tui/test_textual_private.py`` greps for both).

Names from Textual's private modules (``PRIVATE_NAMES``), imported from here when first
used (``__getattr__``), as the app imported them before, so the home screen does not load
the tree or the drop-down for them:

- ``HeaderTitle``: the header's title, updated in place without laying the screen out
  (``tui/widgets/safe_header.py``, ``tui/screens/builder/editing.py``).
- ``HeaderIcon``: the header's icon, which the tests find to check warband's sign
  (``tests/tui/test_looks.py``).
- ``FooterKey``: the footer's keys, greyed in place (``tui/widgets/steady_footer.py``).
- ``SelectOverlay``, ``SelectCurrent``, ``NoSelection``: a drop-down's list and its
  current value, composed when first opened and kept inside a dialog
  (``tui/dialogs/dice/light.py``, ``tui/widgets/drop_down_room.py``, ``tui/app.py``).
- ``TreeLine``: a tree's laid-out line, reused while its entry is unchanged
  (``tui/widgets/roster_tree.py``).
- ``get_time``: the clock Textual stamps messages with (``tui/widgets/findings_list.py``).

Private attributes of Textual objects read through the helpers below: an option's
``_divider`` and ``_set_prompt``, a screen's ``_compositor``, the app's
``_css_update_count``, a tree node's
``_updates``, ``_children``, ``_label``, ``_line``, ``_hover`` and ``_selected``, the footer's
``_bindings_ready``, a footer key's ``_disabled``, a widget's ``_scroll_update`` and
``_layout_required``, the app's ``_notifications``, ``_refresh_notifications`` and
``_unnotify``.

Private methods that warband's classes override, and the private members they use of
the class they extend (they stay in their class; the test checks each on Textual's class):

- ``tui/app.py`` ``WarbandApp(App)``: ``_handle_exception`` (a bug goes to a crash log),
  using ``_return_code``, ``_exception``, ``_exception_event``, ``_close_messages_no_wait``.
- ``tui/opening.py`` ``LaidOutOnce(Screen)``: ``_on_resize`` (a dialog laid out
  once, not twice).
- ``tui/widgets/safe_header.py`` ``SafeHeader(Header)``: ``_on_mount`` (a title watcher
  that tolerates a header being taken down), calling ``Widget._on_mount``.
- ``tui/widgets/side_table.py`` ``SideTable(DataTable)``: ``_size_updated`` and
  ``_on_resize`` (each row painted once on opening the tracker), using ``_update_count``.
- ``tui/widgets/log_panel.py`` ``LogPanel(OptionList)``: ``_update_lines`` (each option
  measured once per width), using ``_line_cache``, ``_options``, ``_get_visual``,
  ``_get_left_gutter_width``, ``_scroll_update``; and, to move its window of lines without
  emptying it, ``_option_to_index``, ``_id_to_option``, ``_mouse_hovering_over`` and
  ``_clear_caches``.
- ``tui/screens/bsbuilder/add_dialog.py`` ``PickList(LogPanel)``: ``_get_option_render``
  (a line of the add dialog drawn once while the dialog is kept, not at each opening),
  using ``_option_to_index`` and ``_get_left_gutter_width``; ``AddDialog(Screen)``:
  ``_on_screen_resume`` (the kept dialog restyled only when the app's CSS changed).
- ``tui/widgets/in_place_options.py`` ``InPlaceOptionList(OptionList)``:
  ``_replace_option_prompt`` (one option drawn again, not the list), using
  ``_line_cache``, ``_clear_caches``, ``_get_left_gutter_width``, ``_get_visual``,
  ``_option_render_cache``.
- ``tui/widgets/one_line_tree.py`` ``OneLineTree(Tree)``: ``_render_line`` (a line kept
  drawn by what it shows, not drawn again after every edit) and ``_refresh_node`` (a
  node's lines repainted in one call), using ``_tree_lines`` and ``_pseudo_class_state``.
- ``tui/widgets/roster_tree.py`` ``RosterTree(Tree)``: ``_build`` and ``_add_node`` (an
  edit lays out the rows it changed), using ``_new_id``, ``_tree_nodes``, ``_updates``,
  ``_tree_lines_cached``; ``_EntryNode(TreeNode)``: ``_label`` (a label made when read).
- ``tui/widgets/steady_footer.py`` ``SteadyFooter(Footer)``: uses ``_bindings_ready``.
- ``tui/dialogs/import_code.py`` ``PasteArea(TextArea)``: ``_on_key``, ``_on_paste``.
- ``tui/screens/games.py`` ``GameList`` and ``tui/widgets/type_ahead_list.py``
  ``TypeAheadList``: ``_on_key`` (``Widget``'s), keys handled before the bindings.
- ``tui/screens/tracker/view.py`` ``BattleView(Screen)``: ``_on_screen_resume``.
- ``tui/dialogs/dice/light.py`` ``DropDown(Select)``: ``_setup_options_renderables``,
  ``_watch_value``, ``_watch_prompt`` (a drop-down's options composed when first opened).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual._time import get_time
    from textual.app import App
    from textual.geometry import Size
    from textual.notifications import Notification
    from textual.reactive import Reactive
    from textual.screen import Screen
    from textual.visual import VisualType
    from textual.widget import Widget
    from textual.widgets._footer import FooterKey
    from textual.widgets._header import HeaderIcon, HeaderTitle
    from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay
    from textual.widgets._tree import _TreeLine as TreeLine
    from textual.widgets.option_list import Option
    from textual.widgets.tree import TreeNode

__all__ = [
    "FooterKey",
    "HeaderIcon",
    "HeaderTitle",
    "NoSelection",
    "SelectCurrent",
    "SelectOverlay",
    "TreeLine",
    "get_time",
]

PRIVATE_NAMES: dict[str, tuple[str, str]] = {
    "HeaderTitle": ("textual.widgets._header", "HeaderTitle"),
    "HeaderIcon": ("textual.widgets._header", "HeaderIcon"),
    "FooterKey": ("textual.widgets._footer", "FooterKey"),
    "SelectOverlay": ("textual.widgets._select", "SelectOverlay"),
    "SelectCurrent": ("textual.widgets._select", "SelectCurrent"),
    "NoSelection": ("textual.widgets._select", "NoSelection"),
    "TreeLine": ("textual.widgets._tree", "_TreeLine"),
    "get_time": ("textual._time", "get_time"),
}
"""Each name given here, with the private module and the name it has there (why each is
needed: the module's docstring)."""


def __getattr__(name: str) -> Any:
    """A name of ``PRIVATE_NAMES``, imported from Textual's private module when first
    asked for and kept here for the next."""
    found = PRIVATE_NAMES.get(name)
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(found[0]), found[1])
    globals()[name] = value
    return value


# --- options --------------------------------------------------------------------------------


def option_divider(option: Option) -> int:
    """The lines the divider under ``option`` takes (0 or 1): measuring an option's height
    as ``OptionList`` does."""
    return option._divider


def set_option_prompt(option: Option, prompt: VisualType) -> None:
    """Give ``option`` a new prompt without the list forgetting every option it drew
    (``OptionList.replace_option_prompt`` does both)."""
    option._set_prompt(prompt)


# --- screens ---------------------------------------------------------------------------------


def css_update_count(app: App[Any]) -> int:
    """How many times the app's CSS has changed (a theme, the terminal's colours): a
    kept screen styled at one count needs no restyling at that count."""
    return app._css_update_count


def laid_out_size(screen: Screen[Any]) -> Size:
    """The size ``screen`` was last laid out at (its compositor's): a ``Resize`` to it
    changes nothing."""
    return screen._compositor.size


# --- widgets and the app --------------------------------------------------------------------


def update_scrollbars(widget: Widget) -> None:
    """Bring the widget's scrollbars up to date with its virtual size, as a layout would
    (``tui.widgets.steady_layout`` skips a layout that would change nothing else)."""
    widget._scroll_update(widget.virtual_size)


def cancel_layout(widget: Widget) -> None:
    """Drop the layout the widget asked for (``tui.widgets.steady_layout``: only when no
    size or scrollbar changed)."""
    widget._layout_required = False


def show_notification(app: App[Any], notification: Notification) -> None:
    """Put the toast up now, as ``App._on_notify`` does when the message comes round
    (``tui.toasts``: keys typed ahead would otherwise stack toasts)."""
    app._notifications.add(notification)
    app._refresh_notifications()


def take_down_notification(app: App[Any], notification: Notification) -> None:
    """Take the toast down if it is still up (``tui.toasts``)."""
    if notification in app._notifications:
        app._unnotify(notification)


# --- the footer -------------------------------------------------------------------------------


def key_disabled(key: FooterKey) -> bool:
    """Whether a footer key is greyed out."""
    return key._disabled


def set_key_disabled(key: FooterKey, disabled: bool) -> None:
    """Grey a footer key in place (``tui.widgets.steady_footer``), not the footer
    composed again."""
    key._disabled = disabled


def footer_bindings_ready() -> Reactive[bool]:
    """``Footer``'s reactive that says the screen's bindings are known: set at once, the
    footer composes its keys with its first paint."""
    from textual.widgets import Footer

    return Footer._bindings_ready


# --- tree nodes ------------------------------------------------------------------------------
# ``RosterTree._build`` lays out a thousand rows with these: each reads one attribute.


def node_updates(node: TreeNode[Any]) -> int:
    """How many times the node has changed: its lines are laid out again when it did."""
    return node._updates


def node_marks(node: TreeNode[Any]) -> tuple[bool, bool]:
    """Whether the mouse is over the node and whether it is selected: how the guides of
    the lines under it are drawn (``tui.widgets.one_line_tree`` keeps lines by them)."""
    return node._hover, node._selected


def touch_node(node: TreeNode[Any]) -> None:
    """Count a change of the node (a new label), as ``TreeNode.set_label`` does, without
    its repaint."""
    node._updates += 1


def node_children(node: TreeNode[Any]) -> list[TreeNode[Any]]:
    """The node's children as the tree keeps them (``children`` wraps them in a copy)."""
    return node._children


def node_label_width(node: TreeNode[Any]) -> int:
    """The width in cells of the node's label as the tree draws it (``label`` is typed
    as any text the node was given)."""
    return node._label.cell_len


def set_node_line(node: TreeNode[Any], line: int) -> None:
    """Put the node on ``line``, as ``Tree._build`` does for each line it lays out."""
    node._line = line
