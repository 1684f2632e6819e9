"""``warband serve`` in a real browser: the page loads, a list is built and saved with keys.

Debian's headless Chromium opens the page that ``warband serve`` serves and is driven
through the Chrome DevTools Protocol (a websocket, with aiohttp that textual-serve brings):
key events go in as a person's keys do (``Input.dispatchKeyEvent``, ``Input.insertText``
into the focused terminal), and each step waits until the screen shows what that step
should show. The screen is read from what the page's terminal is sent: a listener on the
page's own websocket collects it, and escape codes are dropped before the text is matched.
Chromium resolves no host name but 127.0.0.1 (as on a machine with no network; the page is
served there), and every request the page makes is recorded: it must only ever ask the
warband server (no CDN font or script).

As for the HTML sheet's browser test, ``.ci/run`` installs Chromium and sets
WARBAND_REQUIRE_CHROMIUM=1, so CI fails rather than skips when it is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from saves.roster_file import read_roster
from tests.helpers import HEADLESS, chromium

STEP_SECONDS = 20.0
"""Longest wait for one step to show on screen (the first start loads the catalogs)."""

QUIET_SECONDS = 0.15
"""The screen has settled after a key when nothing new was drawn for this long (a text
box's blinking cursor redraws every half second, so the screen is never still for long)."""

CAPTURE = """
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.__screen = "";
  function Capturing(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        window.__screen += decoder.decode(new Uint8Array(event.data), { stream: true });
      }
    });
    return socket;
  }
  Capturing.prototype = Native.prototype;
  Object.assign(Capturing, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Capturing;
})();
"""
"""Run before the page's own scripts: every screen update the terminal is sent is also
appended to ``window.__screen``."""

ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")

NAMED = {  # key, code, Windows key code, modifiers (2: Ctrl)
    "enter": ("Enter", "Enter", 13, 0),
    "tab": ("Tab", "Tab", 9, 0),
    "ctrl+s": ("s", "KeyS", 83, 2),
}


@dataclass
class DevTools:
    """One page of a headless Chromium, over the DevTools protocol."""

    socket: aiohttp.ClientWebSocketResponse
    events: list[dict[str, Any]] = field(default_factory=list)
    _replies: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _next: int = 0

    async def listen(self) -> None:
        async for message in self.socket:
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._replies:
                self._replies.pop(data["id"]).set_result(data)
            else:
                self.events.append(data)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[self._next] = reply
        await self.socket.send_json({"id": self._next, "method": method, "params": params})
        data = await asyncio.wait_for(reply, STEP_SECONDS)
        assert "error" not in data, (method, data["error"])
        result: dict[str, Any] = data["result"]
        return result

    async def evaluate(self, expression: str) -> Any:
        reply = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return reply["result"].get("value")

    async def screen(self) -> str:
        """Everything the terminal was sent so far, as plain text."""
        return ESCAPES.sub("", str(await self.evaluate("window.__screen || ''")))

    async def press(self, *keys: str) -> None:
        """Named keys (``enter``, ``ctrl+s``) as key events; anything else typed as text."""
        for key in keys:
            if key in NAMED:
                name, code, number, modifiers = NAMED[key]
                common = {
                    "key": name,
                    "code": code,
                    "windowsVirtualKeyCode": number,
                    "modifiers": modifiers,
                }
                await self.call("Input.dispatchKeyEvent", type="rawKeyDown", **common)
                await self.call("Input.dispatchKeyEvent", type="keyUp", **common)
            else:
                await self.call("Input.insertText", text=key)
            await self.settled()

    async def settled(self) -> None:
        """Wait until the screen stops changing, as a person looks before the next key.

        A key that moves the focus (``/`` to the search box) takes effect a moment later:
        letters sent with it, faster than anyone types, would land on the old focus."""
        seen, since = -1, time.monotonic()

        async def quiet() -> bool:
            nonlocal seen, since
            now = len(await self.screen())
            if now != seen:
                seen, since = now, time.monotonic()
            return time.monotonic() - since >= QUIET_SECONDS

        await until("the screen to settle", quiet)


async def until(what: str, check: Callable[[], Awaitable[bool]]) -> None:
    """Wait for ``check`` to hold, polling, at most ``STEP_SECONDS``."""
    deadline = time.monotonic() + STEP_SECONDS
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def shows(page: DevTools, pattern: str, since: int) -> None:
    """Wait until the screen, after its first ``since`` characters, matches ``pattern``."""

    async def check() -> bool:
        return re.search(pattern, (await page.screen())[since:]) is not None

    try:
        await until(repr(pattern), check)
    except AssertionError:
        shown = (await page.screen())[since:][-3000:]
        raise AssertionError(f"{pattern!r} not on screen; it shows:\n{shown}") from None


async def step(page: DevTools, *keys: str, then: str) -> None:
    """Press keys, then wait until the screen shows ``then``."""
    since = len(await page.screen())
    await page.press(*keys)
    await shows(page, then, since)


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a process started in its own session: ask it first, so it ends and reaps what
    it started (the app processes, Chromium's helpers), then kill what is left of it."""
    process.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


@contextlib.asynccontextmanager
async def warband_serve(root: Path) -> AsyncIterator[str]:
    """``warband serve --port 0`` with every folder under ``root``; yields the page's URL."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui",
            "--saves-dir",
            str(root / "saves"),
            "--config-dir",
            str(root / "config"),
            "--catalog-dir",
            str(root / "catalogs"),
            "serve",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), STEP_SECONDS)
        found = re.search(r"http://127\.0\.0\.1:\d+", line.decode())
        assert found, line
        yield found.group(0)
    finally:
        stop(process)


@contextlib.asynccontextmanager
async def headless_chromium(profile: Path) -> AsyncIterator[DevTools]:
    """A headless Chromium with one blank page, its DevTools on a port it picks itself."""
    process = subprocess.Popen(
        [
            chromium(),
            *HEADLESS,
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # offline
            "--remote-debugging-port=0",
            "--window-size=1000,700",
            f"--user-data-dir={profile}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    listening: asyncio.Task[None] | None = None
    try:
        port_file = profile / "DevToolsActivePort"

        async def started() -> bool:
            return port_file.is_file() and len(port_file.read_text().splitlines()) >= 2

        await until("Chromium's DevTools port", started)
        port = port_file.read_text().splitlines()[0]
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/json/list") as reply:
                targets = await reply.json()
            page_url = next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"]
            async with session.ws_connect(page_url, max_msg_size=0) as socket:
                page = DevTools(socket)
                listening = asyncio.create_task(page.listen())
                yield page
    finally:
        if listening is not None:
            listening.cancel()
        stop(process)


async def test_a_list_built_and_saved_in_the_browser(tmp_path: Path) -> None:
    saved = tmp_path / "saves" / "gangers.toml"
    async with (
        warband_serve(tmp_path) as url,
        headless_chromium(tmp_path / "profile") as page,
    ):
        await page.call("Network.enable")
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE)
        await page.call("Page.navigate", url=url)
        await shows(page, r"New list \(n\)", 0)  # the home screen
        # the terminal is shown (the page's own sign), fills the window, in its own font
        assert await page.evaluate("document.body.classList.contains('-first-byte')")
        width = "document.querySelector('.xterm-screen').getBoundingClientRect().width"
        assert await page.evaluate(width) > 900
        fonts = "[...document.fonts].filter(f => f.status == 'loaded').map(f => f.family)"
        families = [str(f).strip('"') for f in await page.evaluate(fonts)]
        assert "Roboto Mono" in families
        await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await step(page, "n", then="Points limit")  # the new-list dialog
        await step(page, "enter", then="Choose a faction")
        await step(page, "g", "enter", then=r"Gangers +▼")  # picked, the list closed
        await step(page, "tab", "tab", "enter", then=r"Chief +70")  # the builder
        await step(page, "/", "chief", "enter", then="1. Chief")
        await step(page, "ctrl+s", then="gangers.toml")  # the save dialog proposes it
        await page.press("enter")

        async def on_disk() -> bool:
            return saved.is_file()

        await until(f"{saved} to be written", on_disk)
        requests = [
            e["params"]["request"]["url"]
            for e in page.events
            if e.get("method") == "Network.requestWillBeSent"
        ]
    roster, _ = read_roster(saved)
    assert (roster.system, roster.faction, roster.points_limit) == (
        "punkapocalyptic",
        "gangers",
        500,
    )
    assert [u.unit for u in roster.units] == ["chief"]
    # the page, its script, styles and font: all from warband's own server, nothing else
    assert requests and all(r.startswith(url + "/") for r in requests), requests


async def test_the_footer_shows_its_keys_before_any_input(tmp_path: Path) -> None:
    """On a tablet the footer is the only guide to the keys: it shows them as the page
    opens, before any tap or key. History: issue 31; it stayed empty until the first input,
    the web driver telling the app it is not focused until then."""
    async with (
        warband_serve(tmp_path) as url,
        headless_chromium(tmp_path / "profile") as page,
    ):
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE)
        await page.call("Page.navigate", url=url)
        await shows(page, r"New list \(n\)", 0)  # the home screen
        await shows(page, r"f1 +Help +n +New list +o +Open", 0)  # and its footer
