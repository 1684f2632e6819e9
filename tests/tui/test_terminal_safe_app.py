"""The app shows a list whose name and notes hold escape sequences without them: the
texts were cleaned when the file was read (``model.core.safe_text``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import FIXTURES
from tests.tui.driver import Folders, app_in
from tui.screens.builder.screen import BuilderScreen

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
WRITTEN = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m"


async def test_the_builder_shows_a_hostile_name_cleaned(tmp_path: Path) -> None:
    folders = Folders(tmp_path)
    text = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Rust Rats"', f'name = "Rust {WRITTEN}Rats"', 1)
    text = text.replace('name = "Big Joe"', f'name = "Big {WRITTEN}Joe"', 1)
    app = app_in(folders, open_path=folders.roster("hostile.toml", text))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BuilderScreen)
        assert screen.title == "Rust ]0;pwned[2J31mRats"
        assert screen.roster.units[0].name == "Big ]0;pwned[2J31mJoe"
        assert CONTROL.search(screen.title + str(screen.sub_title)) is None
        shot = app.export_screenshot()  # the screen as rendered, as SVG text
        assert "pwned" in shot and CONTROL.search(shot) is None


def test_bidi_controls_in_names_never_reach_the_terminal(tmp_path: Path) -> None:
    """``warband open`` on a list whose names hold a right-to-left override, an isolate
    and marks, in a real pseudo-terminal: the names are on the screen, the controls are
    not in a byte the app wrote (``tui.terminal_driver``), and the file keeps them."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time

    from tests.benchmarks.test_cli import warband_command

    evil = "\u202e\u2066\u200f\u061c"
    text = (FIXTURES / "rosters" / "gangers" / "legal-500.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Rust Rats"', f'name = "Rust {evil}Rats"', 1)
    text = text.replace('name = "Big Joe"', f'name = "Big {evil}Joe"', 1)
    path = Folders(tmp_path).roster("hostile.toml", text)
    argv = [*warband_command(), "open", str(path)]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is its stdin, stdout and stderr
        try:
            os.execve(argv[0], argv, dict(os.environ, TERM="xterm-256color"))
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    seen = b""
    deadline = time.monotonic() + 60
    quit_at: float | None = None
    try:
        while time.monotonic() < deadline:
            if quit_at is None and b"Big Joe" in seen:
                quit_at = time.monotonic() + 1.0  # let it settle, then Ctrl+Q
            if quit_at is not None and time.monotonic() > quit_at:
                os.write(fd, b"\x11")
                quit_at = deadline
            if not select.select([fd], [], [], 0.05)[0]:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the app quit and closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(fd)
        _, status = os.waitpid(pid, 0)
    shown = seen.decode("utf-8", "replace")
    assert "Rust Rats" in shown and "Big Joe" in shown, shown[-2000:]
    assert not any(c in shown for c in evil), [c for c in evil if c in shown]
    assert os.waitstatus_to_exitcode(status) == 0
    assert path.read_text(encoding="utf-8") == text
