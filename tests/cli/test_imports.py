"""`brbot --help` answers at once: the command line imports the heavy libraries only for a command that uses
them (docs/performance.md, "CLI start-up"). Checked by what a fresh interpreter has imported, not by a timing."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("sqlalchemy", "alembic", "discord", "PIL", "aiosqlite", "asyncpg", "pydantic", "engine")
# The engine's two modules every text needs (its name and `engine.keyed`, a `str` that remembers its key) are
# a few lines of plain Python: any other module of the engine is a game library.
LIGHT = ("engine", "engine.keyed")

PROBE = """
import json, sys
import bot.cli
try:
    bot.cli.main({argv!r})
except SystemExit:
    pass
print(json.dumps(sorted({{name.split(".")[0] for name in sys.modules if name not in {light!r}}} & set({heavy!r}))))
"""


def _imported_after(argv: list[str] | None) -> list[str]:
    code = PROBE.format(argv=argv, heavy=HEAVY, light=LIGHT) if argv is not None else (
        "import json, sys\nimport bot.cli\n"
        f"print(json.dumps(sorted({{n.split('.')[0] for n in sys.modules if n not in {LIGHT!r}}} & set({HEAVY!r}))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_command_line_loads_no_database_discord_or_game_library():
    assert _imported_after(None) == []


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--players", "5000"], ["no-such-command"]])
def test_help_and_bad_arguments_answer_without_the_heavy_libraries(argv):
    assert _imported_after(argv) == []


def test_a_command_still_loads_what_it_needs():
    """`rulesets` lists the installed games, so it imports the engine (and so pydantic)."""
    assert "engine" in _imported_after(["rulesets"])


def test_a_simulated_game_does_not_load_discord():
    """A simulation posts nothing to Discord: its deadlines' timestamp markup is written by bot/text.py's `when`,
    not by discord.py (issue 30, point 5: importing it took a fifth of a second of every simulated game)."""
    assert "discord" not in _imported_after(["simulate", "--ruleset", "mazeworld", "--players", "1", "--seed", "3"])


def test_a_simulated_game_on_its_own_file_does_not_load_alembic():
    """`brbot simulate` without `--database` makes its new file with the migrated schema itself
    (bot/db/fresh_sqlite.py; issue 30, point 5: Alembic's import and run were 0.4 s of every simulated game)."""
    assert "alembic" not in _imported_after(["simulate", "--ruleset", "mazeworld", "--players", "1", "--seed", "3"])
