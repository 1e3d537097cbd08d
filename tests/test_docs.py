"""The docs tell the truth about the repository: every file a doc names in backticks exists (a test named
`file.py::test_name` is a test of that file), every slash command a doc names is one the bot registers
(read from the cogs' own command trees, as tests/bot/test_cog_texts.py reads them), and no doc's title
carries an issue number (issue 29, point 6: docs/bot.md named `bot/cogs/ordering.py`, `/pickup` and
`/equip`, none of which exists any more).

What counts as a repository path: a code span without spaces that has a `/` and starts with one of the
repository's top-level folders or files, or that ends in a file extension the repository uses
(`ruleset.py`). It is found at the repository's root, or (on a game's page, docs/rules/<game>.md) in that
game's package or tests, or as the end of a repository path (`front/texts.py`). `module.name` (a function of
a module: `bot/services/people/groups.sync`) names a module that defines that name. A `{placeholder}`, a
`<placeholder>` and an upper-case `FILE.jsonl` are what the reader fills in; a glob must match. A dotted
name of the code (`Play.outcome`, `Ruleset.awaiting`) must be a module and its attributes (a
model's field counts). `../shared/rules/...` is checked where the rules texts are cloned.
Commands: `/name`, `/group sub` and `/act action:verb` (a game's verb under the shared `/act`, `/item`,
`/skill`) must be registered; the tests' own duel game (docs/rulesets.md's worked example) counts too."""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from discord import app_commands

from tests.shared_rules import SHARED_RULES

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs" / "rules").glob("*.md")])
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "brbot.egg-info"}
EXTENSIONS = ("py", "md", "yaml", "yml", "toml", "json", "png", "lock", "ini", "txt", "css", "js", "cfg", "sh")
SPAN = re.compile(r"(?<!`)`([^`]+?)`(?!`)")  # one code span, which may wrap onto the next line
FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```", re.M | re.S)
BARE_COMMAND = re.compile(r"(?<![\w/.:<>~`\-\]+^$])/([a-z][a-z0-9_]*)\b(?![/.\w])")


