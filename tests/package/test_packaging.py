"""What a person who installs the package meets first: its version, the
``--version`` of the command line, the message for a missing extra, and
where the examples are."""

from __future__ import annotations

import importlib
import importlib.metadata
import re
import sys

import pytest

import scopa_rules as sr
import scopa_rules.__main__ as cli
from helpers import ROOT


def test_version_is_the_installed_metadata() -> None:
    assert sr.__version__ == importlib.metadata.version("scopa-rules")
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", sr.__version__)


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    python = ".".join(map(str, sys.version_info[:3]))
    expected = f"scopa-rules {sr.__version__} on Python {python}, {sr.kernel_info()}"
    assert capsys.readouterr().out == expected + "\n"


def test_strategies_without_hypothesis_name_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As if Hypothesis were not installed; monkeypatch puts both back.
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "scopa_rules.strategies", raising=False)
    with pytest.raises(ModuleNotFoundError) as error:
        importlib.import_module("scopa_rules.strategies")
    assert 'pip install "scopa-rules[hypothesis]"' in str(error.value)
    assert error.value.name == "hypothesis"
    assert isinstance(error.value, ImportError)


def test_every_example_is_on_the_examples_page() -> None:
    # The examples ship in the sdist (MANIFEST.in) and on the examples page,
    # each with its source shown and a download link.
    page = (ROOT / "docs" / "examples.rst").read_text(encoding="utf-8")
    examples = sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "examples").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )
    assert examples
    for example in examples:
        assert f".. literalinclude:: ../{example}" in page, example
        assert f"<../{example}>`" in page, example
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft examples" in manifest


def test_the_readme_links_one_repository_and_its_picture() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.index("pip install scopa-rules") < readme.index("pip install -e")
    links = dict(re.findall(r"^\[(\w+)\]: (\S+)$", readme, re.MULTILINE))
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    source = re.search(r'^Source = "(\S+)"$', project, re.MULTILINE)
    docs = re.search(r'^Documentation = "(\S+)"$', project, re.MULTILINE)
    assert source is not None
    assert docs is not None
    assert links["source"] == source.group(1)
    assert links["docs"] == docs.group(1)
    # PyPI shows no relative picture: the README names it by its address in
    # the repository, and that address names a committed file.
    owner_and_name = source.group(1).removeprefix("https://github.com/")
    raw = f"https://raw.githubusercontent.com/{owner_and_name}/main/"
    assert links["picture"].startswith(raw)
    assert (ROOT / links["picture"].removeprefix(raw)).is_file()
    assert "][picture]" in readme
    for label, address in links.items():
        assert address.startswith((source.group(1), docs.group(1), raw)), label
