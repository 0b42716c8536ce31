"""Screenshots of the built documentation, as a person would see it.

Opens pages of a built HTML tree in headless Chromium (through Playwright,
driving the system browser: ``apt-get install chromium``), checks that each
page rendered (a title, no docutils error boxes, every image loaded, nothing
wider than the page) and saves a full-page PNG of each for a person to look
at.

Run after ``python -m sphinx -W -b html docs docs/_build/html``:

    python docs/screenshots.py docs/_build/html docs/_build/screenshots

Needs the ``web`` dependency group (``pip install -e . --group web``: Playwright) and a system Chromium.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

PAGES = ("index", "presets", "presets/scopa", "api", "rules", "concepts", "performance")


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
    # Tables and text blocks that scroll sideways are cut off at the page
    # edge (a long line of example code may scroll; prose and tables not).
    cut = evaluate(
        "Array.from(document.querySelectorAll("
        "'article .table-wrapper, article table, article .highlight-default pre, article .highlight-text pre'))"
        ".filter(e => !e.textContent.trimStart().startsWith('>>>'))"
        ".filter(e => e.scrollWidth > e.clientWidth + 1)"
        ".map(e => e.textContent.trim().slice(0, 40))"
    )
    if cut:
        problems.append(f"{name}: cut off at the right edge: {cut}")
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
