"""Every package that the installed code imports is one of its runtime dependencies.

`pip install .` (the README's and the Dockerfile's install) brings `[project].dependencies` and nothing of
the `dev` extra: a module of bot/ or engine/ importing a package only `dev` lists (httpx in `brbot bench`'s
web figures, once) works in the development venv and fails with ModuleNotFoundError on a plain install. The
test reads every module's imports with `ast`, at the top and inside functions alike (a command imports what
it uses when it runs), leaves out the standard library, the project's own packages and imports only for the
type checker (`if TYPE_CHECKING:`), maps each import name to the distributions that provide it
(importlib.metadata.packages_distributions()) and wants one of them named in `[project].dependencies`, not
merely installed because another dependency pulls it in. `.ci/plain-install` runs every command on such an
install.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OWN = {"bot", "engine"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(specs: list[str]) -> set[str]:
    return {canonical(re.split(r"[\s\[<>=!~;(]", spec, maxsplit=1)[0]) for spec in specs}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(source: str) -> set[str]:
    """The top-level names of the absolute imports in `source` that run (not those under TYPE_CHECKING)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return names


def third_party_imports(roots: list[Path]) -> dict[str, set[str]]:
    """Each third-party import name of the modules under `roots`, with the files that import it."""
    found: dict[str, set[str]] = {}
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            for name in imported_names(path.read_text(encoding="utf-8")):
                if name not in sys.stdlib_module_names and name not in OWN and name != "__future__":
                    found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def undeclared(imports: dict[str, set[str]], declared: set[str]) -> list[str]:
    """One line per import name whose distributions are none of `declared`."""
    providers = packages_distributions()
    problems = []
    for name, files in sorted(imports.items()):
        distributions = {canonical(d) for d in providers.get(name, [])}
        if not distributions & declared:
            where = ", ".join(sorted(files)[:3])
            provided = ", ".join(sorted(distributions)) or "no installed distribution"
            problems.append(f"{name} (from {provided}) imported by {where}")
    return problems


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_every_package_the_installed_code_imports_is_a_runtime_dependency():
    imports = third_party_imports([ROOT / "bot", ROOT / "engine"])
    assert {"discord", "sqlalchemy", "httpx"} <= set(imports)  # the walk finds imports inside functions too
    problems = undeclared(imports, requirement_names(project()["dependencies"]))
    assert not problems, "imported at run time but not in [project].dependencies:\n" + "\n".join(problems)


def test_a_dev_only_package_imported_inside_a_function_is_reported():
    source = (
        "from typing import TYPE_CHECKING\nimport yaml\nif TYPE_CHECKING:\n    import mypy\n"
        "def bench():\n    import pytest\n    from hypothesis import given\n"
    )
    assert imported_names(source) == {"typing", "yaml", "pytest", "hypothesis"}
    declared = requirement_names(project()["dependencies"])
    problems = undeclared({"yaml": {"a.py"}, "pytest": {"a.py"}, "hypothesis": {"a.py"}}, declared)
    assert [line.split(" ")[0] for line in problems] == ["hypothesis", "pytest"]


def test_the_dev_extra_holds_only_tools_the_installed_code_never_imports():
    dev_only = requirement_names(project()["optional-dependencies"]["dev"]) - requirement_names(
        project()["dependencies"]
    )
    providers = packages_distributions()
    imported = {canonical(d) for name in third_party_imports([ROOT / "bot", ROOT / "engine"])
                for d in providers.get(name, [])}
    assert not dev_only & imported
