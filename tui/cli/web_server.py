"""The web server of ``warband serve``: textual-serve's server with our page and our doors.

Apart from the command (``tui/cli/serve.py``), which binds the sockets and runs this
server on them. Two of the things ``warband serve`` adds to textual-serve are here:

- The page. textual-serve's own template loads its font from Google's CDN; this one uses
  the Roboto Mono that textual-serve ships in its static folder, so the app works with no
  network at all (a test checks that the browser asks nothing of any other address).
- The doors. Any web page a player visits may try to open a websocket to localhost, or
  reach it through a DNS name that points there; the websocket must come from our own page
  (its ``Origin``), and on a loopback address only loopback names are answered.
"""

from __future__ import annotations

import html
import ipaddress
import logging
from collections.abc import Awaitable, Callable
from string import Template

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

log = logging.getLogger("textual-serve")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

FONT_SIZES = range(6, 49)
"""``?fontsize=N`` in the page's address: a phone needs small letters to fit 80 columns."""


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
    return host.lower().rstrip(".") == "localhost" or is_loopback(host.strip("[]"))


def _own_origins(request: web.Request) -> tuple[str, ...]:
    return tuple(f"{scheme}://{request.host}" for scheme in ("http", "https"))


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False
