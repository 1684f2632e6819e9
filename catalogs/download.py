"""Downloads from the BSData gallery: HTTPS, time-outs, a byte cap, one clear sentence.

The standard library's ``urllib.request`` is enough, and chosen over a client such as
``httpx`` or ``requests``: warband makes a few plain GET requests, one at a time, from
a command or a worker thread; ``urllib`` verifies certificates with the system's
(``ssl.create_default_context``), honours ``HTTPS_PROXY``/``NO_PROXY`` and the
platform's proxy settings, and follows redirects (BSData's release files redirect to
GitHub's storage), which is all a download here needs, with no dependency to keep up.

What is refused, each as a ``GalleryError`` of one sentence naming the address:

- any address but ``https://``, except ``http://`` to this machine (``127.0.0.1``,
  ``localhost``, ``::1``): a gallery served locally (a mirror, the tests). A plain
  HTTP download from the network could be changed on the way, and most BSData files
  carry no hash to catch it. A redirect is held to the same rule, so an HTTPS address
  cannot hand the download to plain HTTP;
- a server that does not answer, or stops sending, for ``timeout`` seconds (each wait
  for the server, not the whole download: a big file on a slow line still arrives);
- a body over its cap (``limit``): refused as soon as the server says it is bigger
  (``Content-Length``) or as soon as more bytes than the cap have come, so a server
  that never stops costs at most the cap;
- a connection cut before the body is whole (``Content-Length`` or chunked framing
  says so), an HTTP error status, a name that does not resolve (offline), a
  certificate that does not verify.

``progress`` is told the bytes received so far and the size when the server gives it,
after every piece; it may raise to stop the download (the app's Cancel).
"""

from __future__ import annotations

import http.client
import socket
import ssl
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import IO
from urllib.parse import urlsplit

from model.bsdata.catpkg import GalleryError

TIMEOUT = 30.0
"""Seconds to wait for the server each time (to connect, for each piece)."""

PIECE = 65_536
"""Bytes read at a time: the cap is checked, and progress told, after each."""

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The hosts plain ``http://`` is allowed to: this machine."""

USER_AGENT = "warband (BSData gallery client)"

Progress = Callable[[int, int | None], None]
"""Told (bytes received, size or None) as a download goes on."""


def url_problem(url: str) -> str | None:
    """Why warband will not download from ``url``, or None when it will."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return "it is not a web address"
    if parts.scheme == "https" and host:
        return None
    if parts.scheme == "http" and host in LOCAL_HOSTS:
        return None
    if parts.scheme == "http":
        return "it is plain http://, which warband uses only on this machine: use https://"
    return "warband downloads only from https:// addresses"


def fetch(
    url: str,
    limit: int,
    *,
    timeout: float = TIMEOUT,
    progress: Progress | None = None,
    over: str | None = None,
) -> bytes:
    """The body at ``url``, at most ``limit`` bytes, or ``GalleryError`` saying why not
    (``over``: what to say of a body over the limit, when the limit is not the file's
    own cap but what is left of a larger one)."""
    refused = url_problem(url)
    if refused is not None:
        raise _failed(url, f"not downloaded: {refused}")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    try:
        with _opener(url).open(request, timeout=timeout) as response:
            return _body(url, response, limit, progress, over)
    except GalleryError:
        raise
    except urllib.error.HTTPError as exc:
        raise _failed(url, f"the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise _failed(url, _reason(exc.reason)) from None
    except http.client.IncompleteRead:
        raise _failed(url, _CUT) from None
    except TimeoutError:
        raise _failed(url, f"the server did not answer within {timeout:g} seconds") from None
    except (http.client.HTTPException, OSError, ValueError) as exc:
        raise _failed(url, _reason(exc)) from None


_CUT = "the connection was cut before the whole file came"


def _body(
    url: str, response: IO[bytes], limit: int, progress: Progress | None, over: str | None
) -> bytes:
    """Read ``response`` a piece at a time under ``limit``."""
    size = _size(response)
    if size is not None and size > limit:
        raise _failed(url, over or f"it is {size:,} bytes, over the {limit:,} warband downloads")
    pieces: list[bytes] = []
    got = 0
    while piece := response.read(PIECE):
        got += len(piece)
        if got > limit:
            raise _failed(url, over or f"it is over the {limit:,} bytes warband downloads")
        pieces.append(piece)
        if progress is not None:
            progress(got, size)
    if size is not None and got < size:
        raise _failed(url, _CUT)
    return b"".join(pieces)


def _size(response: IO[bytes]) -> int | None:
    """The size the server says (``Content-Length``), or None."""
    headers = getattr(response, "headers", None)
    said = headers.get("Content-Length") if headers is not None else None
    try:
        return int(said) if said is not None else None
    except ValueError:
        return None


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed only to addresses ``url_problem`` allows."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        refused = url_problem(newurl)
        if refused is not None:
            raise _failed(req.full_url, f"it redirects to {newurl}, and {refused}")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener(url: str) -> urllib.request.OpenerDirector:
    """An opener with the system's certificates, the environment's proxies (none for
    this machine: a proxy cannot reach the player's own 127.0.0.1) and the redirect
    rule; built per download, so a changed proxy setting is seen."""
    context = ssl.create_default_context()
    local = urlsplit(url).hostname in LOCAL_HOSTS
    return urllib.request.build_opener(
        urllib.request.HTTPSHandler(context=context),
        urllib.request.ProxyHandler({} if local else None),
        _Redirects(),
    )


def _reason(reason: object) -> str:
    """Why a connection failed, in a player's words."""
    if isinstance(reason, TimeoutError):
        return "the server did not answer in time"
    if isinstance(reason, socket.gaierror):
        return "its host cannot be found (are you offline?)"
    if isinstance(reason, ssl.SSLCertVerificationError):
        return f"its certificate cannot be trusted ({reason.verify_message})"
    if isinstance(reason, ConnectionRefusedError):
        return "the server refused the connection"
    if isinstance(reason, ConnectionResetError | ConnectionAbortedError | BrokenPipeError):
        return _CUT
    text = " ".join(str(reason).split())[:160]
    return text or type(reason).__name__


def _failed(url: str, why: str) -> GalleryError:
    """One sentence: the address and why (an address is capped: it may come from a
    stranger's gallery)."""
    shown = url if len(url) <= 300 else url[:299] + "…"
    return GalleryError(f"could not download {shown}: {why}")
