"""``warband serve`` on the command line: bad input, the network warning, who may connect,
and Ctrl+C. (The browser test, ``tests/tui/test_serve_browser.py``, builds a list in it.)"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from tui.cli import main

WAIT_SECONDS = 20.0


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("port", ["70000", "-1", "eighty"])
def test_a_port_out_of_range_is_one_line_and_exit_2(port: str) -> None:
    code, out, err = run("serve", "--port", port)
    assert (code, out) == (2, "")
    assert err == (
        f"--port must be a number from 1 to 65535 (or 0 for any free port), got '{port}'\n"
    )


def test_an_address_not_on_this_machine_is_one_line_and_exit_2() -> None:
    code, out, err = run("serve", "--host", "192.0.2.1", "--port", "0")  # TEST-NET-1
    assert (code, out) == (2, "")
    assert err == "cannot serve on 192.0.2.1: cannot assign requested address\n"


def test_a_port_in_use_is_one_line_and_exit_2() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        code, out, err = run("serve", "--port", str(port))
    assert (code, out) == (2, "")
    assert err == (
        f"cannot serve on 127.0.0.1 port {port}: the port is in use (by another warband "
        "serve?); pick another with --port\n"
    )


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    lines: list[str]
    """What the command printed up to and including its address line."""
    url: str


@contextlib.asynccontextmanager
async def serving(*options: str) -> AsyncIterator[Served]:
    """``warband serve --port 0 OPTIONS`` in its own session; Ctrl+C and wait at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tui", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        while not lines or "http://" not in lines[-1]:
            line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 20)
            assert line, lines
            lines.append(line.decode().rstrip("\n"))
        port = re.search(r":(\d+) ", lines[-1])
        assert port, lines
        yield Served(process, lines, f"http://127.0.0.1:{port.group(1)}")
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=WAIT_SECONDS)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


async def test_on_this_machine_it_says_where_without_a_warning() -> None:
    async with serving() as served, aiohttp.ClientSession() as client:
        assert len(served.lines) == 1
        assert re.fullmatch(
            r"warband in a browser: http://127\.0\.0\.1:\d+ \(Ctrl\+C stops it\)", served.lines[0]
        )
        async with client.get(served.url + "/") as page:
            assert page.status == 200
            html = await page.text()
        # every address in the page is on this server: no CDN font or script
        assert re.findall(r"[a-z]+://[^\"' ]*", html) == [
            served.url.replace("http:", "ws:") + "/ws"
        ]
        for path in re.findall(r'(?:href|src)="(/[^"]+)"', html):
            async with client.get(served.url + path) as resource:
                assert resource.status == 200, path


async def test_another_address_warns_that_the_network_can_use_it() -> None:
    async with serving("--host", "0.0.0.0") as served:
        assert served.lines[0] == (
            "warning: 0.0.0.0 can be reached from other machines: anyone on the network can "
            "use warband and every file it can read or write"
        )
        assert re.fullmatch(
            r"warband in a browser: http://\S+:\d+ \(Ctrl\+C stops it\)", served.lines[1]
        )


async def test_another_name_for_this_machine_is_refused() -> None:
    """A stranger's DNS name pointed at 127.0.0.1 (DNS rebinding) reaches nothing."""
    async with serving() as served, aiohttp.ClientSession() as client:
        port = served.url.rsplit(":", 1)[1]
        async with client.get(served.url + "/", headers={"Host": f"evil.example:{port}"}) as page:
            assert page.status == 421
        async with client.get(f"http://localhost:{port}/") as page:
            assert page.status == 200


async def test_only_its_own_page_may_open_a_session() -> None:
    async with serving() as served, aiohttp.ClientSession() as client:
        ws = served.url.replace("http:", "ws:") + "/ws"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(ws, headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        async with client.ws_connect(ws, headers={"Origin": served.url}) as session:
            first = await session.receive(timeout=WAIT_SECONDS)
            assert first.type == aiohttp.WSMsgType.BINARY


async def test_ctrl_c_ends_every_app_it_started() -> None:
    crashes = Path(os.environ["WARBAND_STATE_DIR"]) / "crashes"
    async with serving() as served, aiohttp.ClientSession() as client:
        ws = served.url.replace("http:", "ws:") + "/ws?width=80&height=24"
        async with client.ws_connect(ws, headers={"Origin": served.url}) as session:
            drawn = b""
            while b"New list" not in drawn:  # the app's home screen is up
                drawn += await session.receive_bytes(timeout=WAIT_SECONDS)
            served.process.send_signal(signal.SIGINT)
            code = await asyncio.to_thread(served.process.wait, WAIT_SECONDS)
            assert code == 0
            with pytest.raises(ProcessLookupError):  # nothing of its session is left
                os.killpg(served.process.pid, 0)
    assert not crashes.exists() or not list(crashes.iterdir())  # the app quit cleanly


async def test_a_garbled_message_ends_its_session_with_one_line() -> None:
    async with serving() as served, aiohttp.ClientSession() as client:
        ws = served.url.replace("http:", "ws:") + "/ws"
        async with client.ws_connect(ws, headers={"Origin": served.url}) as session:
            await session.receive(timeout=WAIT_SECONDS)
            await session.send_str('["stdin", 42]')  # keys must be text
            while (await session.receive(timeout=WAIT_SECONDS)).type != aiohttp.WSMsgType.CLOSE:
                pass
        served.process.send_signal(signal.SIGINT)
        assert await asyncio.to_thread(served.process.wait, WAIT_SECONDS) == 0
        assert served.process.stdout is not None
        rest = served.process.stdout.read().decode()
    assert rest == (
        "warband serve: a browser sent a message warband cannot read: its session ended\n"
    )
