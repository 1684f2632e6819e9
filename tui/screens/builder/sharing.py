"""Sharing the list: chat text, Markdown, JSON, HTML or a share code, copied or saved.

Apart from saving because an export is a copy in another format, never the list's
own file; it asks for a file the way saving does (``files``).
"""

from __future__ import annotations

from textual import work

from tui.dialogs.pick import PickDialog
from tui.flows.share_text import share_text
from tui.screens.builder.files import FileKeys


class ShareKeys(FileKeys):
    """The key that exports the list."""

    @work
    async def action_share(self) -> None:
        """Choose a format, then the clipboard or a file."""
        from saves.export_formats import to_json, to_markdown, to_text
        from saves.export_html import to_html
        from saves.list_export import build_export
        from saves.share_code import encode

        fmt = await self.app.push_screen_wait(
            PickDialog(
                "Share the list as",
                [
                    ("Chat text: fits one message, ends with the share code", "txt", None),
                    ("Markdown: for a forum, a table per entry", "md", None),
                    ("JSON: for other tools", "json", None),
                    ("HTML: a printable army sheet, one file", "html", None),
                    ("Share code: warband import turns it back into this list", "code", None),
                ],
            )
        )
        if fmt is None:
            return
        code = encode(self.roster)
        doc = build_export(self.roster, self.view, self.report)
        text = {
            "txt": lambda: to_text(doc, code),
            "md": lambda: to_markdown(doc, code),
            "json": lambda: to_json(doc),
            "html": lambda: to_html(doc, code),
            "code": lambda: code + "\n",
        }[fmt]()
        folder = self.warband.locations.saves_dir
        await share_text(self, text, folder, self.roster.name, f".{fmt}")
