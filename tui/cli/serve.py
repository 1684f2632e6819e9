"""``warband serve``: the same app in a browser, for a table with a tablet and no terminal.

textual-serve does the work: each browser tab gets its own app process (``python -m tui``
with this command's folder options, so it sees the same catalogs, saves and settings as
``warband`` would) and a websocket that carries the keys in and the screen out to
xterm.js in the page. Three things are ours:

- The page. textual-serve's own template loads its font from Google's CDN; this one uses
  the Roboto Mono that textual-serve ships in its static folder, so the app works with no
  network at all (a test checks that the browser asks nothing of any other address).
- The sockets. They are bound here, before the server starts, so a port in use or a host
  that does not resolve is one clear line and exit code 2, not a traceback from aiohttp.
- The doors. Any web page a player visits may try to open a websocket to localhost, or
  reach it through a DNS name that points there; the websocket must come from our own page
  (its ``Origin``), and on a loopback address only loopback names are answered. Bound to
  another address the app is open to the network, and the command says so.
"""

from __future__ import annotations

import argparse
import errno
import html
import ipaddress
import logging
import os
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from string import Template
from typing import TYPE_CHECKING, TextIO

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from model.core.problems import WarbandError

if TYPE_CHECKING:
    from saves.locations import Locations

log = logging.getLogger("textual-serve")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

SHUTDOWN_SECONDS = 3.0
"""How long Ctrl+C waits for requests still running (a download) once the sessions ended."""
FONT_SIZES = range(6, 49)
"""``?fontsize=N`` in the page's address: a phone needs small letters to fit 80 columns."""


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


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


def _all_loopback(sockets: Sequence[socket.socket]) -> bool:
    return all(_is_loopback(s.getsockname()[0]) for s in sockets)


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


PAGE = Template("""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>warband</title>
<link rel="preload" href="/static/fonts/RobotoMono-VariableFont_wght.ttf" as="font"
  type="font/ttf" crossorigin>
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
@font-face {
  font-family: "Roboto Mono";
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
  font-weight: 100 700;
}
html, body { margin: 0; height: 100%; background: #0c181f; overflow: hidden; }
.textual-terminal { position: absolute; inset: 0; }
.ended {
  display: none; position: absolute; inset: 0; z-index: 10; align-items: center;
  justify-content: center; flex-direction: column; gap: 16px; background: #0c181f;
  color: #eee; font: 16px "Roboto Mono", monospace;
}
body.-closed .ended { display: flex; }
.ended button { font: inherit; padding: 8px 24px; }
</style>
<script src="/static/js/textual.js"></script>
</head>
<body>
<div class="ended"><div>warband has ended.</div>
<button type="button" onclick="location.reload()">Start again</button></div>
<div class="textual-terminal" data-session-websocket-url="$websocket"
  data-font-size="$font_size"></div>
</body>
</html>
""")
"""The page: textual-serve's script and styles from its static folder, nothing else."""


class WarbandServer(Server):
    """textual-serve's server with our page and our checks on who may connect."""

    def __init__(self, command: str, *, loopback_only: bool) -> None:
        super().__init__(command, title="warband")
        self.loopback_only = loopback_only
        """Bound to loopback addresses only: answer loopback names only."""
        self.sessions: dict[web.WebSocketResponse, AppService] = {}
        """The open browser sessions, one app process each."""

    def make_app(self) -> web.Application:
        """The routes: our page, textual-serve's websocket, downloads and static files."""
        app = web.Application(middlewares=[self.check_host])
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/ws", self.websocket),
                web.get("/download/{key}", self.handle_download),
                web.static("/static", self.statics_path),
            ]
        )
        app.on_shutdown.append(self.close_sessions)
        return app

    @web.middleware
    async def check_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """On a loopback address only loopback names are answered: a DNS name that a
        stranger points at 127.0.0.1 must not reach the app from their page."""
        if self.loopback_only and not _is_loopback_name(request.url.host or ""):
            raise web.HTTPMisdirectedRequest(text="warband serves this machine only\n")
        return await handler(request)

    async def page(self, request: web.Request) -> web.Response:
        """The page, pointing its websocket at the address the browser used."""
        scheme = "wss" if request.secure else "ws"
        try:
            font_size = int(request.query.get("fontsize", "16"))
        except ValueError:
            font_size = 16
        text = PAGE.substitute(
            {
                "websocket": html.escape(f"{scheme}://{request.host}/ws", quote=True),
                "font_size": font_size if font_size in FONT_SIZES else 16,
            }
        )
        return web.Response(text=text, content_type="text/html")

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        """A session, only from our own page: a browser sends the page's origin with every
        websocket, and another site's page must not drive the app."""
        origin = request.headers.get("Origin")
        if origin is not None and origin not in _own_origins(request):
            raise web.HTTPForbidden(text="warband's websocket is for its own page\n")
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        session = web.WebSocketResponse(heartbeat=15)
        await session.prepare(request)

        async def close() -> None:  # the app quit: the page says so and offers a new one
            await session.close()

        service = AppService(
            self.command,
            write_bytes=session.send_bytes,
            write_str=session.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        self.sessions[session] = service
        try:
            await service.start(width, height)
            await self._process_messages(session, service)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, AssertionError):
            log.warning("a browser sent a message warband cannot read: its session ended")
        finally:
            self.sessions.pop(session, None)
            await service.stop()  # tells the app to quit and waits for it
        return session

    async def close_sessions(self, app: web.Application) -> None:
        """On Ctrl+C: end every session now, so each app quits (its unsaved list stays
        in the recovery folder) and no app process outlives the server."""
        for session, service in list(self.sessions.items()):
            await session.close(code=WSCloseCode.GOING_AWAY, message=b"warband serve stopped")
            await service.stop()
            if service._process is not None:  # reaped here, before the server is gone
                await service._process.wait()


def _size(text: str | None, default: int) -> int:
    """A terminal size from the page's address, within what the app can draw."""
    try:
        return min(max(int(text or default), 10), 1000)
    except ValueError:
        return default


def _is_loopback_name(host: str) -> bool:
    return host.lower().rstrip(".") == "localhost" or _is_loopback(host.strip("[]"))


def _own_origins(request: web.Request) -> tuple[str, ...]:
    return tuple(f"{scheme}://{request.host}" for scheme in ("http", "https"))
