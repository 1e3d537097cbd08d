"""`brbot texts`: the translators' commands (bot/languages/, docs/languages.md).

- `check [LANG]`: every problem of one language, or of every language the bot has files for (exit 1 on any);
- `export LANG [--domain D] [--out FILE]`: the language as one PO file, to translate;
- `import FILE [--language LANG] [--into DIR]`: a translated PO file into the bot's languages (default: the
  directory `BRBOT_LANGUAGES_DIR` names, else the bot's own `bot/locales/`), then checked.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.text import say


def _domains(args: argparse.Namespace) -> set[str] | None:
    return set(args.domain) if getattr(args, "domain", None) else None


def check(args: argparse.Namespace) -> int:
    from bot.languages import ENGLISH, normalized
    from bot.languages.catalogue import available
    from bot.languages.check import check as problems_of

    languages = [normalized(args.language)] if args.language else [lang for lang in available() if lang != ENGLISH]
    if args.language and languages[0] == ENGLISH:
        print(say("texts_english_is_source"))
        return 0
    failed = 0
    for language in languages:
        problems = problems_of(language, _domains(args))
        for problem in problems:
            print(f"{language}: {problem}")
        print(say("texts_checked", language=language, count=len(problems)), file=sys.stderr)
        failed += len(problems)
    return 1 if failed else 0


def export(args: argparse.Namespace) -> int:
    from bot.languages.po import export as exported

    data = exported(args.language, _domains(args))
    if args.out:
        Path(args.out).write_bytes(data)
        print(say("texts_exported", language=args.language, path=args.out), file=sys.stderr)
    else:
        sys.stdout.buffer.write(data)
    return 0


def import_(args: argparse.Namespace) -> int:
    from bot.languages.catalogue import ENVIRONMENT, OWN
    from bot.languages.check import check as problems_of
    from bot.languages.po import import_file
    from bot.services.base.errors import ServiceError

    into = Path(args.into or os.environ.get(ENVIRONMENT) or OWN)
    try:
        done = import_file(Path(args.file), into, args.language)
    except (OSError, ValueError) as error:
        raise ServiceError(say("texts_import_failed", file=args.file, reason=str(error))) from None
    for refused in done.refused:
        print(say("texts_import_refused", entry=refused), file=sys.stderr)
    count = sum(done.written.values())
    print(say("texts_imported", count=count, language=done.language, path=str(into / done.language)))
    problems = problems_of(done.language, set(done.written) or None)
    print(say("texts_checked", language=done.language, count=len(problems)), file=sys.stderr)
    return 1 if done.refused or problems else 0


def add_parser(sub: argparse._SubParsersAction, command) -> None:  # noqa: ANN001 (bot.cli.commands._command)
    p = command(sub, "texts", help="the bot's languages: check a translation, export it to translate, import one")
    texts = p.add_subparsers(dest="texts_command", required=True, metavar="ACTION", parser_class=type(p))
    c = command(texts, "check", help="list a language's missing and extra texts, placeholders, plurals and lengths")
    c.add_argument("language", nargs="?", help="a language, as Discord names it (default: every one the bot has)")
    c.add_argument("--domain", action="append", help="only this catalogue (bot, or a game's: battle_royale.front)")
    c.set_defaults(run=check)
    e = command(texts, "export", help="write a language's texts as a PO file for translators")
    e.add_argument("language", help="the language, as Discord names it (pt-BR, es-ES, pl, de)")
    e.add_argument("--domain", action="append", help="only this catalogue (repeatable)")
    e.add_argument("--out", metavar="FILE.po", help="write here (default: standard output)")
    e.set_defaults(run=export)
    i = command(texts, "import", help="add a translated PO file to the bot's languages, then check it")
    i.add_argument("file", help="the PO file")
    i.add_argument("--language", help="its language, if the file's Language header does not say")
    i.add_argument("--into", help="the languages directory (default: BRBOT_LANGUAGES_DIR, else the bot's own)")
    i.set_defaults(run=import_)
