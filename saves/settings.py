"""The app's settings file: the chosen theme and the recently opened files.

Settings are a convenience, never worth a crash: a missing, broken or newer
settings file gives the defaults (and the reason, for the app to show), and is
only rewritten when a setting changes.
"""

from __future__ import annotations

from pathlib import Path

import tomli_w
from pydantic import Field, ValidationError

from model.base import Frozen, Text
from model.problems import WarbandError
from model.toml_text import parse
from saves.atomic import write_atomic

RECENT_LIMIT = 10


class Settings(Frozen):
    """What the app remembers between runs."""

    format: str = "warband.settings/1"
    theme: Text | None = None
    """The Textual theme last chosen."""
    recent: tuple[str, ...] = Field(default=(), max_length=100)
    """Recently opened or saved files, newest first."""

    def with_recent(self, path: Path | str) -> Settings:
        """A copy with ``path`` first among the recent files."""
        name = str(Path(path).expanduser().resolve())
        recent = (name, *(r for r in self.recent if r != name))[:RECENT_LIMIT]
        return self.model_copy(update={"recent": recent})


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings, and a message when the file had to be ignored."""
    if not path.is_file():
        return Settings(), None
    try:
        raw = parse(path.read_bytes(), str(path), lambda t, p: WarbandError(t, p))
        if raw.get("format", "warband.settings/1") != "warband.settings/1":
            return Settings(), f"{path}: settings from another version of warband were ignored"
        return Settings.model_validate(raw), None
    except WarbandError as exc:
        return Settings(), f"settings ignored: {exc.render()}"
    except ValidationError as exc:
        return Settings(), f"settings ignored: {path}: {exc.error_count()} problems"
    except OSError as exc:
        return Settings(), f"settings ignored: {path}: {exc.strerror or exc}"


def save_settings(path: Path, settings: Settings) -> None:
    """Write the settings atomically (raises ``SaveError``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = settings.model_dump(exclude_none=True)
    data["recent"] = list(settings.recent)
    write_atomic(path, tomli_w.dumps(data).encode("utf-8"))
