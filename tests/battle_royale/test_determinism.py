"""Determinism and purity of the engine.

- `resolve` never mutates its input state (or the orders), for Day 0 and for nights;
- the same state, orders and seed give byte-identical results; different seeds usually differ;
- every draw of the rng is recorded in `rng.rolls`, with a purpose, and nothing draws around it;
- no module of `engine/` touches Discord, the database, the clock, the module-level `random`, or
  files (the catalog's data loading excepted; `engine/bench.py` alone may read a clock).
"""
from __future__ import annotations

import ast
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

from engine import registry
from engine.rng import RecordingRng
from engine.rulesets.battle_royale import autoplayer
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.signups import roster

RULESET = registry.get("battle_royale")
ENGINE = Path(__file__).resolve().parents[2] / "engine"


@lru_cache(maxsize=None)
def _positions(seed: int = 11, players: int = 20, nights: int = 3) -> tuple[tuple[str, str], ...]:
    """(state JSON, orders JSON) at Day 0 and at the start of the first nights of a random game."""
    rng = RecordingRng(seed, record=False)
    state = RULESET.new_game(roster(players, rng), RULESET.parse_settings(None), rng).state
    out = []
    for _ in range(nights + 1):
        if RULESET.is_over(state):
            break
        orders = autoplayer.random_night(state, rng)
        out.append((state.model_dump_json(), _dump_orders(orders)))
        state = RULESET.resolve(state, orders, rng).state
    return tuple(out)


def _dump_orders(orders: dict) -> str:
    return "{" + ",".join(f'"{sid}":{o.model_dump_json()}' for sid, o in sorted(orders.items())) + "}"


def _load(position: tuple[str, str]) -> tuple[BRState, dict]:
    state = BRState.model_validate_json(position[0])
    orders = {sid: RULESET.parse_orders(data) for sid, data in json.loads(position[1]).items()}
    return state, orders


def _resolve(position: tuple[str, str], seed: int) -> str:
    state, orders = _load(position)
    return RULESET.resolve(state, orders, RecordingRng(seed)).to_json()


@pytest.mark.parametrize("index", range(4))
def test_resolve_never_mutates_its_input(index: int) -> None:
    state, orders = _load(_positions()[index])
    state_before, orders_before = state.model_dump_json(), _dump_orders(orders)
    result = RULESET.resolve(state, orders, RecordingRng(3))
    assert state.model_dump_json() == state_before
    assert _dump_orders(orders) == orders_before
    assert result.state is not state
    # Changing the result afterwards does not reach back into the input either.
    for student in result.state.students.values():
        student.hp = -99
        student.items.clear()
    assert state.model_dump_json() == state_before


@pytest.mark.parametrize("index", range(4))
def test_same_state_orders_and_seed_give_byte_identical_results(index: int) -> None:
    position = _positions()[index]
    assert _resolve(position, 5) == _resolve(position, 5)


def test_different_seeds_usually_differ() -> None:
    position = _positions()[1]  # the first night
    results = {_resolve(position, seed) for seed in range(10)}
    assert len(results) >= 9


def test_the_recording_rng_records_each_draw_with_its_purpose() -> None:
    rng = RecordingRng("seed")
    rng.percent(50, "p")
    rng.randint(1, 6, "r")
    rng.weighted([("a", 1), ("b", 3)], "w")
    rng.choice(["x", "y"], "c")
    rng.sample([1, 2, 3], 2, "s")
    rng.shuffled([1, 2, 3], "sh")
    rng.getrandbits(8, "g")
    assert [r.purpose for r in rng.rolls] == ["p", "r", "w", "c", "s", "sh", "g"]
    assert all(r.spec for r in rng.rolls)
    again = RecordingRng("seed")
    for call in (lambda: again.percent(50, "p"), lambda: again.randint(1, 6, "r")):
        call()
    assert [r.result for r in again.rolls] == [r.result for r in rng.rolls[:2]]
    quiet = RecordingRng("seed", record=False)
    assert quiet.percent(50, "p") == rng.rolls[0].result["success"] and quiet.rolls == []


class _CountingRandom(random.Random):
    """A random.Random that counts the draws made on it directly (not the ones it makes internally)."""

    def __init__(self, seed: object) -> None:
        self.draws = 0
        self._depth = 0
        super().__init__(seed)

    def _count(self, name: str, *args, **kwargs):
        self._depth += 1
        try:
            if self._depth == 1:
                self.draws += 1
            return getattr(super(), name)(*args, **kwargs)
        finally:
            self._depth -= 1

    def randint(self, *a, **k):  # type: ignore[override]
        return self._count("randint", *a, **k)

    def randrange(self, *a, **k):  # type: ignore[override]
        return self._count("randrange", *a, **k)

    def sample(self, *a, **k):  # type: ignore[override]
        return self._count("sample", *a, **k)

    def shuffle(self, *a, **k):  # type: ignore[override]
        return self._count("shuffle", *a, **k)

    def getrandbits(self, *a, **k):  # type: ignore[override]
        if self._depth:
            return super().getrandbits(*a, **k)
        return self._count("getrandbits", *a, **k)

    def random(self):  # type: ignore[override]
        if self._depth:
            return super().random()
        return self._count("random")


@pytest.mark.parametrize("index", range(4))
def test_every_draw_of_a_resolution_is_recorded_with_a_purpose(index: int) -> None:
    state, orders = _load(_positions()[index])
    rng = RecordingRng(8)
    counter = _CountingRandom(8)
    rng._random = counter  # count what reaches the generator
    result = RULESET.resolve(state, orders, rng)
    assert counter.draws > 0
    assert len(rng.rolls) == counter.draws, "a draw was made without being recorded"
    assert result.rolls == rng.rolls
    assert all(roll.purpose.strip() and roll.spec for roll in result.rolls)


