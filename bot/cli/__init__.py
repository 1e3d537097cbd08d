"""The `brbot` command line, one room: `commands` (the parser and every command's dispatch), `games` (the
commands that play games with computer players: simulate, balance, rulesets, bench), `common` (the database a
command uses, the collector's tuning), `errors` (the one line a failure prints), `help` and `progress`.

`brbot` is `bot.cli:main`; `python -m bot.cli` runs it too. Standard library only at import, so `--help`
stays fast (tests/cli/test_imports.py).
"""

from bot.cli.commands import DEFAULT_GAME, main, parser

__all__ = ["DEFAULT_GAME", "main", "parser"]
