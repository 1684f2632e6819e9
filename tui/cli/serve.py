"""``warband serve``: the same app in a browser, for a table with a tablet and no terminal.

textual-serve does the work: each browser tab gets its own app process (``python -m tui``
with this command's folder options, so it sees the same catalogs, saves and settings as
``warband`` would) and a websocket that carries the keys in and the screen out to
xterm.js in the page. Three things are ours: the page and the doors belong to the server
(``tui/cli/web_server.py``); this module is the command, and holds the third:

- The sockets. They are bound here, before the server starts, so a port in use or a host
  that does not resolve is one clear line and exit code 2, not a traceback from aiohttp.
  Bound to another address than loopback the app is open to the network, and the command
  says so.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import logging
import os
import shlex
import socket
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from aiohttp import web

from model.core.problems import WarbandError
from tui.cli.web_server import WarbandServer, is_loopback

if TYPE_CHECKING:
    from saves.locations import Locations

SHUTDOWN_SECONDS = 3.0
"""How long Ctrl+C waits for requests still running (a download) once the sessions ended."""


LACKING = (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT)
"""Bind errors for an address this machine lacks (``localhost``'s ::1 with IPv6 off):
the host's other addresses are served without it."""


class ServeError(WarbandError):
    """``warband serve`` cannot start: a bad port, a host that does not resolve, a port in
    use. Printed as one line, exit code 2."""


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``warband serve [--host HOST] [--port PORT]``: serve until Ctrl+C; exits 0."""
    port = parse_port(args.port)
    sockets = bind(args.host, port)
    try:
        url = serve_url(args.host, sockets)
        if not _all_loopback(sockets):
            print(
                f"warning: {args.host} can be reached from other machines: anyone on the "
                "network can use warband and every file it can read or write",
                file=out,
            )
        _quiet_logging(out, _locations(args))
        server = WarbandServer(app_command(args), loopback_only=_all_loopback(sockets))
        print(f"warband in a browser: {url} (Ctrl+C stops it)", file=out)
        out.flush()
        web.run_app(
            server.make_app(),
            sock=sockets,
            print=None,
            access_log=None,
            handle_signals=True,
            shutdown_timeout=SHUTDOWN_SECONDS,
        )
    finally:
        for s in sockets:
            s.close()
    return 0


def parse_port(text: str) -> int:
    """A port number from the command line, or a ``ServeError`` that says what fits."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise ServeError(
            f"--port must be a number from 1 to 65535 (or 0 for any free port), got {text!r}"
        )
    return port


def bind(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on every address ``host`` names (``localhost`` is often both
    127.0.0.1 and ::1), all on one port; a ``ServeError`` when that cannot be done."""
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError) as exc:
        raise ServeError(f"cannot serve on {host}: {_reason(exc)}") from None
    sockets: list[socket.socket] = []
    failed: OSError | None = None
    for family, _, _, _, address in dict.fromkeys(infos):
        if sockets:  # port 0 picked a free port: the other addresses take the same
            address = (address[0], sockets[0].getsockname()[1], *address[2:])
        try:
            sockets.append(socket.create_server(address, family=family, backlog=100))
        except OSError as exc:
            failed = exc
            if exc.errno not in LACKING:
                break  # a port in use, a privileged port: nothing is served
    if failed is not None and (not sockets or failed.errno not in LACKING):
        for s in sockets:
            s.close()
        where = f"{host} port {port}" if port else host
        raise ServeError(f"cannot serve on {where}: {_reason(failed)}") from None
    return sockets


def _reason(exc: BaseException) -> str:
    if isinstance(exc, socket.gaierror):
        return "no such host or address"
    if isinstance(exc, OSError) and exc.errno == errno.EADDRINUSE:
        return "the port is in use (by another warband serve?); pick another with --port"
    if isinstance(exc, OSError) and exc.errno:
        return os.strerror(exc.errno).lower()
    return str(exc) or type(exc).__name__


def _all_loopback(sockets: Sequence[socket.socket]) -> bool:
    return all(is_loopback(s.getsockname()[0]) for s in sockets)


def serve_url(host: str, sockets: Sequence[socket.socket]) -> str:
    """The address to open in a browser, with the port actually bound."""
    address, port = sockets[0].getsockname()[:2]
    if ipaddress.ip_address(address.split("%")[0]).is_unspecified:
        host = socket.gethostname()  # every address: a name the other devices may know
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def app_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs per browser tab: this Python, this warband,
    and the folder options this command was given (the environment is inherited)."""
    argv = [sys.executable, "-m", "tui"]
    for option in ("catalog_dir", "saves_dir", "config_dir"):
        value = getattr(args, option, None)
        if value:
            argv += ["--" + option.replace("_", "-"), str(value)]
    return shlex.join(argv)


def _locations(args: argparse.Namespace) -> Locations:
    from saves.locations import locations

    return locations(args.saves_dir, args.config_dir)


class _OneLine(logging.Handler):
    """textual-serve and aiohttp log their errors with tracebacks; here each is one line,
    and a bug's traceback goes to a crash log, as everywhere else in warband."""

    def __init__(self, out: TextIO, where: Locations) -> None:
        super().__init__(logging.WARNING)
        self.out = out
        self.where = where

    def emit(self, record: logging.LogRecord) -> None:
        from saves.crash_log import crash_line, write_crash_log

        try:
            error = record.exc_info[1] if record.exc_info else None
            if error is not None:
                crash = write_crash_log(error, self.where.crash_dir, "serving the app")
                line = crash_line(error, crash)
            else:
                line = f"warband serve: {record.getMessage()}"
            print(line.splitlines()[0] if line else line, file=self.out)
            self.out.flush()
        except Exception:  # logging must never raise into the server
            self.handleError(record)


def _quiet_logging(out: TextIO, where: Locations) -> None:
    handler = _OneLine(out, where)
    for name in ("textual-serve", "aiohttp"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.WARNING)
