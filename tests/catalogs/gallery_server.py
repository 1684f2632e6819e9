"""A BSData gallery served on 127.0.0.1 for the tests, never the internet.

``GalleryServer`` is a standard-library HTTP server in a thread that serves what a test
puts on it (``serve``): a body, or a fault (a slow answer, a connection cut half-way,
an endless body, a redirect). ``publish`` puts a whole gallery on it like BSData's: the
gallery JSON, Gaslands' ``catpkg.json`` and its ``.gstz``/``.catz``, zipped at test time
from ``../shared/bsdata/gaslands`` (the project holds no copy), with ``sourceSha256`` of
each file's content, at a version and with its files' text edited as a test asks (a
newer revision, a changed cost).
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.model.bsdata.shared_data import BSDATA

CAR_COST = '<cost name=" Cans" typeId="91a9-beed-6d55-d7ea" value="12.0"/>'
"""The Car's cost in Gaslands.gst (line 421): the first cost after its entry."""


@dataclass
class Route:
    """What one path answers."""

    body: bytes
    status: int = 200
    delay: float = 0.0
    """Seconds to wait before answering (a slow server)."""
    cut: bool = False
    """Say the whole length, send half, close (a connection cut half-way)."""
    endless: bool = False
    """Send the body again and again with no length, until the client goes."""
    location: str | None = None


class GalleryServer:
    """Routes by path, the requests seen, and the address of each path."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.seen: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.seen.append(self.path)
                route = server.routes.get(self.path)
                if route is None:
                    self.send_error(404)
                    return
                time.sleep(route.delay)
                self.send_response(route.status)
                if route.location is not None:
                    self.send_header("Location", route.location)
                if not route.endless:
                    self.send_header("Content-Length", str(len(route.body)))
                self.end_headers()
                try:
                    if route.endless:
                        for _ in range(10_000):
                            self.wfile.write(route.body)
                    elif route.cut:
                        self.wfile.write(route.body[: len(route.body) // 2])
                        self.wfile.flush()
                        self.close_connection = True
                    else:
                        self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_port}/{path.lstrip('/')}"

    def serve(self, path: str, body: bytes | str, **how: Any) -> str:
        """Answer ``path`` with ``body`` (as ``how`` says); its address."""
        data = body.encode() if isinstance(body, str) else body
        self.routes["/" + path.lstrip("/")] = Route(data, **how)
        return self.url(path)

    def publish(
        self,
        version: str = "v1.0.0",
        *,
        edit: Callable[[str, str], str] | None = None,
        sha: bool = True,
        extra_games: tuple[dict[str, Any], ...] = (),
    ) -> str:
        """Gaslands at ``version`` (each file's text passed through ``edit(name, text)``),
        its package and the gallery listing it; the gallery's address."""
        files = []
        sources = (BSDATA / "gaslands").iterdir()
        for source in sorted(p for p in sources if p.suffix in (".gst", ".cat")):
            text = source.read_text(encoding="utf-8")
            if edit is not None:
                text = edit(source.name, text)
            content = text.encode()
            name = source.name + "z"
            self.serve(f"gaslands/{version}/{name}", zipped(source.name, content))
            entry: dict[str, Any] = {
                "id": _attribute(text, "id"),
                "name": _attribute(text, "name"),
                "type": "gamesystem" if source.suffix == ".gst" else "catalogue",
                "revision": int(_attribute(text, "revision")),
                "battleScribeVersion": "2.03",
                "fileUrl": self.url(f"gaslands/{version}/{name}"),
            }
            if sha:
                entry["sourceSha256"] = hashlib.sha256(content).hexdigest().upper()
            files.append(entry)
        package = {
            "name": "gaslands",
            "description": "Gaslands",
            "battleScribeVersion": "2.03",
            "version": version,
            "lastUpdated": "2025-03-14T10:00:00.000Z",
            "repositoryUrl": self.url("gaslands/catpkg.json"),
            "repositoryFiles": files,
        }
        self.serve("gaslands/catpkg.json", json.dumps(package))
        games = [
            {key: value for key, value in package.items() if key != "repositoryFiles"},
            *extra_games,
        ]
        gallery = {
            "name": "BSData Gallery",
            "repositorySourceUrl": self.url("gallery.json"),
            "repositories": games,
        }
        return self.serve("gallery.json", json.dumps(gallery))


def zipped(name: str, content: bytes) -> bytes:
    """``content`` as the one file ``name`` of a zip archive, as BattleScribe zips."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, content)
    return buffer.getvalue()


def _attribute(text: str, name: str) -> str:
    """An attribute of the root element (the second tag, after the declaration)."""
    root = text[text.index("<", text.index("?>")) : text.index(">", text.index("?>") + 2)]
    start = root.index(f' {name}="') + len(name) + 3
    return root[start : root.index('"', start)]


def newer(version: str = "v1.1.0", car: str = "15.0") -> dict[str, Any]:
    """``publish``'s arguments for a newer release: the game system's revision 26, the
    Car at ``car`` cans."""

    def edit(name: str, text: str) -> str:
        if name != "Gaslands.gst":
            return text
        text = text.replace('revision="25"', 'revision="26"', 1)
        return text.replace(CAR_COST, CAR_COST.replace("12.0", car), 1)

    return {"version": version, "edit": edit}
