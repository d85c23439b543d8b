"""The structure of the core, in the figures that issue 36 ("regional mechanics out of the
core") asks to show: how much of ``src/twentyeight/`` only the regional rulesets run, how
large its modules are, how many members a round's class has, and whether a round changes
its class.

    regional lines   the same seeded random rounds of every registered preset, of every
                     modifier composition and of every house-rule option variant are
                     played under ``coverage``, each set of rulesets in a fresh process:
                     once all of them, once without the presets 304 and thunee (and their
                     compositions). The regional lines are the lines of
                     ``src/twentyeight/`` (every subpackage) that the first run executes
                     and the second does not: code only 304's and Thunee's rounds need.
    module sizes     lines of every module under src/ (and variants/), flagged over 700
                     (round.py over 600)
    members          for every preset, the members of ``type(te.new_round(name))``:
                     names not starting with ``__`` that are callables or properties
    class swaps      every ``__class__`` assignment in src/ and variants/
    private fields   reads and writes of the round's private fields (the slots of
                     ``RoundState``) in modules other than the round's own layers

    python benchmarks/structure.py [--rounds 40] [--driver play|kit] [--list] [--json]
                                   [--no-test-plugins]
    python benchmarks/structure.py --no-coverage     # the structure figures alone

The rulesets played are ``te.presets()`` (with the example plug-ins under
``tests/plugins`` registered, unless ``--no-test-plugins``: a generic seam that a
regional preset and a test plug-in use is not regional), every composition of a preset
with modifiers that builds (``tests/helpers.py``'s ``compositions()``), the option variants the
property tests run (``OPTION_VARIANTS`` of ``tests/test_properties.py``) and the house
rules' catalogue (``twentyeight_variants.house_rules.HOUSE_RULES``). Round ``i`` of a
ruleset is dealt from seed ``i`` with dealer ``i % players`` and played with the legal
actions a ``random.Random(i)`` picks, so both runs play the same rounds of the rulesets
they share. ``--driver kit`` plays them through the conformance kit instead
(``twentyeight.testing.check_random_rounds``: views, records, hiding checked too), which
also counts the kit's own regional code.

Modules compiled to extensions (``setup.py``'s ``COMPILED_MODULES``, unless installed
with ``TWENTYEIGHT_PURE_PYTHON=1``) cannot be measured by ``coverage``; the report names
any it found. Needs ``coverage`` (in the ``[test]`` extra).
"""

from __future__ import annotations

import argparse
import ast
import functools
import inspect
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import twentyeight as te

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
VARIANTS = ROOT / "variants"
REGIONAL = ("304", "thunee")
"""The presets whose own code the regional count measures."""
ROUNDS = 40
TARGETS = {"regional_lines": 30, "round_py": 600, "module": 700, "members": 95}
"""Issue 36's targets: at most 30 regional lines, round.py at most 600 lines, no module
over 700, at most 95 members for every preset's round class, no class assignment."""

Target = tuple[str, str, str]
"""A ruleset to play: a label, the ruleset's name, its options as Python literal text."""


# ---------------------------------------------------------------- what is played


def install_test_plugins() -> None:
    """Put the source folder of every example plug-in under ``tests/plugins`` on the
    path and make the registry look again, as the test run does: their rulesets count
    among the registered ones (a seam only a regional preset and a test plug-in use is
    not regional)."""
    for source in sorted((ROOT / "tests" / "plugins").glob("*/src")):
        if str(source) not in sys.path:
            sys.path.insert(0, str(source))
    import twentyeight as te

    te.refresh()


def targets() -> list[Target]:
    """Every registered preset, every modifier composition, every option variant of the
    property tests and every house rule, each once (in that order)."""
    sys.path.insert(0, str(ROOT))
    from tests.helpers import compositions
    from tests.test_properties import OPTION_VARIANTS
    from twentyeight_variants.house_rules import HOUSE_RULES

    import twentyeight as te

    found: list[Target] = []
    seen: set[tuple[str, str]] = set()

    def add(name: str, options: dict[str, Any]) -> None:
        text = repr(dict(sorted(options.items())))
        if (name, text) not in seen:
            seen.add((name, text))
            label = name if not options else f"{name}({', '.join(options)})"
            found.append((label, name, text))

    for name in (*te.presets(), *compositions()):
        add(name, {})
    for name, options in OPTION_VARIANTS:
        add(name, cast("dict[str, Any]", options))
    for rule in HOUSE_RULES:
        add(rule.preset, dict(rule.options))
    return found


def is_regional(target: Target, regional: Sequence[str] = REGIONAL) -> bool:
    """Whether the ruleset is built on one of the ``regional`` presets."""
    return target[1].split("+")[0] in regional


