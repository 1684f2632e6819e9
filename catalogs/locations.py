"""Where catalogs live: the bundled folder, and the user's own catalog folder.

The user folder is the platform's data folder (``~/.local/share/warband/catalogs``
on Linux), unless ``--catalog-dir`` or ``WARBAND_CATALOG_DIR`` says otherwise, so
tests and players with a shared folder can point warband anywhere.
"""

from __future__ import annotations

import os
from pathlib import Path

CATALOG_DIR_ENV = "WARBAND_CATALOG_DIR"
"""Environment variable naming the user catalog folder."""


def bundled_dir() -> Path:
    """The folder of catalogs shipped with warband."""
    return Path(__file__).resolve().parent


def user_catalog_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The user catalog folder: the override, else the environment, else the platform's."""
    chosen = _chosen(override, CATALOG_DIR_ENV)
    if chosen is not None:
        return chosen
    from platformdirs import user_data_path

    return user_data_path("warband", appauthor=False) / "catalogs"


CACHE_DIR_ENV = "WARBAND_CACHE_DIR"
"""Environment variable naming the folder of warband's catalog cache."""


def cache_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where loaded, checked catalogs are cached (``catalogs.cache``): the override, else
    ``WARBAND_CACHE_DIR``, else the platform's cache folder (``~/.cache/warband/catalogs``
    on Linux). Everything in it can be deleted at any time; it is only rebuilt."""
    chosen = _chosen(override, CACHE_DIR_ENV)
    if chosen is not None:
        return chosen
    from platformdirs import user_cache_path

    return user_cache_path("warband", appauthor=False) / "catalogs"


def _chosen(override: str | os.PathLike[str] | None, env_name: str) -> Path | None:
    """A folder the user named: ``override`` (a command-line option), else the
    environment variable ``env_name``; None to use the platform's."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(env_name)
    return Path(env).expanduser() if env else None
