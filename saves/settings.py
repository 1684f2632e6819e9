"""The app's settings file: the chosen theme and the recently opened files.

Settings are a convenience, never worth a crash: a missing, broken or newer
settings file gives the defaults (and the reason, for the app to show), and is
only rewritten when a setting changes. Two keys need no schema library, and
leaving pydantic out keeps it off the app's start-up path; the TOML reader and writer
are imported only when there is a file to read or a setting to write.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from model.core.problems import WarbandError
from model.core.value import frozen_value

FORMAT = "warband.settings/1"
RECENT_LIMIT = 10


@frozen_value(slots=False)
class Settings:
    """What the app remembers between runs."""

    theme: str | None = None
    """The Textual theme last chosen."""
    recent: tuple[str, ...] = ()
    """Recently opened or saved files, newest first."""

    def with_recent(self, path: Path | str) -> Settings:
        """A copy with ``path`` first among the recent files."""
        name = str(Path(path).expanduser().resolve())
        recent = (name, *(r for r in self.recent if r != name))[:RECENT_LIMIT]
        return replace(self, recent=recent)

    def with_theme(self, theme: str) -> Settings:
        return replace(self, theme=theme)


def settings_from(raw: dict[str, Any]) -> Settings:
    """Settings from parsed TOML; raises ValueError naming the first bad key."""
    unknown = set(raw) - {"format", "theme", "recent"}
    if unknown:
        raise ValueError(f"unknown key {sorted(unknown)[0]!r}")
    if raw.get("format", FORMAT) != FORMAT:
        raise ValueError(f"format {raw['format']!r} is not {FORMAT}")
    theme = raw.get("theme")
    if theme is not None and (not isinstance(theme, str) or not theme):
        raise ValueError("theme must be a theme's name")
    recent = raw.get("recent", [])
    if not isinstance(recent, list) or not all(isinstance(r, str) for r in recent):
        raise ValueError("recent must be a list of file names")
    return Settings(theme, tuple(recent[:RECENT_LIMIT]))


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings, and a message when the file had to be ignored."""
    if not path.is_file():
        return Settings(), None
    from model.parse.toml_text import parse

    try:
        raw = parse(path.read_bytes(), str(path), lambda t, p: WarbandError(t, p))
        return settings_from(raw), None
    except WarbandError as exc:
        return Settings(), f"settings ignored: {exc.render()}"
    except ValueError as exc:
        return Settings(), f"settings ignored: {path}: {exc}"
    except OSError as exc:
        return Settings(), f"settings ignored: {path}: {exc.strerror or exc}"


def save_settings(path: Path, settings: Settings) -> None:
    """Write the settings atomically (raises ``SaveError``)."""
    import tomli_w

    from saves.atomic import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {"format": FORMAT}
    if settings.theme is not None:
        data["theme"] = settings.theme
    data["recent"] = list(settings.recent)
    write_atomic(path, tomli_w.dumps(data).encode("utf-8"))
