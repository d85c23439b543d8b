"""The tool that measures issue 36's structure figures (``benchmarks/structure.py``):
regional lines from real coverage data, members of a class, module sizes and class
assignments. The full measurement is a benchmark, not a test; these run it on a tiny
input."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import twentyeight as te

from .helpers import ROOT, benchmark_module

PHASES = ROOT / "src" / "twentyeight" / "phases.py"


def tool() -> ModuleType:
    """``benchmarks/structure.py``, imported as a module."""
    return benchmark_module("structure")


def _method(path: Path, name: str) -> ast.FunctionDef:
    """The function ``name`` of the module at ``path`` (a method of any class)."""
    [found] = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(n, ast.FunctionDef) and n.name == name]
    return found


def test_regional_lines_come_from_coverage_of_the_regional_rounds() -> None:
    """304's face-down cut (RULES.md, 304: a card that does not follow while the trump
    is concealed goes face down) is asked of the trump part in a line only 304's rounds
    run (``phases._play_hooked``, the part's ``on_play``): it is regional. The plain card
    play every ruleset runs (``Transitions._play``) is not."""
    s = tool()
    files = s.regional([("28", "28", "{}"), ("304", "304", "{}")], rounds=2)
    lines = {f.path: set(f.lines) for f in files}
    cutting = _method(PHASES, "_play_hooked")
    [marks] = [n.lineno for n in ast.walk(cutting) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Name) and n.func.id == "playing"]
    assert marks in lines["twentyeight/phases.py"]
    plain = _method(PHASES, "_play")
    body = {n.lineno for n in ast.walk(plain) if isinstance(n, ast.stmt)} - {plain.lineno}
    assert body and not body & lines["twentyeight/phases.py"]
    for f in files:
        assert f.lines and len(f.ranges) <= len(f.lines)
        assert (ROOT / "src" / f.path).is_file()
    assert any("_play_hooked" in r for f in files for r in f.ranges)


def test_the_rulesets_played_and_those_left_out() -> None:
    """Every preset, the compositions and option variants are played; the second run
    leaves out 304 and thunee and what is built on them, nothing else."""
    s = tool()
    chosen = s.targets()
    names = {name for _, name, _ in chosen}
    assert set(te.presets()) <= names  # the example third-party plug-in's included
    assert {"304+double", "thunee+redeal", "28+double+pair+single-hand"} <= names
    assert any(options != "{}" for _, _, options in chosen)
    left_out = {name for t in chosen if s.is_regional(t) for name in [t[1]]}
    assert left_out == {n for n in names if n.split("+")[0] in ("304", "thunee")}
    assert "304" in left_out and "28" not in left_out


def test_members_count_properties_and_callables() -> None:
    """A property counts as a property; a method, class method, static method and
    builtin as callables, inherited ones too; data and dunder names do not count."""

    class Toy:
        __slots__ = ("slot",)
        data = 3
        builtin = len

        @property
        def size(self) -> int:
            return 1

        def method(self) -> None:
            pass

        @classmethod
        def make(cls) -> Toy:
            return cls()

        @staticmethod
        def helper() -> None:
            pass

        def __len__(self) -> int:
            return 0

    class Child(Toy):
        __slots__ = ()

        def more(self) -> None:
            pass

    assert tool().members(Toy) == (4, 1)
    assert tool().members(Child) == (5, 1)


def test_module_sizes_and_class_assignments(tmp_path: Path) -> None:
    """Lines are counted per module; ``x.__class__ = …`` and ``setattr(x, "__class__",
    …)`` are found, reading ``__class__`` is not."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("x = 1\n\nclass C:\n    pass\n")
    (package / "b.py").write_text(
        "def f(o, k):\n    o.__class__ = k\n    print(o.__class__)\n"
        "    setattr(o, '__class__', k)\n    o.__class__: type = k\n")
    s = tool()
    assert s.module_sizes([package]) == [("pkg/b.py", 5), ("pkg/a.py", 4)]
    assert s.class_assignments([package]) == ["pkg/b.py:2", "pkg/b.py:4", "pkg/b.py:5"]


def test_private_accesses_count_the_rounds_fields_outside_its_modules(
        tmp_path: Path) -> None:
    """Reads and writes of the round's private slots are counted in every module but the
    round's own layers; other private names, and the ruleset's own attributes of the
    same names, are not."""
    package = tmp_path / "twentyeight"
    (package / "sub").mkdir(parents=True)
    (package / "phases.py").write_text("def f(r):\n    return r._hands\n")
    (package / "sub" / "phases.py").write_text("def f(r):\n    return r._hands\n")
    (package / "reader.py").write_text(
        "def f(r):\n    r._trick = []\n    return r._hands[0], r._hands, r._not_a_field\n")
    (package / "ruleset.py").write_text(
        "class R:\n    def f(self, r):\n        return self._play_of, r._play_of\n")
    assert tool().private_accesses(package) == [
        ("twentyeight/reader.py", 3, ["_hands", "_trick"]),
        ("twentyeight/ruleset.py", 1, ["_play_of"]),
        ("twentyeight/sub/phases.py", 1, ["_hands"]),
    ]


CLEANED = ("solver.py", "solver_kernel.py", "encoding.py", "plugin_port.py", "records.py",
           "match.py", "bots/", "adapters/")
"""Modules that read the round through its internal interfaces (``position``,
``views.observation_facts``, ``port_access``) or its public reads, not its fields."""


def test_no_private_round_field_outside_the_rounds_own_modules() -> None:
    """Issue 36, "One read surface": no module outside the round's own modules touches
    the round's private fields. The solver, its kernel, the observation encoding, the
    plug-in port, records, the match, the bots, the adapters and resample read the round
    through its internal interfaces (``position``, ``views.observation_facts``,
    ``port_access``, ``candidates``): the count of ``benchmarks/structure.py`` is 0 in
    total, so a new use anywhere fails here."""
    assert tool().private_accesses() == []
    assert "candidates.py" in tool().ROUND_MODULES
    for name in (*CLEANED, "resample.py"):
        assert (ROOT / "src" / "twentyeight" / name).exists()

