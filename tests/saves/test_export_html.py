"""The printable HTML sheet: golden file, self-contained, and drawn by a real browser.

The browser test uses Debian's Chromium (``.ci/run`` installs it when missing and sets
WARBAND_REQUIRE_CHROMIUM=1, so CI never skips it; elsewhere it is skipped with the
reason when no Chromium is installed). It renders the sheet of every bundled band at
the printable width of an A4 page and checks that nothing is wider than the page.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from model.roster.validate import validate
from saves.export_html import to_html
from saves.list_export import build_export
from saves.roster_file import read_roster, resolve
from saves.share_code import encode
from tests.conftest import FIXTURES
from tests.helpers import HEADLESS, bundled, chromium

ROSTERS = FIXTURES / "rosters"
GOLDEN = FIXTURES / "exports"
BANDS = sorted(ROSTERS.glob("*/legal-500.toml"))
A4_PRINTABLE_PX = 718
"""A4 is 210 mm wide; less the sheet's 10 mm print margins, 190 mm at 96 px per inch."""


def sheet(path: Path) -> str:
    roster, source = read_roster(path)
    view = resolve(roster, source, lambda _: bundled())
    return to_html(build_export(roster, view, validate(view, roster)), encode(roster))


def test_golden_file() -> None:
    text = sheet(ROSTERS / "gangers" / "legal-500.toml")
    golden = GOLDEN / "rust-rats.html"
    if os.environ.get("WARBAND_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_self_contained_and_inert(path: Path) -> None:
    text = sheet(path)
    assert "<script" not in text and "<link" not in text and "<img" not in text
    assert not re.search(r"(src|href)\s*=|url\(|@import", text)
    assert "@media print" in text and "@page" in text


def test_list_text_is_escaped() -> None:
    roster, source = read_roster(ROSTERS / "gangers" / "legal-500.toml")
    view = resolve(roster, source, lambda _: bundled())
    roster = roster.model_copy(update={"name": "<script>alert(1)</script> & co"})
    text = to_html(build_export(roster, view, validate(view, roster)), encode(roster))
    assert "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in text


def headless(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Chromium as the machine's notes advise: no sandbox (root), no GPU, no network."""
    return subprocess.run(
        [
            browser,
            *HEADLESS,
            f"--user-data-dir={profile}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("path", BANDS, ids=lambda p: p.parent.name)
def test_chromium_draws_it_within_an_a4_page_width(path: Path, tmp_path: Path) -> None:
    browser = chromium()
    page = tmp_path / "sheet.html"
    # The sheet has no scripts; this copy gets one that reports the page's widths.
    probe = "<script>document.title = document.documentElement.scrollWidth + 'x' + innerWidth"
    page.write_text(sheet(path).replace("</body>", probe + "</script></body>"), "utf-8")
    size = f"--window-size={A4_PRINTABLE_PX},1100"
    dom = headless(browser, tmp_path / "profile", size, "--dump-dom", page.as_uri())
    found = re.search(r"<title>(\d+)x(\d+)</title>", dom.stdout)
    assert found, dom.stderr[-2000:]
    scroll, inner = int(found.group(1)), int(found.group(2))
    assert inner == A4_PRINTABLE_PX
    assert scroll <= inner, f"the sheet is {scroll}px wide on a {inner}px page"
    png = tmp_path / "sheet.png"
    shot = headless(browser, tmp_path / "profile", size, f"--screenshot={png}", page.as_uri())
    assert png.is_file() and png.stat().st_size > 10_000, shot.stderr[-2000:]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    plain = tmp_path / "plain.html"
    plain.write_text(sheet(path), encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    profile = tmp_path / "profile"
    printed = headless(
        browser, profile, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", plain.as_uri()
    )
    assert pdf.is_file() and pdf.read_bytes()[:5] == b"%PDF-", printed.stderr[-2000:]
    # printed on A4 (595.3 x 841.9 points), as the sheet's @page asks
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    assert boxes
    for width, height in boxes:
        assert abs(float(width) - 595.3) < 1 and abs(float(height) - 841.9) < 1
