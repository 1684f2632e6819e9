"""Where warband keeps files: saves, settings and crash-recovery copies.

Every folder can be moved, so tests and players with a shared or portable setup
can point warband anywhere: an option wins over an environment variable, which
wins over the platform's usual place (``platformdirs``).
"""

from __future__ import annotations

import os
from pathlib import Path

from model.core.value import frozen_value

SAVES_DIR_ENV = "WARBAND_SAVES_DIR"
CONFIG_DIR_ENV = "WARBAND_CONFIG_DIR"
STATE_DIR_ENV = "WARBAND_STATE_DIR"


@frozen_value(slots=False)
class Locations:
    """The folders one run of warband uses."""

    saves_dir: Path
    """Where lists and battles are saved by default, and where the file picker opens."""
    config_dir: Path
    """Where settings (theme, recent files) live."""
    state_dir: Path
    """What warband writes for itself and the player never edits: crash logs."""

    @property
    def recovery_dir(self) -> Path:
        """Unsaved work, copied after every change so a crash loses nothing."""
        return self.saves_dir / ".recovery"

    @property
    def crash_dir(self) -> Path:
        """Tracebacks of bugs, one file each, so the screen shows one line, never a trace."""
        return self.state_dir / "crashes"

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.toml"


def _pick(override: str | os.PathLike[str] | None, env: str, default: Path) -> Path:
    if override:
        return Path(override).expanduser()
    value = os.environ.get(env)
    return Path(value).expanduser() if value else default


def locations(
    saves_dir: str | os.PathLike[str] | None = None,
    config_dir: str | os.PathLike[str] | None = None,
) -> Locations:
    """The folders to use: options first, then ``WARBAND_SAVES_DIR``,
    ``WARBAND_CONFIG_DIR`` and ``WARBAND_STATE_DIR``, then the platform's folders."""
    from platformdirs import user_config_path, user_data_path, user_state_path

    return Locations(
        saves_dir=_pick(
            saves_dir, SAVES_DIR_ENV, user_data_path("warband", appauthor=False) / "saves"
        ),
        config_dir=_pick(config_dir, CONFIG_DIR_ENV, user_config_path("warband", appauthor=False)),
        state_dir=_pick(None, STATE_DIR_ENV, user_state_path("warband", appauthor=False)),
    )