def repository_files() -> list[str]:
    """Every file and folder of the checkout (folders end in `/`), without the virtualenv and caches."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        base = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if base == "." else f"{base}/"
        found += [f"{prefix}{d}/" for d in dirs] + [f"{prefix}{f}" for f in files]
    return found


FILES = repository_files()
TOP = {path.split("/")[0] for path in FILES}
WEB_ROUTES = set(re.findall(r'Route\("(/[a-z_]*)"', (ROOT / "bot" / "web" / "app.py").read_text(encoding="utf-8")))


@dataclass(frozen=True)
class Commands:
    """What the bot registers: top-level names, each group's subcommands, each shared command's verbs."""

    top: frozenset[str]
    subcommands: dict[str, frozenset[str]]
    verbs: dict[str, frozenset[str]]


def registered() -> Commands:
    from bot.cogs import cog_classes
    from engine import registry
    from tests.duel.front import COMMANDS as DUEL

    top, subs = set(), {}
    for cog_class in cog_classes():
        for command in cog_class.__cog_app_commands__:
            top.add(command.name)
            if isinstance(command, app_commands.Group):
                subs[command.name] = frozenset(c.name for c in command.commands)
    verbs: dict[str, set[str]] = {}
    for front in registry.fronts().values():
        for declared in front.orders.commands:
            if declared.under:
                verbs.setdefault(declared.under, set()).add(declared.name)
    top |= {c.top_level for c in DUEL}  # the worked example of docs/rulesets.md, installed by its tests
    return Commands(frozenset(top), subs, {k: frozenset(v) for k, v in verbs.items()})


def spans(text: str) -> list[str]:
    """The code spans of a doc outside its fenced blocks (those are shell sessions and transcripts), in order,
    with a span wrapped onto a second line joined again."""
    prose = FENCE.sub("", text)
    return [" ".join(s.split()) for s in SPAN.findall(prose) if "\n\n" not in s]


def commands_named(text: str) -> list[str]:
    """Every slash command a doc names: in a code span, or in running text (`/join` written plainly)."""
    prose = FENCE.sub("", text)
    named = [s for s in spans(text) if re.match(r"/[a-z]", s) and "/" not in s.split(" ")[0][1:]]
    named = [s for s in named if s.split(" ")[0] not in WEB_ROUTES]  # `/healthz`: the web site's, docs/web.md
    plain = SPAN.sub("", prose)
    plain = re.sub(r"https?://\S+", "", plain)
    return named + [f"/{m.group(1)}" for m in BARE_COMMAND.finditer(plain)]


def command_problem(named: str, bot: Commands) -> str | None:
    words = named[1:].split(" ")
    name = words[0]
    if name not in bot.top:
        return f"{named}: /{name} is not a command the bot registers"
    following = words[1] if len(words) > 1 else ""
    if name in bot.subcommands and re.fullmatch(r"[a-z][a-z0-9_]*", following):
        if following not in bot.subcommands[name]:
            return f"{named}: /{name} has no subcommand {following}"
    if following.startswith("action:") and name in bot.verbs:
        verb = following.removeprefix("action:")
        every = set().union(*bot.verbs.values())  # the verb decides: any game's verb works from any grouped command
        if re.fullmatch(r"[a-z][a-z0-9_]*", verb) and verb not in every:
            return f"{named}: no game has the verb {verb} under /{name}"
    return None


def looks_like_path(span: str) -> bool:
    if " " in span or "://" in span or span.startswith(("/", "-", "$", "+")) or re.search(r"[{}<>=|@]", span):
        return False
    head = span.removeprefix("../").split("/")[0]
    if "/" in span and (head in TOP or span.startswith(("shared/rules/", "../shared/"))):
        return True
    name = span.split("::")[0].split("/")[-1]
    return bool(re.fullmatch(r"[\w*.\-]+\.(" + "|".join(EXTENSIONS) + ")", name)) and not name.split(".")[0].isupper()


def _exists(path: str, where: list[str]) -> str | None:
    """The repository file `path` names (from one of the folders `where`, or as the end of a path)."""
    path = path.removeprefix("./")
    for base in [*where, ""]:
        candidate = f"{base}{path}"
        if "*" in path:
            if any(fnmatch.fnmatchcase(f, candidate) for f in FILES):
                return candidate
        elif (ROOT / candidate).exists() and candidate.split("/")[0] in TOP:
            return candidate
    ends = [f"*/{path}", f"*/{path}/"]
    return next((f for f in FILES if any(fnmatch.fnmatchcase(f, end) for end in ends)), None)


def path_problem(span: str, doc: Path, last_file: list[str | None]) -> str | None:
    """Why `span` names no file of the repository (None: it does). `last_file` is the file named last, for a
    following `::test_name`; it is updated."""
    path, _, test = span.partition("::")
    test = test.split("[")[0]
    if not path:  # `::test_name`, a test of the file named just before
        return _test_problem(span, last_file[0], test)
    path = re.sub(r":\d+$", "", path.rstrip(".,;:"))
    if path.startswith(("shared/rules", "../shared/rules")):  # the rules texts, cloned beside the repository
        rule = path.split("shared/rules", 1)[1].strip("/")
        if not SHARED_RULES.is_dir() or not rule or list(SHARED_RULES.glob(rule)):
            return None
        return f"{span}: no such rules text"
    where: list[str] = []
    if doc.parent.name == "rules":
        game = doc.stem.replace("-", "_")
        where = [f"engine/rulesets/{game}/", f"tests/{game}/"]
    found = _exists(path, where)
    if found is None and re.search(r"\.[a-z_]+$", path) and not path.endswith(tuple(f".{e}" for e in EXTENSIONS)):
        module, attribute = path.rsplit(".", 1)  # `bot/services/people/groups.sync`: a name in a module
        found = _exists(module + ".py", where)
        if found is not None and not re.search(rf"^\s*(async def |def |class )?{attribute}\b", _read(found), re.M):
            return f"{span}: {found} defines no {attribute}"
    if found is None and "/" not in path and SHARED_RULES.is_dir() and list(SHARED_RULES.glob(path)):
        return None  # a rules text by its name (`mazeworld-rulings.md`)
    if found is None and "/" not in path and not SHARED_RULES.is_dir() and path.endswith((".txt", "rulings.md")):
        return None  # most likely a rules text, which this machine has not cloned
    if found is None:
        return f"{span}: no such file in the repository"
    last_file[0] = found
    return _test_problem(span, found, test) if test else None


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _test_problem(span: str, file: str | None, test: str) -> str | None:
    if file is None or not file.endswith(".py"):
        return f"{span}: a test named without its file"
    tests = re.findall(r"^\s*(?:async )?def (test\w*)\(", _read(file), re.M)
    if not any(fnmatch.fnmatchcase(name, test) for name in tests):  # `test_cover_*`: one test or more
        return f"{span}: {file} has no test {test}"
    return None


def name_problem(span: str) -> str | None:
    """Why the dotted name `span` names nothing of the code (None: it does, or it is no dotted name)."""
    import importlib

    from engine import front, play
    from engine.ruleset import Ruleset

    named = {"Ruleset": Ruleset, "Play": play.Play} | {
        part: getattr(front, part) for part in ("Front", "Orders", "Cards", "Pictures", "Posts", "Signup", "Trade", "Groups")
    }
    if re.fullmatch(r"(" + "|".join(named) + r")(\.\w+)+", span):
        head, *rest = span.split(".")
        target: object = named[head]
    elif re.fullmatch(r"(bot|engine)(\.\w+)+", span):
        parts = span.split(".")
        for i in range(len(parts), 0, -1):
            try:
                target, rest = importlib.import_module(".".join(parts[:i])), parts[i:]
                break
            except ImportError:
                continue
    else:
        return None
    for name in rest:
        fields = getattr(target, "model_fields", None) or getattr(target, "__dataclass_fields__", None) or {}
        if name in fields or name in getattr(target, "__annotations__", {}):
            return None  # a field: what it holds is not followed further
        if not hasattr(target, name):
            return f"{span}: {name} is not there"
        target = getattr(target, name)
    return None


def problems(doc: Path, text: str, bot: Commands) -> list[str]:
    found = []
    last_file: list[str | None] = [None]
    for span in spans(text):
        if problem := name_problem(span):
            found.append(problem)
        if looks_like_path(span) or span.startswith("::"):
            problem = path_problem(span, doc, last_file)
            if problem:
                found.append(problem)
    found += [p for named in commands_named(text) if (p := command_problem(named, bot))]
    for title in (line for line in FENCE.sub("", text).splitlines() if line.startswith("#")):
        if re.search(r"\bissues? \d+|#\d+", title, re.I):
            found.append(f"title {title!r} carries an issue number")
    return found


@pytest.fixture(scope="module")
def bot() -> Commands:
    return registered()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_and_command_a_doc_names_exists(doc: Path, bot: Commands) -> None:
    assert problems(doc, doc.read_text(encoding="utf-8"), bot) == []


def test_the_check_finds_a_missing_file_an_unregistered_command_and_an_issue_number(bot: Commands) -> None:
    doc = ROOT / "docs" / "bot.md"
    text = (
        "# The bot (issue 29)\n\n`bot/cogs/ordering.py` and `bot/ui/item_keys.py`; `/pickup`, then /equip and "
        "`/game nosuch`, `/skill action:fly`; `test_docs.py::test_no_such_test`; `bot/services/people/groups.nosuch`.\n"
        "`Ruleset.data_settings`, `engine.front.Front.nosuch`, `bot.services.nosuch`.\n"
        "Named rightly: `bot/cogs/info.py`, `front/texts.py`, `/game settings web`, `/item action:pickup`, /join, "
        "`test_docs.py::test_every_file_and_command_a_doc_names_exists`, `bot/services/people/groups.sync`, "
        "`engine.play.Play.outcome`, `Ruleset.awaiting`, `bot.services.steps.simulation.SimulationResult.last`.\n"
    )
    assert problems(doc, text, bot) == [
        "bot/cogs/ordering.py: no such file in the repository",
        "bot/ui/item_keys.py: no such file in the repository",
        "test_docs.py::test_no_such_test: tests/test_docs.py has no test test_no_such_test",
        "bot/services/people/groups.nosuch: bot/services/people/groups.py defines no nosuch",
        "Ruleset.data_settings: data_settings is not there",
        "engine.front.Front.nosuch: nosuch is not there",
        "bot.services.nosuch: nosuch is not there",
        "/pickup: /pickup is not a command the bot registers",
        "/game nosuch: /game has no subcommand nosuch",
        "/skill action:fly: no game has the verb fly under /skill",
        "/equip: /equip is not a command the bot registers",
        "title '# The bot (issue 29)' carries an issue number",
    ]


def _readme_commands() -> dict[str, str]:
    """The README's table of `brbot` commands: each command's name and its row."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## The `brbot` command line", 1)[1].split("\n\n", 2)[1]
    return {m.group(1): line for line in table.splitlines() if (m := re.match(r"\| `brbot (\w+)", line))}


