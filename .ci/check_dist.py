"""Check the sdist and the wheel that ``python -m build`` wrote to DIST.

Usage: ``python .ci/check_dist.py DIST``.  Exits non-zero, listing every
slip, when the version disagrees with pyproject.toml, when the sdist lacks a
file a build from it (or a reader of it) needs, or when the wheel lacks a
data file, ships a test or a C source, or its metadata lacks what PyPI shows.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from email.parser import HeaderParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What building a wheel from the sdist needs, and what a person reads in it.
SDIST_FILES = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "src/scopa_rules/_compiled.py",
    "src/scopa_rules/schema.json",
    "src/scopa_rules/py.typed",
)
# Tracked folders whose every file the sdist carries (the examples ship in it).
SDIST_FOLDERS = ("src", "examples", "tests", "docs", "benchmarks")
WHEEL_FILES = (
    "scopa_rules/__init__.py",
    "scopa_rules/__main__.py",
    "scopa_rules/py.typed",
    "scopa_rules/schema.json",
    "scopa_rules/adapters/__init__.py",
    "scopa_rules/_play/__init__.py",
    "scopa_rules/_moved.py",
)
PROJECT_URLS = ("Documentation", "Source", "Changelog", "Issues")


def tracked(folder: str) -> set[str]:
    listed = subprocess.run(
        ["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True
    )
    return set(listed.stdout.split())


def check_sdist(path: Path, version: str) -> list[str]:
    top = f"scopa_rules-{version}/"
    with tarfile.open(path) as archive:
        names = {
            name.removeprefix(top) for name in archive.getnames() if name != top[:-1]
        }
    slips = [f"sdist lacks {name}" for name in SDIST_FILES if name not in names]
    for folder in SDIST_FOLDERS:
        slips += [f"sdist lacks {name}" for name in sorted(tracked(folder) - names)]
    slips += [f"sdist ships {name}" for name in sorted(names) if "/_build/" in name]
    return slips


def check_wheel(path: Path, version: str) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        info = f"scopa_rules-{version}.dist-info"
        metadata = HeaderParser().parsestr(
            archive.read(f"{info}/METADATA").decode("utf-8")
        )
    slips = [f"wheel lacks {name}" for name in WHEEL_FILES if name not in names]
    if f"{info}/licenses/LICENSE" not in names:
        slips.append("wheel lacks its LICENSE")
    slips += [
        f"wheel ships {name}"
        for name in sorted(names)
        if name.endswith(".c") or not name.startswith(("scopa_rules/", info))
    ]
    if metadata["License-Expression"] != "MIT":
        slips.append(f"License-Expression is {metadata['License-Expression']!r}")
    urls = {entry.partition(",")[0] for entry in metadata.get_all("Project-URL", [])}
    slips += [f"no {label} URL" for label in PROJECT_URLS if label not in urls]
    extras = set(metadata.get_all("Provides-Extra", []))
    slips += [
        f"the contributors' {name} group is published as an extra"
        for name in sorted(extras & {"dev", "test", "web", "docs"})
    ]
    classifiers = metadata.get_all("Classifier", [])
    if "Operating System :: OS Independent" in classifiers:
        slips.append("a platform wheel says Operating System :: OS Independent")
    # PyPI shows the README without its repository-only picture (setup.py).
    description = metadata.get_payload() or ""
    if metadata["Description-Content-Type"] != "text/markdown":
        slips.append("the description is not Markdown")
    if "pip install scopa-rules" not in description:
        slips.append("the description is not the README")
    if "![" in description or "repository-only" in description:
        slips.append("the PyPI description has the repository-only picture")
    return slips


def main(dist: Path) -> int:
    # A pattern, not tomllib: CI may run on Python 3.10.
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    written = re.search(r'^version = "([^"]+)"$', project, re.MULTILINE)
    if written is None:
        print("check_dist: no version in pyproject.toml", file=sys.stderr)
        return 1
    version = written.group(1)
    sdists = sorted(dist.glob("*.tar.gz"))
    wheels = sorted(dist.glob("*.whl"))
    slips: list[str] = []
    if [path.name for path in sdists] != [f"scopa_rules-{version}.tar.gz"]:
        slips.append(f"expected one sdist of {version}, found {sdists}")
    if len(wheels) != 1 or not wheels[0].name.startswith(f"scopa_rules-{version}-"):
        slips.append(f"expected one wheel of {version}, found {wheels}")
    if not slips:
        slips = check_sdist(sdists[0], version) + check_wheel(wheels[0], version)
    for slip in slips:
        print(f"check_dist: {slip}", file=sys.stderr)
    if not slips:
        print(f"check_dist: {sdists[0].name} and {wheels[0].name} are complete")
    return 1 if slips else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