def play(chosen: Sequence[Target], rounds: int, driver: str) -> None:
    """Play ``rounds`` seeded random rounds of each ruleset (in this process: the child
    that runs under coverage)."""
    import twentyeight as te

    for _label, name, text in chosen:
        rules = te.ruleset(name, **ast.literal_eval(text))
        if driver == "kit":
            from twentyeight import testing

            testing.check_random_rounds(rules, rounds=rounds, seed=0)
            continue
        players = rules.config.players
        for seed in range(rounds):
            rng = random.Random(seed)
            rnd = rules.new_round(seed=seed, dealer=seed % players)
            while not rnd.is_over:
                if driver == "api" and rnd.to_act is not None:
                    read(rnd, rnd.to_act, seed)
                rnd.apply(rng.choice(rnd.legal_actions()))
            if driver == "api":
                te.Round.from_json(rnd.to_json())
                rnd.public_record()
                for seat in range(players):
                    rnd.view(seat)


def read(rnd: te.Round, seat: int, seed: int) -> None:
    """What search and learning code read at a decision (the ``api`` driver): the seat's
    view, observation and public record, and once a round, at the first lead after half
    the tricks, a resample (from a random generator of its own, so that the actions
    played stay those of the ``play`` driver)."""
    rnd.view(seat)
    rnd.observation(seat)
    rnd.public_record(seat)
    if not rnd.current_trick and len(rnd.tricks) == rnd.config.tricks // 2:
        rnd.resample(seat, random.Random(seed))


# ---------------------------------------------------------------- coverage


def package_dir() -> Path:
    """The directory of the installed package ``twentyeight`` (its source, in an
    editable install)."""
    import twentyeight

    return Path(twentyeight.__file__).resolve().parent


def compiled_modules() -> list[str]:
    """Modules of the installed package that are extensions, which coverage cannot see."""
    return sorted(str(p.relative_to(package_dir())) for p in package_dir().rglob("*")
                  if p.suffix in (".so", ".pyd"))


def run_covered(chosen: Sequence[Target], rounds: int, driver: str, data_file: Path,
                workdir: Path) -> subprocess.Popen[bytes]:
    """Start a fresh Python process that plays ``chosen`` under coverage, measuring the
    package's directory only, into ``data_file``."""
    spec = workdir / f"{data_file.name}.json"
    spec.write_text(json.dumps({"targets": list(chosen), "rounds": rounds,
                                "driver": driver}))
    command = [sys.executable, "-m", "coverage", "run", f"--data-file={data_file}",
               f"--source={package_dir()}", str(Path(__file__).resolve()),
               "--child", str(spec)]
    # The child imports from where this process does, so that a ruleset registered
    # from a folder on the path (a plug-in under test) is found there too.
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(os.path.abspath(p) for p in sys.path if p)}
    return subprocess.Popen(command, cwd=workdir, env=env, stdout=subprocess.DEVNULL)


def executed(data_file: Path) -> dict[str, set[int]]:
    """The lines each measured file executed, by path relative to the package's parent
    (``twentyeight/phases.py``)."""
    import coverage

    data = coverage.CoverageData(basename=str(data_file))
    data.read()
    base = package_dir().parent
    return {str(Path(f).relative_to(base)): set(data.lines(f) or ())
            for f in data.measured_files() if Path(f).is_relative_to(base)}


def _ranges(statements: Iterable[int], lines: set[int]) -> list[tuple[int, int]]:
    """``lines`` as ranges that no other executable line (of ``statements``)
    interrupts."""
    found: list[tuple[int, int]] = []
    start = end = None
    for line in sorted({*statements, *lines}):
        if line in lines:
            start = line if start is None else start
            end = line
        elif start is not None and end is not None:
            found.append((start, end))
            start = end = None
    if start is not None and end is not None:
        found.append((start, end))
    return found


