"""An option list whose prompts can change without the whole list being drawn again.

Apart from the type-ahead list that uses it because it is about drawing, not typing.
"""

from __future__ import annotations

from typing import cast

from textual.css.styles import RulesMap
from textual.visual import VisualType
from textual.widgets import OptionList

from tui.textual_private import option_divider, set_option_prompt


class InPlaceOptionList(OptionList):
    """``OptionList``, where replacing an option's prompt draws that option again alone.

    Textual's ``OptionList`` (8.2.8, pinned) forgets every option it has drawn and every
    line's height when one prompt changes. The equip dialog changes one or two prompts a
    key (a count, a "not now") in a list of twenty, and drawing them all again was about
    a fifth of the key (issue 15). Here only the changed option is forgotten, unless its
    new prompt takes another number of lines: then everything is measured again, as
    Textual does."""

    def _replace_option_prompt(self, index: int, prompt: VisualType) -> None:
        option = self.get_option_at_index(index)
        before = self._line_cache.heights.get(index)
        set_option_prompt(option, prompt)
        region = self.scrollable_content_region
        if before is None or not region:
            self._clear_caches()  # not measured yet: nothing drawn to keep
            return
        padding = self.get_component_styles("option-list--option").padding
        width = region.width - self._get_left_gutter_width() - padding.width
        styles = cast(RulesMap, self.styles)
        height = self._get_visual(option).get_height(styles, width) + option_divider(option)
        if height != before:
            self._clear_caches()
            return
        drawn = self._option_render_cache
        for key in [key for key in list(drawn.keys()) if key[0] is option]:
            drawn.discard(key)
        self.refresh()
