"""One side of a battle as rows: each model, its wounds and its counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey

from model.battle.text import counter_value, disabled_text

if TYPE_CHECKING:
    from model.battle.state import BattleState

COLUMNS: tuple[tuple[str, int], ...] = (
    ("Id", 3),
    ("Model", 20),
    ("Rnd", 3),
    ("Act", 3),
    ("Wnd", 3),
    ("State", 10),
)
"""Column titles and widths; the last one grows to fill the table (and crops: the line
under the tables tells the highlighted model's state in full). Wnd is as wide as the most
wounds a model of the battle has (``wounds_width``)."""

MAX_BOXES = 8
"""Wounds shown box by box up to this many (a 4-wound tank shows four); more read as
``3/12``, so a many-wound model does not crowd out its state."""


def wounds_width(most: int) -> int:
    """The Wnd column's width for a battle whose models have at most ``most`` wounds."""
    return max(3, most) if most <= MAX_BOXES else len(f"{most}/{most}")


class SideTable(DataTable[Text], inherit_bindings=False):
    """Models of one side; the cursor row is the model the keys act on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            b
            for b in DataTable.BINDINGS
            if (b.key if isinstance(b, Binding) else b[0]) not in ("enter", "home", "end")
        ),
        Binding("home", "scroll_top", "First model", show=False),
        Binding("end", "scroll_bottom", "Last model", show=False),
    ]
    """The table's cursor keys, but not Enter: the screen's Activate command has it, so the
    footer shows it (a click on a row still chooses it). Home and End go to the first and
    last model: the table never scrolls sideways, so they have nothing else to do."""

    class ModelHighlighted(Message):
        """The cursor moved to a model."""

        def __init__(self, model_id: str) -> None:
            super().__init__()
            self.model_id = model_id

    def __init__(self, side: int, *, wounds: int = 3, id: str | None = None) -> None:
        """``wounds``: the most wounds a model of the battle has (the Wnd column's room)."""
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.side = side
        self._columns = tuple(
            (name, wounds_width(wounds) if name == "Wnd" else width) for name, width in COLUMNS
        )
        self._state: BattleState | None = None
        self._shown: list[tuple[str, tuple[Text, ...]]] = []
        self._last_width = 0

    def on_mount(self) -> None:
        self._add_columns(self._columns[-1][1])

    def _add_columns(self, last: int) -> None:
        for column, width in self._columns[:-1]:
            self.add_column(column, key=column, width=width)
        self.add_column(self._columns[-1][0], key=self._columns[-1][0], width=last)
        self._last_width = last

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """A new size is taken in when layout hands it to the table, just before the table
        is painted at it (``Widget._size_updated``, Textual 8.2.8, pinned): the State
        column is fitted and what was rendered at the old size is forgotten here. Both
        were done on the resize event that follows the paint (``DataTable._on_resize``
        forgets every line rendered), so every row of both tables was painted twice on
        opening the tracker, about a fifth of opening it (issue 15)."""
        if size != self.size:
            self._update_count += 1
        self._fit(size.width)
        return super()._size_updated(size, virtual_size, container_size, layout)

    def _on_resize(self, event: events.Resize) -> None:
        """Done when the size was taken in (``_size_updated``); ``DataTable``'s own
        handler would forget the lines just painted at this size."""
        event.prevent_default()
        self._fit(self.size.width)

    def _fit(self, width: int) -> None:
        """The State column takes the room left, so the table never scrolls sideways.
        Only the column's width changes: the rows and the cursor stay, and everything
        rendered at the old width is forgotten."""
        fixed = sum(size + 2 * self.cell_padding for _, size in self._columns[:-1])
        scrollbar = self.styles.scrollbar_size_vertical
        room = max(self._columns[-1][1], width - fixed - 2 * self.cell_padding - scrollbar)
        column = self.columns.get(ColumnKey(self._columns[-1][0]))
        if room == self._last_width or column is None:
            return
        column.width = room
        self._last_width = room
        self._clear_caches()
        self._update_count += 1
        # the width the table's idle pass would give it (``DataTable._update_dimensions``),
        # given now: left to that pass, it laid the screen out once more after the
        # tracker's first paint (issue 15); rows still to measure keep their pass
        width = self._row_label_column_width + sum(
            c.get_render_width(self) for c in self.columns.values()
        )
        self.set_reactive(SideTable.virtual_size, Size(width, self.virtual_size.height))
        self.refresh()

    def show(self, state: BattleState) -> None:
        """Redraw the rows from the state, keeping the cursor where it was.

        Most events change a cell or two: only those are updated (the columns have fixed
        widths, so nothing is measured again); the table is built again only when its
        models change (another battle)."""
        self._state = state
        rows = self._rows(state)
        if rows == self._shown:
            return  # most events change one side only: the other table is left alone
        shown, self._shown = self._shown, rows
        if [key for key, _ in shown] == [key for key, _ in rows] and self.row_count == len(rows):
            for (key, cells), (_, before) in zip(rows, shown, strict=True):
                if cells != before:
                    self._update_row(key, cells, before)
            return
        keep = self.cursor_row
        self.clear()
        for key, cells in rows:
            self.add_row(*cells, key=key)
        if keep is not None and self.row_count:
            self.move_cursor(row=min(keep, self.row_count - 1))

    def _update_row(self, key: str, cells: tuple[Text, ...], before: tuple[Text, ...]) -> None:
        """Put the cells that changed into the row ``key`` and repaint that row alone.

        ``DataTable.update_cell`` (Textual 8.2.8, pinned) raises a count of updates that
        every render cache is keyed on, and repaints the whole table, so a wound on one
        model rendered every visible row again, each cell restyled (about 8 ms a key).
        Here the row's cells are set as ``update_cell`` sets them, only what was rendered
        for this row is forgotten, and only its lines are repainted: the rows keep their
        order and heights, so what the other rows rendered stays right."""
        row_key = RowKey(key)
        data = self._data[row_key]
        for (column, _), cell, old in zip(self._columns, cells, before, strict=True):
            if cell != old:
                data[ColumnKey(column)] = cell
        index = self.get_row_index(row_key)
        region = self._get_row_region(index)
        _discard(self._cell_render_cache, lambda k: k[0] == row_key)
        _discard(self._row_render_cache, lambda k: k[0] == row_key)
        _discard(self._row_renderable_cache, lambda k: k[1] == index)
        _discard(self._line_cache, lambda k: region.y <= k[0] < region.bottom)
        self.refresh_row(index)

    def _rows(self, state: BattleState) -> list[tuple[str, tuple[Text, ...]]]:
        """Each model's row key and cells."""
        rows: list[tuple[str, tuple[Text, ...]]] = []
        stat = state.tracker.turns.stat
        up = state.next_up()
        for model in state.setup.sides[self.side].models:
            mid = model.id
            out = state.is_out(mid)
            actor = model.actor
            style = "dim strike" if out else ""
            if actor == state.active:
                style = "bold reverse"
            elif actor in up.actors and up.side is not None:
                style = "bold"
            ident = Text(mid, style=style)
            name = Text(model.label, style="dim" if out else "")
            if actor != mid:
                name.append(f" ({actor})", style="dim")
            rnd = Text("")
            if stat is not None and mid == actor and state.stat(mid, stat) is not None:
                rnd = Text(str(state.actor_round(actor)))
            acts = _acts(state, mid, actor)
            most = state.wounds_max(mid)
            taken = state.wounds.get(mid, 0)
            boxes = (
                Text.assemble(("■" * taken, "red"), "□" * (most - taken))
                if most <= MAX_BOXES
                else Text(f"{taken}/{most}", style="red" if taken else "")
            )
            rows.append((mid, (ident, name, rnd, acts, boxes, _states(state, mid))))
        return rows

    class Chosen(Message):
        """Enter on a model's row."""

        def __init__(self, model_id: str) -> None:
            super().__init__()
            self.model_id = model_id

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.Chosen(event.row_key.value))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.ModelHighlighted(event.row_key.value))

    @property
    def model_id(self) -> str | None:
        """The model under the cursor."""
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key
        return key.value


