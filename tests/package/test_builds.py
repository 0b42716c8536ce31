"""The compiled and the pure-Python builds: which one runs, and that both
play the very same games."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import textwrap
from importlib.machinery import EXTENSION_SUFFIXES, FileFinder
from pathlib import Path

import pytest

import scopa_rules as sr
from scopa_rules import _compiled

# Plays seeded random games of every preset and prints one digest of every
# state met, its legal moves, records, perft counts and kernel playouts.
_GAMES = textwrap.dedent(
    """
    import hashlib, json, random
    import scopa_rules as sr

    digest = hashlib.sha256()
    for preset in sr.Ruleset.presets():
        rules = sr.Ruleset.from_name(preset.name, players=preset.players[-1])
        for seed in range(4):
            rng = random.Random(seed)
            state = sr.new_game(rules, seed=seed)
            while not state.is_over:
                moves = state.legal_moves()
                digest.update(repr((state.position_key(), moves)).encode())
                seat = state.current_player
                digest.update(repr(sr.observe(state.view(seat))).encode())
                digest.update(repr([sr.encode_move(state, m) for m in moves]).encode())
                state = state.apply(rng.choice(moves))
            digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
            digest.update(state.record().to_text().encode())
        digest.update(repr(sr.perft(sr.new_game(rules, seed=1), 3)).encode())
        digest.update(repr(sr.random_playouts(rules, range(20), until="game")).encode())
        midway = sr.new_game(rules, seed=5).apply(sr.new_game(rules, seed=5).legal_moves()[-1])
        digest.update(repr(sr.random_playouts(midway, range(20))).encode())
    print(sr.kernel_info().kind, digest.hexdigest())
    """
)


def _run(pure: bool) -> tuple[str, str]:
    env = dict(os.environ)
    env.pop("SCOPA_RULES_PURE", None)
    if pure:
        env["SCOPA_RULES_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _GAMES],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    kind, digest = done.stdout.split()
    return kind, digest


@pytest.mark.slow
def test_both_builds_play_the_same_games() -> None:
    # Where no compiled build is installed both runs are pure, and the test
    # still checks that forcing the sources changes nothing.
    pure_kind, pure_digest = _run(pure=True)
    kind, digest = _run(pure=False)
    assert pure_kind == "pure"
    assert kind in ("compiled", "pure")
    assert digest == pure_digest


def test_kernel_info_names_the_file_each_module_came_from() -> None:
    info = sr.kernel_info()
    for name in info.compiled:
        assert sys.modules[f"scopa_rules.{name}"].__file__.endswith(  # type: ignore[union-attr]
            tuple(EXTENSION_SUFFIXES)
        )
    for name in info.pure:
        assert sys.modules[f"scopa_rules.{name}"].__file__.endswith(".py")  # type: ignore[union-attr]
    assert sorted(info.compiled + info.pure) == sorted(_compiled.COMPILED_MODULES)
    assert info.pure_requested == bool(os.environ.get("SCOPA_RULES_PURE"))
    if info.pure_requested:
        assert info.kind == "pure"


def test_kernel_info_classifies_each_kind_of_build() -> None:
    so = "x" + EXTENSION_SUFFIXES[0]
    compiled = _compiled._classify({"state": so, "captures": so}, False)
    assert (compiled.kind, compiled.compiled, str(compiled)) == (
        "compiled",
        ("state", "captures"),
        "compiled with Cython",
    )
    pure = _compiled._classify({"state": "state.py", "captures": None}, True)
    assert (pure.kind, pure.pure) == ("pure", ("state", "captures"))
    assert str(pure) == "pure Python (SCOPA_RULES_PURE is set)"
    partial = _compiled._classify({"state": so, "captures": "captures.py"}, False)
    assert partial.kind == "partial"
    assert str(partial) == "partly compiled: captures pure Python"


@pytest.mark.parametrize(
    ("value", "pure"), [("", False), ("0", False), (" 1 ", True), ("yes", True)]
)
def test_scopa_rules_pure_is_read_from_the_environment(value: str, pure: bool) -> None:
    assert _compiled._pure_requested({"SCOPA_RULES_PURE": value}) is pure
    assert _compiled._pure_requested({}) is False


def test_forcing_the_sources_installs_a_finder_for_sources_only(
    tmp_path: Path,
) -> None:
    (tmp_path / "fake.py").write_text("x = 1\n")
    (tmp_path / f"fake{EXTENSION_SUFFIXES[0]}").write_bytes(b"not a library")
    try:
        _compiled._use_sources(str(tmp_path))
        finder = sys.path_importer_cache[str(tmp_path)]
        assert isinstance(finder, FileFinder)
        spec = finder.find_spec("fake")
        assert spec is not None
        assert spec.origin == str(tmp_path / "fake.py")
    finally:
        sys.path_importer_cache.pop(str(tmp_path), None)


@pytest.mark.slow
def test_the_digest_script_is_deterministic_in_one_process() -> None:
    # The differential test above is only meaningful if one build gives one
    # digest: two runs in this process agree.
    def digest() -> str:
        namespace: dict[str, object] = {}
        lines = _GAMES.replace("print(sr.kernel_info().kind, digest.hexdigest())", "")
        exec(compile(lines + "result = digest.hexdigest()", "games", "exec"), namespace)
        return str(namespace["result"])

    assert digest() == digest()
    assert len(hashlib.sha256().hexdigest()) == 64
    assert json.dumps([1]) == "[1]"


def test_a_compiled_module_older_than_its_source_is_reported(tmp_path: Path) -> None:
    source = tmp_path / "state.py"
    built = tmp_path / f"state{EXTENSION_SUFFIXES[0]}"
    source.write_text("x = 1\n")
    built.write_bytes(b"")
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    assert _compiled.stale_modules(str(tmp_path)) == ("state",)
    with pytest.warns(UserWarning, match="compiled state is older than the source"):
        _compiled._warn_stale(str(tmp_path))
    os.utime(built, (2_000_001, 2_000_001))
    assert _compiled.stale_modules(str(tmp_path)) == ()
    _compiled._warn_stale(str(tmp_path))  # nothing to say
    # The .pxd that types the module for C counts as its source too.
    types = tmp_path / "state.pxd"
    types.write_text("cdef int x\n")
    os.utime(types, (3_000_000, 3_000_000))
    assert _compiled.stale_modules(str(tmp_path)) == ("state",)
    os.utime(built, (3_000_001, 3_000_001))
    assert _compiled.stale_modules(str(tmp_path)) == ()