@functools.cache
def _functions(path: Path) -> list[tuple[int, int, str]]:
    """Every function and class of a module: first line, last line, qualified name."""
    spans: list[tuple[int, int, str]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                spans.append((child.lineno, child.end_lineno or child.lineno, name))
                walk(child, name + ".")
            else:
                walk(child, prefix)

    walk(ast.parse(path.read_text(encoding="utf-8")), "")
    return spans


def _where(path: Path, line: int) -> str:
    """The innermost function or class of ``path`` that holds ``line``, or ``<module>``."""
    inside = [(last - first, name) for first, last, name in _functions(path)
              if first <= line <= last]
    return min(inside)[1] if inside else "<module>"


@dataclass(frozen=True)
class RegionalFile:
    """The regional lines of one module."""

    path: str
    lines: list[int]
    ranges: list[str]
    """``first-last`` (or ``line``) and the function that holds them."""


def regional(chosen: Sequence[Target], rounds: int = ROUNDS, driver: str = "play",
             without: Sequence[str] = REGIONAL) -> list[RegionalFile]:
    """Play ``chosen`` under coverage in a fresh process, and the same without the
    rulesets built on ``without`` in another; the lines only the first executes, by
    module, most first."""
    import coverage

    rest = [t for t in chosen if not is_regional(t, without)]
    with tempfile.TemporaryDirectory(prefix="twentyeight-structure-") as tmp:
        work = Path(tmp)
        runs = {"all": run_covered(chosen, rounds, driver, work / "all.coverage", work),
                "without": run_covered(rest, rounds, driver, work / "without.coverage",
                                       work)}
        for label, process in runs.items():
            if process.wait() != 0:
                raise RuntimeError(f"the {label!r} run failed (status {process.returncode})")
        everything = executed(work / "all.coverage")
        common = executed(work / "without.coverage")
        measured = coverage.Coverage(data_file=str(work / "all.coverage"))
        measured.load()
        base = package_dir().parent
        found = []
        for name, lines in everything.items():
            only = lines - common.get(name, set())
            if only:
                path = base / name
                statements = measured.analysis2(str(path))[1]
                found.append(RegionalFile(name, sorted(only), [
                    f"{a}-{b} {_where(path, a)}" if a != b else f"{a} {_where(path, a)}"
                    for a, b in _ranges(statements, only)]))
    return sorted(found, key=lambda f: (-len(f.lines), f.path))


# ---------------------------------------------------------------- structure


def module_sizes(roots: Iterable[Path] = (SRC, VARIANTS)) -> list[tuple[str, int]]:
    """Lines of every Python module under ``roots``, largest first."""
    sizes = [(str(p.relative_to(root.parent)),
              len(p.read_text(encoding="utf-8").splitlines()))
             for root in roots for p in root.rglob("*.py")]
    return sorted(sizes, key=lambda s: (-s[1], s[0]))


def members(cls: type) -> tuple[int, int]:
    """The members of ``cls`` (its own and inherited) whose names do not start with
    ``__``: (callables, properties). An attribute is looked up without running
    descriptors, so a property counts as a property; a class or static method counts as
    a callable."""
    callables = properties = 0
    for name in dir(cls):
        if name.startswith("__"):
            continue
        attribute = inspect.getattr_static(cls, name)
        if isinstance(attribute, (property, functools.cached_property)):
            properties += 1
        elif callable(attribute) or isinstance(attribute, (classmethod, staticmethod)):
            callables += 1
    return callables, properties


def round_members() -> dict[str, tuple[int, int]]:
    """:func:`members` of the class of a new round of every registered preset."""
    import twentyeight as te

    return {name: members(type(te.new_round(name))) for name in te.presets()}


def class_assignments(roots: Iterable[Path] = (SRC, VARIANTS)) -> list[str]:
    """Every place under ``roots`` that assigns an object's ``__class__``
    (``x.__class__ = …``, ``setattr(x, "__class__", …)``), as ``path:line``."""
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            nodes = ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            for node in sorted(nodes, key=lambda n: getattr(n, "lineno", 0)):
                if isinstance(node, ast.Call):
                    # setattr(x, "__class__", c), object.__setattr__(x, "__class__", c)
                    swaps = len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                        and node.args[1].value == "__class__"
                else:
                    if isinstance(node, ast.Assign):
                        assigned: list[ast.expr] = list(node.targets)
                    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                        assigned = [node.target]
                    else:
                        continue
                    swaps = any(isinstance(t, ast.Attribute) and t.attr == "__class__"
                                for target in assigned for t in ast.walk(target))
                if swaps:
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


ROUND_MODULES = ("state.py", "legality.py", "phases.py", "views.py", "round.py",
                 "position.py", "port_access.py", "sight.py", "seat_facts.py", "candidates.py")
"""The round's own modules (its layers, and the internal interfaces it offers the solver
and the plug-in port): they may use its private fields."""


def private_accesses(root: Path = SRC / "twentyeight") -> list[tuple[str, int, list[str]]]:
    """Every module of the package outside :data:`ROUND_MODULES` that reads or writes the
    round's private fields (``x._name`` where ``_name`` is a private slot of
    ``RoundState``): (path, number of accesses, the fields), most first. The ruleset's
    own attributes of the same names (``self._play_of`` in ``ruleset.py``) are not
    counted."""
    from twentyeight.state import RoundState

    fields = {name for name in RoundState.__slots__
              if name.startswith("_") and not name.startswith("__")}
    rows = []
    for path in sorted(root.rglob("*.py")):
        if path.parent == root and path.name in ROUND_MODULES:
            continue
        hits = [node.attr for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.Attribute) and node.attr in fields
                and not (path.name == "ruleset.py" and isinstance(node.value, ast.Name)
                         and node.value.id == "self")]
        if hits:
            rows.append((str(path.relative_to(root.parent)), len(hits), sorted(set(hits))))
    return sorted(rows, key=lambda row: (-row[1], row[0]))