def _discard(cache: LRUCache[Any, Any], drop: Callable[[Any], bool]) -> None:
    """Drop the entries of ``cache`` whose key ``drop`` says."""
    for key in [k for k in list(cache.keys()) if drop(k)]:
        cache.discard(key)


def _actor_scoped(state: BattleState) -> bool:
    return state.tracker.counter(state.tracker.used_counter).scope == "actor"


def _states(state: BattleState, model_id: str) -> Text:
    """The counters set on a model and its items, in short: ``Dn Aim Blt3 rifle:Rld1``."""
    text = Text()
    model = state.model(model_id)
    parts: list[tuple[str, str]] = []
    targets = [(model_id, "")] + [
        (t, f"{t.split('/')[1]}:") for t, _ in state.setup.item_targets(model)
    ]
    for target, prefix in targets:
        for counter_id, value in state.counters.get(target, {}).items():
            spec = state.tracker.counter(counter_id)
            if spec.id == state.tracker.used_counter:
                continue
            # a choice reads ``Ord:Moving`` (``Ord:placed`` face down); a number ``Sh2``
            shown = spec.short + (":" if spec.kind == "choice" else "")
            shown += counter_value(state, spec, value)
            style = "red" if spec.out else "yellow" if spec.reminder or spec.modifiers else ""
            parts.append((prefix + shown, style))
    if model_id in state.fight_on:
        parts.append(("fights on", "magenta"))
    held = state.standing_down(model.actor) if model.actor == model_id else None
    if held is not None and not state.is_out(model_id):
        parts.append((f"held: {held.name}", "magenta"))
    disabled = disabled_text(state, model_id)
    if disabled is not None:
        parts.append((disabled, "red"))
    for n, (part, style) in enumerate(parts):
        text.append((" " if n else "") + part, style=style)
    return text


def _acts(state: BattleState, mid: str, actor: str) -> Text:
    """The Act cell: actions used of the actor's actions, dim once it has acted; in a
    game that counts no actions (a battle over BattleScribe lists) only its activation
    mark, a tick once it has activated this round (or phase)."""
    if mid != actor:
        return Text("")
    if state.tracker.action_points == 0:
        return Text("✓" if actor in state.acted else "", style="dim")
    used = state.counter(actor if _actor_scoped(state) else mid, state.tracker.used_counter)
    return Text(f"{used}/{state.action_points(mid)}", style="dim" if actor in state.acted else "")
