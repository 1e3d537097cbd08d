"""The bot's layers (issue 30, point 2): no module imports one from a layer above its own, and within
`bot.services` no room imports a room above it, at the top of a file, inside a function or for types only
(every `import` the file holds, read with `ast`). The order, from the ground up, is `LAYERS`; a module or room
that is not in it fails too, so a new one takes its place here on purpose."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS: list[tuple[str, ...]] = [  # from the ground up; the names of one tuple share a layer
    ("bot.wording", "bot.languages", "bot.screens", "bot.text", "bot.texts", "bot.refusal", "bot.db"),
    ("bot.health",),
    ("bot.sharding",),
    ("bot.config",),
    ("bot.migrate", "bot.migrations"),
    ("bot.services.base", "bot.services"),
    ("bot.services.people",),
    ("bot.services.orders",),
    ("bot.services.pages",),
    ("bot.services.signup",),
    ("bot.services.setups",),  # above signup: a game's data file is read as /game create file: reads it
    ("bot.services.steps",),
    ("bot.services.moderators",),
    ("bot.ui",),
    ("bot.delivery",),
    ("bot.cogs", "bot.web", "bot.loops"),
    ("bot.app",),
    ("bot.bench",),
    ("bot.cli",),
]


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the matching name, layer): the longest name decides
    for index, names in enumerate(LAYERS):
        for name in names:
            if module == name or module.startswith(name + "."):
                if best is None or len(name) > best[0]:
                    best = (len(name), index)
    return None if best is None else best[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]  # `from bot.x import y`
    return [(line, name) for line, name in found if name == "bot" or name.startswith("bot.")]


def test_no_module_imports_one_from_a_layer_above_its_own():
    problems = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if "migrations/versions" in path.as_posix():
            continue
        module = module_name(path)
        if module == "bot":
            continue
        own = layer_of(module)
        if own is None:
            problems.append(f"{module} is in no layer")
            continue
        for line, name in imported(ast.parse(path.read_text(encoding="utf-8"))):
            other = layer_of(name)
            if other is not None and other > own:
                problems.append(f"{module}:{line} imports {name}, a layer above")
    assert problems == []


def test_the_check_finds_an_import_running_back_up():
    tree = ast.parse("def f():\n    from bot.app import GameMasterBot\n")
    assert [(line, name) for line, name in imported(tree)] == [(2, "bot.app"), (2, "bot.app.GameMasterBot")]
    assert layer_of("bot.app") > layer_of("bot.ui.context")  # type: ignore[operator]
    assert layer_of("bot.services.steps.resolution") > layer_of("bot.services.people.absence")  # type: ignore[operator]
    assert layer_of("bot.db.repositories") == 0 and layer_of("bot.nowhere") is None
