"""``python -m tui`` runs the same command line as ``warband``."""

from tui.cli import main

raise SystemExit(main())
