"""A footer that greys keys out in place, where Textual's ``Footer`` builds itself again."""

from __future__ import annotations

from collections import defaultdict

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from tui.textual_private import (
    FooterKey,
    footer_bindings_ready,
    key_disabled,
    set_key_disabled,
)

Shown = tuple[str, str, str, str, str]
"""A key as the footer shows it: key, key display, description, action, tooltip."""


class SteadyFooter(Footer):
    """Textual's footer, but when an edit only changes which keys are available (Save
    after the first change, Undo after the last undo), the keys shown are greyed out or
    back in place.

    ``Footer`` composes itself again on every change of the screen's bindings: in the
    builder that is most edits, and mounting and styling its keys again, then laying
    out the screen, cost about as much as the edit itself."""

    HELP_ACTION = "help"
    """F1 comes first, where a narrow terminal never cuts it off: its page lists every
    key the footer has no room for (issue 16). A compact footer shows the palette's
    key without its word, so the keys of a turn fit in 80 columns."""

    def __init__(self, *, compact: bool = False, keys_at_once: bool = False) -> None:
        """``keys_at_once``: the keys are composed with the footer, from the screen's
        bindings as they are then, so they are in the screen's first paint. Only for a
        screen whose ``check_action`` can answer before it is mounted. ``Footer`` composes
        none until the screen's bindings first change, then composes itself again after a
        refresh: on opening the tracker, another round of mounting, styling and layout after
        the screen was shown (issue 15)."""
        super().__init__(compact=compact)
        if keys_at_once:
            self.set_reactive(footer_bindings_ready(), True)

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        first = [w for w in widgets if isinstance(w, FooterKey) and w.action == self.HELP_ACTION]
        widgets = first + [w for w in widgets if w not in first]
        palette = next(
            (w for w in widgets if isinstance(w, FooterKey) and w.has_class("-command-palette")),
            None,
        )
        keys = [w for w in widgets if w is not palette]
        if all(isinstance(w, FooterKey) for w in keys):  # no groups: whole keys that fit
            shown = [(k.key_display, k.description) for k in keys if isinstance(k, FooterKey)]
            mark = (palette.key_display, palette.description) if palette is not None else None
            count, word = self._fitting(shown, mark)
            widgets = [*keys[:count], *([palette] if palette is not None else [])]
        else:
            word = not self.compact
        if palette is not None and not word:
            palette.description = ""
        for widget in widgets:
            if isinstance(widget, FooterKey):
                _settle_compact(widget, self.compact)
        yield from widgets

    def _fitting(
        self, keys: list[tuple[str, str]], palette: tuple[str, str] | None
    ) -> tuple[int, bool]:
        """How many of ``keys`` (key display, description; in the order shown) fit the
        footer whole, and whether the palette's key (``palette``, None where it is not
        shown) keeps its word: the word goes first (the compact footer never shows it), then
        the keys from the last, which come after the ones a screen needs most. F1, always
        first, lists every key on its page.

        Widths as ``FooterKey`` and ``Footer`` lay them out (Textual 8.2.8, pinned): a
        compact key is its key, a space and its description, then a margin of one; a
        key of the full footer has a space either side of its key and one after its
        description. The palette's key is docked right behind a border of one.

        History: issue 31; at 80 columns "r Resume battl" was cut, at 60 the palette's key
        was drawn over the last one.
        """
        room = self.app.size.width
        pad = 2 if self.compact else 3
        widths = [
            cell_len(key) + (cell_len(word) + pad if word else (1 if self.compact else 0))
            for key, word in keys
        ]
        word = palette is not None and not self.compact
        if palette is not None:
            # border, "^p", its word (the palette key is always compact), right padding
            display, description = palette
            used = 1 + cell_len(display) + (0 if self.compact else 1)
            spoken = 1 + cell_len(description) if description else 0
            if word and sum(widths) + used + spoken > room:
                word = False
            room -= used + (spoken if word else 0)
        count = len(widths)
        while count and sum(widths[:count]) > room:
            count -= 1
        return count, word

    def on_resize(self, event: events.Resize) -> None:
        """Keys that fit a width may not fit another: composed again when they change."""
        if self._bindings_ready and self.is_attached:
            self.call_after_refresh(self._update_keys)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Show the screen's keys as they change. While the app is not focused,
        ``Footer`` keeps the keys it shows (losing focus takes the focused widget's keys
        away): but a footer with none yet shows them all the same. ``warband serve``'s
        page tells the app it is not focused until the first tap or key, and its footer,
        on a tablet the only guide to the keys, stayed empty until then (issue 31)."""
        self._bindings_ready = True
        if not screen.app.app_focus and self.query(FooterKey):
            return
        if self.is_attached and screen is self.screen and not self._toggle_keys():
            self.call_after_refresh(self._update_keys)

    async def _update_keys(self) -> None:
        if self.is_attached and not self._toggle_keys():  # attached: not closed meanwhile
            await self.recompose()

    def _toggle_keys(self) -> bool:
        """Grey out or back the keys shown, now, in the frame of the change that asked for
        it; False when the keys to show are others (then the footer is composed again,
        after the next refresh, as ``Footer`` does)."""
        wanted = self._wanted()
        keys = list(self.query(FooterKey))
        shown = [(k.key, k.key_display, k.description, k.action, _tooltip(k)) for k in keys]
        if wanted is None or shown != [w[0] for w in wanted]:
            return False
        for key, (_, enabled) in zip(keys, wanted, strict=True):
            if key_disabled(key) == enabled:
                set_key_disabled(key, not enabled)
                _grey(key, not enabled)
        return True

    def _wanted(self) -> list[tuple[Shown, bool]] | None:
        """The keys ``compose`` would show, each with whether it is enabled; None when
        it would group some (left to ``compose``)."""
        active = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        wanted: list[tuple[Shown, bool]] = []
        for bindings in by_action.values():
            binding, enabled, tooltip = bindings[0]
            if binding.group is not None:
                return None
            display = self.app.get_key_display(binding)
            shown = (binding.key, display, binding.description, binding.action, tooltip)
            wanted.append((shown, enabled))
        wanted.sort(key=lambda w: w[0][3] != self.HELP_ACTION)  # as ``compose`` orders them
        palette: tuple[Shown, bool] | None = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                display = self.app.get_key_display(binding)
                tooltip = binding.tooltip or binding.description
                palette = (
                    (binding.key, display, binding.description, binding.action, tooltip),
                    enabled,
                )
        mark = (palette[0][1], palette[0][2]) if palette is not None else None
        count, word = self._fitting([(w[0][1], w[0][2]) for w in wanted], mark)
        wanted = wanted[:count]
        if palette is not None:
            (key, display, description, action, tooltip), enabled = palette
            wanted.append(((key, display, description if word else "", action, tooltip), enabled))
        return wanted


def _settle_compact(key: FooterKey, compact: bool) -> None:
    """Give ``key`` the compact style it ends up with (the footer's; the palette's key,
    not bound to it, keeps the key's default), before it is mounted. Each key otherwise set
    its style class on mounting and again when bound to the footer's, each time restyling
    itself: about a millisecond a key, on every screen that composes a footer."""
    if key.has_class("-command-palette"):
        compact = True  # ``FooterKey.compact``'s default (Textual 8.2.8, pinned)
    key.set_reactive(FooterKey.compact, compact)
    key.set_class(compact, "-compact", update=False)


def _grey(key: FooterKey, disabled: bool) -> None:
    """Grey ``key`` out, or back, as ``FooterKey``'s ``-disabled`` rule does (dim text).

    The class is set for what reads it, but the stylesheet is not applied to the key
    again: matching every rule of the app's CSS against a key cost about a millisecond a
    key, on every edit that makes Save or Undo available or not. The text style is set
    on the key's own styles instead (which repaints only the key), where it overrides
    the rule as it was last applied, whichever way; ``FooterKey`` sets no other text
    style on the key itself."""
    key.set_class(disabled, "-disabled", update=False)
    key.styles.text_style = "dim" if disabled else "none"  # over the rule as last applied


def _tooltip(key: FooterKey) -> str:
    tooltip = key.tooltip
    return tooltip if isinstance(tooltip, str) else ""
