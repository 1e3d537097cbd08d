"""`brbot setup`: setups on the command line (bot/services/setups/, docs/setups.md).

- `list [--ruleset NAME] [--database URL]`: the public setups and the operator's, by game and name, with the
  games played with each;
- `export SETUP [--out FILE] [--database URL]`: a setup, every version, as the YAML file a community shares;
- `delete SETUP [--database URL]`: a setup out of every list, whoever saved it (the operator's right); its versions
  stay, with the games played with them and their record;
- `import FILE [--ruleset NAME] [--name NAME] [--share private|server|public] [--no-predict] [--database URL]`:
  a setup file as a new setup of the operator's (every version checked by the game first; public by default,
  as a file passed around is), or a game's plain data file (a map, a deck, a roster: `--ruleset` names its game
  and `--name` the setup) as a setup's first version; then each imported version's balance is predicted in the
  foreground, as the bot predicts a saved one (a worker process; how many games were played so far on a line
  of stderr, on a terminal), and its line printed (`--no-predict`: none).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.common import database
from bot.text import say

if TYPE_CHECKING:
    from bot.db.session import Database
    from bot.services.setups.setups import SetupInfo

OPERATOR = 0  # the command line's user: the bot's operator


async def list_(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.setups import setups

    db = Database(database(args, existing=True))
    try:
        found = await setups.listed(db, user_id=OPERATOR, ruleset=args.ruleset, scope="all")
    finally:
        await db.dispose()
    if not found:
        print(say("cli_setups_none"))
        return 0
    for info in found:
        print(say("cli_setup_line", id=info.id, game=info.ruleset, name=info.name, number=info.latest.number,
                  visibility=info.visibility, games=info.games))  # fmt: skip
    return 0


async def export(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.setups import files, setups

    db = Database(database(args, existing=True))
    try:
        info = await setups.show(db, args.setup, user_id=OPERATOR)
    finally:
        await db.dispose()
    text = files.exported(info)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(say("cli_setup_exported", name=info.name, path=args.out), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


async def delete(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.base.errors import ServiceError
    from bot.services.setups import setups

    db = Database(database(args, existing=True))
    try:
        name = await setups.delete(db, args.setup, author_id=OPERATOR, operator=True)
    except ServiceError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        await db.dispose()
    print(say("cli_setup_deleted", id=args.setup, name=name))
    return 0


async def import_(args: argparse.Namespace) -> int:
    from bot.db.session import Database
    from bot.services.setups import files

    path = Path(args.file)
    raw = path.read_bytes()
    db = Database(database(args, existing=True))
    try:
        made = await files.saved_file(db, raw, author_id=OPERATOR, visibility=args.share, name=args.name,
                                      filename=path.name, ruleset=args.ruleset)  # fmt: skip
        info = made.info
        print(say("cli_setup_imported", id=info.id, name=info.name, game=info.ruleset, count=len(info.versions)))
        if made.summary:  # a game's data file: what its loader read
            print(made.summary)
        if args.predict:
            await _predicted(db, info)
    finally:
        await db.dispose()
    return 0


async def _predicted(db: Database, info: SetupInfo) -> None:
    """Each version's balance predicted in turn, as the bot predicts a saved one, and its line printed."""
    from bot.cli.progress import Line
    from bot.screens.setup import balance_line
    from bot.services.setups import predict, setups

    line = Line(sys.stderr)
    try:
        for version in info.versions:

            def shown(games: int, number: int = version.number) -> None:
                line.show(say("cli_setup_predicting", name=info.name, number=number, games=games))

            shown(0)
            done = await predict.predict(db, version.id, on_batch=shown)
            line.clear()
            balance = balance_line(setups.Balance(done, None, info.ruleset))
            print(say("cli_setup_predicted", name=info.name, number=version.number, balance=balance))
    finally:
        line.clear()
        predict.shutdown()


def add_parser(sub: argparse._SubParsersAction, command) -> None:  # noqa: ANN001 (bot.cli.commands._command)
    p = command(sub, "setup", help="setups: a community's own versions of a game, listed, exported and imported")
    actions = p.add_subparsers(dest="setup_command", required=True, metavar="ACTION", parser_class=type(p))
    a = command(actions, "list", help="list the public setups and the operator's, by game and name")
    a.add_argument("--ruleset", help="one game's setups only")
    a.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    a.set_defaults(run=list_)
    e = command(actions, "export", help="write a setup, every version, as a YAML file to share")
    e.add_argument("setup", type=int, help="the setup's number (brbot setup list)")
    e.add_argument("--out", metavar="FILE.yaml", help="write here (default: standard output)")
    e.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    e.set_defaults(run=export)
    d = command(actions, "delete", help="take a setup out of every list; its versions stay with their games")
    d.add_argument("setup", type=int, help="the setup's number (brbot setup list)")
    d.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    d.set_defaults(run=delete)
    i = command(actions, "import", help="add a setup file as a new setup, every version checked by its game")
    i.add_argument("file", help="the setup file, or a game's data file (YAML or JSON)")
    i.add_argument("--ruleset", help="the game of a data file (a setup file says its own)")
    i.add_argument("--name", help="the setup's name (a data file has none; a setup file's is replaced)")
    i.add_argument("--share", choices=("private", "server", "public"), default="public", help="who may see it")
    i.add_argument("--no-predict", dest="predict", action="store_false",
                   help="store the versions without predicting their balance")  # fmt: skip
    i.add_argument("--database", help="database URL (default: BRBOT_DATABASE_URL)")
    i.set_defaults(run=import_)
