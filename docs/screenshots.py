"""Screenshots of the built documentation, as a person would see it.

Opens pages of a built HTML tree in headless Chromium (through Playwright,
driving the system browser: ``apt-get install chromium``), checks that each
page rendered (a title, no docutils error boxes, every image loaded, nothing
wider than the page) and saves a full-page PNG of each for a person to look
at.

First it plays a whole game of the web example (``examples/web/``) by
clicks, at a desktop's size and at a phone's, and puts screenshots of it in
the HTML tree, ``_static/screenshots/web-*.png``, where the examples page
shows them (and copies in the output folder).  A build without this step
has no such pictures, and the examples page hides their place.

Run after ``python -m sphinx -W -b html docs docs/_build/html``:

    python docs/screenshots.py docs/_build/html docs/_build/screenshots

Needs the ``web`` dependency group (``pip install -e . --group web``: Playwright) and a system Chromium.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

PAGES = (
    "index",
    "two-minutes",
    "presets",
    "presets/scopa",
    "api",
    "api/events",
    "api/states",
    "examples",
    "rules",
    "quickstart",
    "concepts",
    "performance",
)


ROOT = Path(__file__).resolve().parent.parent
WEB_SERVER = ROOT / "examples" / "web" / "server.py"
# (name, viewport): a desktop browser and a phone (an iPhone 12's CSS pixels).
SIZES = (("desktop", 1280, 900), ("phone", 390, 844))
WEB_SEED = 11  # the game the screenshots show
WEB_SHOTS_AFTER = 5  # your moves before the picture of the game in play


def chromium() -> str | None:
    """The system Chromium, if there is one."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def check_page(page: object, name: str) -> list[str]:
    """What is wrong with a loaded page, as messages (none if it is fine)."""
    problems: list[str] = []
    evaluate = page.evaluate  # type: ignore[attr-defined]
    if not evaluate("document.title"):
        problems.append(f"{name}: no title")
    if evaluate("document.querySelectorAll('.system-message').length"):
        problems.append(f"{name}: a docutils error box is on the page")
    broken = evaluate(
        "Array.from(document.images)"
        ".filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
    )
    if broken:
        problems.append(f"{name}: images that did not load: {broken}")
    # Tables, examples and their output that scroll sideways are cut off at
    # the page edge (a long line of Python source may scroll; prose, tables,
    # doctests and console sessions wrap: _static/wrap.css).
    cut = evaluate(
        "Array.from(document.querySelectorAll("
        "'article .table-wrapper, article table, article .highlight-default pre,"
        " article .highlight-text pre, article .doctest pre, article .highlight-pycon pre'))"
        ".filter(e => e.scrollWidth > e.clientWidth + 1)"
        ".map(e => e.textContent.trim().slice(0, 40))"
    )
    if cut:
        problems.append(f"{name}: cut off at the right edge: {cut}")
    return problems


@contextmanager
def web_example() -> Iterator[str]:
    """The web example's server on a free localhost port, while the block
    runs: its address."""
    spec = importlib.util.spec_from_file_location("scopa_web_server", WEB_SERVER)
    assert spec is not None
    assert spec.loader is not None
    server_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(server_module)
    server = server_module.serve(0)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _settled(page: Any) -> None:
    """Wait until the page shows a game and no bot's move is pending."""
    page.wait_for_function(
        "document.body.dataset.ply !== '-1' && document.body.dataset.busy === 'false'"
    )


def _play_one(page: Any) -> None:
    """Make one move by clicks: the first choice of a first-card decision,
    else the first playable card, and the first capture the page offers
    when it asks which one."""
    ply = page.evaluate("document.body.dataset.ply")
    if page.locator("#decisions button").count():
        page.locator("#decisions button").first.click()
    else:
        page.locator("#hand .card.playable").first.click()
        page.wait_for_function(
            f"document.body.dataset.ply !== '{ply}' || pending !== null"
        )
        choice = page.evaluate("pending ? pending.choices[0] : null")
        if choice is not None:
            if not choice:
                page.locator("#hand .card.playable").first.click()  # a trail
            for card in choice:
                page.click(f"#table [data-card='{card}']")
    page.wait_for_function(f"document.body.dataset.ply !== '{ply}'")
    _settled(page)


def web_screenshots(browser: Any, html: Path, out: Path) -> list[str]:
    """Play a whole game of the web example at each size in ``SIZES``,
    saving a screenshot in play and one at the end into the HTML tree's
    ``_static/screenshots`` (and ``out``); what went wrong, as messages."""
    problems: list[str] = []
    folder = html / "_static" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    with web_example() as url:
        for name, width, height in SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{url}/?seed={WEB_SEED}&pace=0")
            _settled(page)
            moves = 0
            while not page.evaluate("game.over"):
                _play_one(page)
                moves += 1
                if moves == WEB_SHOTS_AFTER:
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(folder / f"web-{name}.png"))
                if moves > 200:
                    problems.append(f"web example ({name}): the game did not end")
                    break
            wide = page.evaluate(
                "document.documentElement.scrollWidth > window.innerWidth"
            )
            if wide:
                problems.append(f"web example ({name}): the page scrolls sideways")
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(folder / f"web-{name}-end.png"), full_page=True)
            page.close()
    for picture in sorted(folder.glob("web-*.png")):
        shutil.copy(picture, out / picture.name)
        print(f"wrote {picture}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", type=Path, help="the built HTML tree")
    parser.add_argument("out", type=Path, help="where the PNGs go")
    args = parser.parse_args()
    browser_path = chromium()
    if browser_path is None:
        print("no Chromium found: apt-get install chromium", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=browser_path, args=["--no-sandbox"]
        )
        problems += web_screenshots(browser, args.html, args.out)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for name in PAGES:
            path = args.html / f"{name}.html"
            page.goto(path.resolve().as_uri())
            page.wait_for_load_state("load")
            problems += check_page(page, name)
            target = args.out / (name.replace("/", "-") + ".png")
            page.screenshot(path=str(target), full_page=True)
            print(f"wrote {target}")
        browser.close()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