def test_resolution_rolls_are_only_its_own() -> None:
    state, orders = _load(_positions()[1])
    rng = RecordingRng(8)
    rng.percent(50, "something before")
    result = RULESET.resolve(state, orders, rng)
    assert result.rolls == rng.rolls[1:]


# --- purity of engine/ ---------------------------------------------------------------------------

CLOCK_EXEMPT = {"bench.py"}
# Each game's catalog reads its own package's data tables at load, and nothing else does.
FILES_EXEMPT = {
    "rulesets/battle_royale/catalog.py",
    "rulesets/starcraft_mafia/catalog.py",
    "rulesets/battle_royale_cards/catalog.py",
    "rulesets/mazeworld/catalog.py",
    "rulesets/infinity_intervention/catalog.py",
}
RANDOM_EXEMPT = {"rng.py"}
FORBIDDEN_MODULES = {"discord", "sqlalchemy", "asyncio", "aiosqlite", "asyncpg", "alembic", "requests", "httpx",
                     "socket", "secrets", "uuid", "bot"}
CLOCK_MODULES = {"time", "datetime"}
FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes"}


def _engine_files() -> list[Path]:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10
    return files


def violations(path: Path, source: str | None = None) -> list[str]:
    """Forbidden imports and calls in one engine module, as 'line: what' strings."""
    rel = path.relative_to(ENGINE).as_posix() if path.is_absolute() else path.as_posix()
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    found: list[str] = []
    random_names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in FORBIDDEN_MODULES:
                    found.append(f"{node.lineno}: import {alias.name}")
                if top in CLOCK_MODULES and rel not in CLOCK_EXEMPT:
                    found.append(f"{node.lineno}: import {alias.name}")
                if top == "random":
                    random_names.add(alias.asname or "random")
                    if rel not in RANDOM_EXEMPT:
                        found.append(f"{node.lineno}: import random")
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            names = [a.name for a in node.names]
            if top in FORBIDDEN_MODULES:
                found.append(f"{node.lineno}: from {node.module} import")
            if top in CLOCK_MODULES and rel not in CLOCK_EXEMPT:
                found.append(f"{node.lineno}: from {node.module} import {', '.join(names)}")
            if top == "random" and (rel not in RANDOM_EXEMPT or names != ["Random"]):
                found.append(f"{node.lineno}: from random import {', '.join(names)}")
            if top == "os" and {"urandom", "getenv", "environ"} & set(names):
                found.append(f"{node.lineno}: from os import {', '.join(names)}")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open" and rel not in FILES_EXEMPT:
                found.append(f"{node.lineno}: open(")
            if isinstance(func, ast.Attribute):
                if func.attr in FILE_CALLS and rel not in FILES_EXEMPT:
                    found.append(f"{node.lineno}: .{func.attr}(")
                if func.attr in ("now", "utcnow", "today") and rel not in CLOCK_EXEMPT:
                    found.append(f"{node.lineno}: .{func.attr}()")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner, attr = node.value.id, node.attr
            if owner in random_names and attr != "Random":
                found.append(f"{node.lineno}: random.{attr}")
            if owner == "os" and attr in ("urandom", "getenv", "environ"):
                found.append(f"{node.lineno}: os.{attr}")
            if owner == "time" and rel not in CLOCK_EXEMPT:
                found.append(f"{node.lineno}: time.{attr}")
            if attr == "_random" and rel not in RANDOM_EXEMPT:
                found.append(f"{node.lineno}: ._random (draws around the recording rng)")
        elif isinstance(node, ast.Attribute) and node.attr == "_random" and rel not in RANDOM_EXEMPT:
            found.append(f"{node.lineno}: ._random (draws around the recording rng)")
    return sorted(set(found))


@pytest.mark.parametrize("path", _engine_files(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_engine_module_is_pure(path: Path) -> None:
    assert violations(path) == []


@pytest.mark.parametrize("source, rel, bad", [
    ("import discord\n", "x.py", True),
    ("from sqlalchemy import select\n", "x.py", True),
    ("import datetime\nx = datetime.datetime.now()\n", "x.py", True),
    ("from datetime import datetime\nx = datetime.now()\n", "x.py", True),
    ("import time\nx = time.time()\n", "x.py", True),
    ("import time\nx = time.perf_counter()\n", "bench.py", False),
    ("import random\nx = random.randint(1, 6)\n", "x.py", True),
    ("import random\nx = random.randint(1, 6)\n", "rng.py", True),
    ("import random\nr = random.Random(4)\n", "rng.py", False),
    ("from random import choice\n", "rng.py", True),
    ("data = open('f').read()\n", "x.py", True),
    ("from pathlib import Path\nPath('f').read_text()\n", "x.py", True),
    ("with path.open() as f: pass\n", "rulesets/battle_royale/catalog.py", False),
    ("x = rng._random.random()\n", "x.py", True),
    ('"""random.randint, open(), time.time() in a docstring are fine"""\n', "x.py", False),
])
def test_the_purity_scan_is_precise(source: str, rel: str, bad: bool) -> None:
    assert bool(violations(Path(rel), source)) == bad


def test_the_benchmark_times_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    from engine import bench

    assert bench.night_benchmark(6, nights=2, seed=3, repeats=1) > 0
    assert len(bench.prepare(6, nights=2, seed=3)) <= 2
    assert bench.main(["--json", "--players", "6", "--nights", "1", "--repeats", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["median_ms_per_night"]) == {"6"} and out["median_ms_per_night"]["6"] > 0
    with pytest.raises(ValueError):
        bench.night_benchmark(1)