def _parser_options() -> dict[str, set[str]]:
    import argparse

    from bot.cli import parser

    subparsers = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: {o for action in sub._actions for o in action.option_strings if o.startswith("--") and o != "--help"}
        for name, sub in subparsers.choices.items()
    }


def test_the_readmes_command_table_names_every_command_and_option_brbot_has():
    """Each `brbot` command has its row, naming exactly the options the command takes (`bench` lacked `--quick`
    and `--database`). The `web` row is the web site's part (docs/web.md names `--forwarded-allow-ips`):
    only its named options are checked there."""
    rows, options = _readme_commands(), _parser_options()
    assert set(rows) == set(options)
    named = {name: set(re.findall(r"--[a-z][a-z-]*", row.split("|")[1])) for name, row in rows.items()}
    wrong = {name: named[name] ^ options[name] for name in rows if named[name] ^ options[name]}
    assert wrong.pop("web", set()) <= options["web"]
    assert wrong == {}


def test_the_readme_says_the_columns_brbot_rulesets_prints():
    from bot.text import say

    row = _readme_commands()["rulesets"].split("|")[2]
    listed = re.split(r", | and ", row.split(":", 1)[1].strip())
    assert listed == say("cli_rulesets_header").split()


def test_the_readme_calls_complete_the_games_whose_pages_say_complete():
    """The README said Infinity had "parts still missing" while its page listed nothing missing."""
    pages = (ROOT / "docs" / "rules").glob("*.md")
    titles = {page.stem: page.read_text(encoding="utf-8").splitlines()[0] for page in pages}
    assert all("Status: complete" in title for title in titles.values() if "Status:" in title), titles
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = " ".join(readme.split("## Quick start")[0].split())
    assert "missing" not in intro and "in progress" not in intro
    rows = [line for line in readme.splitlines() if line.startswith("| `engine/rulesets/")]
    assert len(rows) == len(titles) and all("complete" in row for row in rows), rows


def test_the_number_of_top_level_commands_a_doc_gives_is_the_bots():
    """docs/bot.md said the bot registers 25 top-level commands; it registers 28."""
    from bot.cogs import cog_classes, top_level_names

    count = len(top_level_names(cog_classes()))
    said = [
        (doc.name, int(n))
        for doc in DOCS
        for n in re.findall(r"registers (\d+) top-level commands", " ".join(doc.read_text(encoding="utf-8").split()))
    ]
    assert said and all(n == count for _, n in said), (count, said)
