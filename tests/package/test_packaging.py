"""What a person who installs the package meets first: its version, the
``--version`` of the command line, the message for a missing extra, and
where the examples are."""

from __future__ import annotations

import importlib
import importlib.metadata
import re
import sys
from typing import Any

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
    links = dict(re.findall(r"^\[(\w+)\]: (\S+)$", readme, re.MULTILINE))
    urls = _project()["project"]["urls"]
    # pyproject.toml sets the addresses; the README's links repeat them.
    assert links["source"] == urls["Source"]
    assert links["docs"] == urls["Documentation"]
    assert links["changelog"] == urls["Changelog"]
    for label, address in links.items():
        assert address.startswith((urls["Source"], urls["Documentation"])), label
    # The picture is a file of the repository, by a relative address, inside
    # the block setup.py leaves out of the PyPI description (PyPI shows no
    # relative image), which puts a line naming where to see it instead.
    start = readme.index("<!-- repository-only -->\n")
    end = readme.index("<!-- /repository-only -->\n<!-- pypi: ")
    pictures = re.findall(r"!\[[^]]*\]\(([^)]+)\)", readme)
    assert len(pictures) == 1
    assert (ROOT / pictures[0]).is_file()
    assert start < readme.index(pictures[0]) < end
    assert "raw.githubusercontent" not in readme


def test_the_readme_starts_with_the_two_commands() -> None:
    # The first commands a reader meets: one installs and runs the demo, one
    # installs the test tools and runs the tests (without a second build).
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = re.search(r"^```sh\n(.*?)^```$", readme, re.MULTILINE | re.DOTALL)
    assert first is not None
    demo, tests = first.group(1).splitlines()
    assert "pip install -e ." in demo
    assert demo.endswith("python -m scopa_rules demo")
    assert tests == "pip install --group test && python -m pytest"
    assert first.start() < readme.index("pip install scopa-rules")


def _project() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, Any] = tomllib.load(file)
    return project


def test_contributor_tools_are_groups_not_extras() -> None:
    project = _project()
    extras = project["project"]["optional-dependencies"]
    groups = project["dependency-groups"]
    for name in ("test", "web", "docs", "dev"):
        assert name not in extras, name
        assert name in groups, name
    # Each extra is a feature of the package for its users.
    assert set(extras) == {
        "hypothesis",
        "progress",
        "ray",
        "openspiel",
        "pettingzoo",
        "gymnasium",
        "train",
    }
    dev = groups["dev"]
    for name in ("test", "web", "docs"):
        assert {"include-group": name} in dev, name
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "--group dev" in ci
    assert ".[test" not in ci


def test_a_platform_wheel_claims_no_os_independence() -> None:
    classifiers = _project()["project"]["classifiers"]
    assert "Operating System :: OS Independent" not in classifiers


def test_the_pypi_description_is_the_readme_without_its_picture() -> None:
    # setup.py's long_description(), run without running setup().
    import ast

    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    function = next(
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == "long_description"
    )
    namespace: dict[str, Any] = {"re": re, "HERE": ROOT}
    exec(compile(ast.Module([function], []), "setup.py", "exec"), namespace)
    description: str = namespace["long_description"]()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "![" in readme
    assert "![" not in description
    assert "repository-only" not in description
    assert "show this position as a picture." in description
    assert description.startswith("# scopa_rules")
    assert "## A game in ten lines" in description