# ---------------------------------------------------------------- the report


def _mark(ok: bool) -> str:
    return "ok" if ok else "OVER"


def report(args: argparse.Namespace) -> dict[str, Any]:
    """Every figure, as a JSON-ready dict."""
    result: dict[str, Any] = {}
    if not args.no_coverage:
        chosen = targets()
        started = time.perf_counter()
        files = regional(chosen, args.rounds, args.driver)
        result["coverage"] = {
            "rounds": args.rounds, "driver": args.driver,
            "rulesets": len(chosen),
            "without": [t[0] for t in chosen if is_regional(t)],
            "unmeasured_compiled_modules": compiled_modules(),
            "regional_lines": sum(len(f.lines) for f in files),
            "files": [asdict(f) for f in files],
            "seconds": round(time.perf_counter() - started, 1),
        }
    sizes = module_sizes()
    result["modules"] = [{"path": p, "lines": n,
                          "over": n > (TARGETS["round_py"] if p.endswith("/round.py")
                                       else TARGETS["module"])} for p, n in sizes]
    result["members"] = {name: {"callables": c, "properties": p, "total": c + p}
                         for name, (c, p) in round_members().items()}
    result["class_assignments"] = class_assignments()
    result["private_accesses"] = [{"path": p, "count": n, "fields": f}
                                  for p, n, f in private_accesses()]
    result["targets"] = TARGETS
    return result


def show(result: dict[str, Any], listing: bool, top: int) -> None:
    """The report as text."""
    cov = result.get("coverage")
    if cov is not None:
        print(f"Regional lines of src/twentyeight/ (only {' and '.join(REGIONAL)} execute "
              f"them): {cov['regional_lines']} (target <= {TARGETS['regional_lines']}: "
              f"{_mark(cov['regional_lines'] <= TARGETS['regional_lines'])})")
        print(f"  {cov['rulesets']} rulesets x {cov['rounds']} rounds ({cov['driver']}), "
              f"{len(cov['without'])} of them left out of the second run; "
              f"{cov['seconds']} s")
        if cov["unmeasured_compiled_modules"]:
            print(f"  not measured (compiled): {', '.join(cov['unmeasured_compiled_modules'])}")
        for f in cov["files"]:
            print(f"  {len(f['lines']):5}  {f['path']}")
            if listing:
                for r in f["ranges"]:
                    print(f"           {r}")
    print(f"Largest modules (target: round.py <= {TARGETS['round_py']}, "
          f"others <= {TARGETS['module']}):")
    shown = [m for i, m in enumerate(result["modules"])
             if i < top or m["over"] or m["path"].endswith("twentyeight/round.py")]
    for m in shown:
        print(f"  {m['lines']:5}  {m['path']}{'  OVER' if m['over'] else ''}")
    print(f"Members of type(te.new_round(name)) (target <= {TARGETS['members']}):")
    for name, m in result["members"].items():
        print(f"  {m['total']:5}  {name} ({m['callables']} callables, "
              f"{m['properties']} properties) {_mark(m['total'] <= TARGETS['members'])}")
    places = result["class_assignments"]
    print(f"__class__ assignments (target: none): {', '.join(places) if places else 'none'}")
    accesses = result["private_accesses"]
    print(f"The round's private fields used outside its modules (target: none): "
          f"{sum(a['count'] for a in accesses)}")
    for a in accesses:
        print(f"  {a['count']:5}  {a['path']}")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS,
                        help=f"random rounds per ruleset (default {ROUNDS})")
    parser.add_argument("--driver", choices=("play", "api", "kit"), default="play",
                        help="play: legal_actions()/apply() only (default); api: also "
                             "view, observation and public record at every decision, a "
                             "resample once a round, the record's round trip at the end; kit: the "
                             "conformance kit's random rounds")
    parser.add_argument("--list", action="store_true",
                        help="list the regional lines by file, as line ranges")
    parser.add_argument("--top", type=int, default=8, help="largest modules shown")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--no-coverage", action="store_true",
                        help="the structure figures only")
    parser.add_argument("--no-test-plugins", action="store_true",
                        help="leave out the example plug-ins under tests/plugins")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.no_test_plugins:
        install_test_plugins()
    if args.child is not None:
        spec = json.loads(args.child.read_text())
        play([tuple(t) for t in spec["targets"]], spec["rounds"], spec["driver"])
        return 0
    result = report(args)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        show(result, args.list, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
