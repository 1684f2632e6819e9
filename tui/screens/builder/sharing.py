"""Sharing the list: chat text, Markdown, JSON, HTML or a share code, copied or saved.

Apart from saving because an export is a copy in another format, never the list's
own file; it asks for a file the way saving does (``files``).
"""

from __future__ import annotations

from textual import work

from model.core.problems import WarbandError
from tui.dialogs.choice import ChoiceDialog, may_write
from tui.dialogs.message import MessageDialog
from tui.dialogs.pick import PickDialog
from tui.screens.builder.files import FileKeys


class ShareKeys(FileKeys):
    """The key that exports the list."""

    @work
    async def action_share(self) -> None:
        """Choose a format, then the clipboard or a file."""
        from saves.atomic import write_atomic
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
        where = await self.app.push_screen_wait(
            ChoiceDialog(
                "Share the list",
                f"{len(text):,} characters. Copy them, or save them to a file?",
                [
                    ("Copy", "copy", "primary"),
                    ("Save to a file", "file", "default"),
                    ("Cancel", "cancel", "default"),
                ],
            )
        )
        if where == "copy":
            self.app.copy_to_clipboard(text)
            self.notify(
                "Copied (through the terminal: if pasting gives nothing, save to a file)",
                timeout=4,
            )
        elif where == "file":
            # An export has no file of its own: any file already there is asked about,
            # the list's own .toml included.
            default = self._free_default(f".{fmt}")
            path = await self._ask_file("Save the export", "File:", default, None)
            if path is None or not await may_write(self.app, path):
                return
            try:
                write_atomic(path, text.encode("utf-8"))
            except WarbandError as exc:
                self.app.push_screen(MessageDialog("Not saved", exc.render(), error=True))
                return
            self.notify(f"Saved {path}", timeout=3)
