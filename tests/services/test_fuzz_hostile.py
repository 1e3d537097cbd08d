"""Issue 22's fuzz test: hostile and random values thrown at every declared command of every game (each
game's `engine.front` declarations: its order commands and its moderators' actions), at the bot's own text
and number options, and at every upload (a moderator's data file, a player's sheet), through the services,
on SQLite and PostgreSQL. Any answer is a success or a refusal (`ServiceError`, with a message); nothing else
may come out, the game's state must still load, and the game must still resolve (no stored order stalls it).

Hypothesis draws the examples (derandomized: the same ones on every run, so the test is not flaky); they are
collected first, then played against the database in order (the database fixture is async)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.db.models import Game
from bot.services.base import lookup
from bot.services.moderators import game_admin, moderation
from bot.services.orders import commands, dice
from bot.services.people import groups
from bot.services.signup import data_files, games
from bot.services.steps import resolution
from bot.services.signup import sheets
from bot.services.base.common import load_state
from bot.services.base.errors import ServiceError
from bot.services.base.rights import Caller
from engine import registry
from tests.services.conftest import NOW, mod

GAMES = ("battle_royale", "battle_royale_cards", "infinity_intervention", "mazeworld", "starcraft_mafia")
EXAMPLES = 30  # per game and database
DEEP = "[" * 300 + "]" * 300
TEXTS = ["look\x00around", "\ud800", "a\udfffb", "<@123>", "<@&456> @everyone", "x" * 7000, "", " ", "**b**",
         "\u202e", "9" * 4301, "s1", "s2", "Player1", "1", "-1", DEEP, "héllo 🎲", "1d6", "2d6+3 # ouch\x00"]
NUMBERS = [0, -1, 1, 2, 3, 2**53, 2**63, -(2**63), 10**400, 1.5, float("nan"), float("inf"), -0.0]
HOSTILE: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(TEXTS),
    st.text(max_size=30),
    st.sampled_from(NUMBERS),
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just([[[[[[[[[[[[1]]]]]]]]]]]]),
    st.builds(Caller, user_id=st.integers()),
)


def examples(strategy: st.SearchStrategy[Any], count: int = EXAMPLES) -> list[Any]:
    """`count` values of `strategy`, the same on every run."""
    found: list[Any] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found[:count]


def _options(command) -> st.SearchStrategy[dict[str, Any]]:
    """A command's options: each left out, a value of its own kind, or a hostile one; now and then a key
    the command does not declare."""
    def one(option) -> st.SearchStrategy[Any]:
        own: list[st.SearchStrategy[Any]] = [HOSTILE]
        if option.choices:
            own.append(st.sampled_from([value for _, value in option.choices]))
        if option.type in ("integer", "number"):
            own.append(st.integers(min_value=-3, max_value=30))
        if option.type == "boolean":
            own.append(st.booleans())
        return st.one_of(*own)

    fixed = {o.name: st.one_of(st.nothing() if o.required else st.none(), one(o)) for o in command.options}
    return st.fixed_dictionaries({}, optional=fixed).flatmap(
        lambda values: st.one_of(st.just(values), st.builds(lambda extra: values | extra,
                                                            st.dictionaries(st.sampled_from(["zzz", ""]), HOSTILE,
                                                                            max_size=1)))
    )


SWEPT = ["look\x00around", 10**400, ["a list"], "\ud800", {"a": 1}, float("nan"), "x" * 7000, -(2**63), True]


def _sweep(ruleset: str) -> list[tuple]:
    """Every option of every declared command, in turn, given a hostile value (a text option: U+0000, and
    once more a lone surrogate; another: the next of `SWEPT`), the others left out."""
    front = registry.front(ruleset)
    uses: list[tuple] = []
    turn = 0
    for kind, declared in [("order", c) for c in front.orders.commands] + [("mod", m) for m in front.moderation]:
        for option in declared.options:
            values = ["look\x00around", "\ud800"] if option.type == "text" else [SWEPT[turn % len(SWEPT)]]
            turn += 1
            uses += [(kind, 1 if kind == "order" else 2, declared.name, {option.name: v}, None) for v in values]
    return uses


def _uses(ruleset: str) -> st.SearchStrategy[tuple]:
    """One use of the game's commands: ("order", user, command, values, actor) or ("mod", user, action, values)."""
    front = registry.front(ruleset)
    orders = [
        st.tuples(st.just("order"), st.sampled_from([1, 2, 3, 0, -1]), st.just(c.name), _options(c),
                  st.one_of(st.sampled_from([None, None, None, "\x00", "bandit", "s1", "x" * 300]), HOSTILE))
        for c in front.orders.commands
    ]
    actions = [
        st.tuples(st.just("mod"), st.one_of(st.sampled_from([1, 2, None, 0, -7, 2**70])), st.just(m.name),
                  _options(m), st.just(None))
        for m in front.moderation
    ]
    bot = st.tuples(st.just("bot"), st.sampled_from([1, 2]), st.sampled_from(
        ["end", "extend", "pause_for", "settings", "substitute", "roll", "say", "join", "create", "create_when",
         "create_cap"]),
        st.tuples(HOSTILE, HOSTILE), st.just(None))
    return st.one_of(*orders, *actions, bot)


async def _use(db, game_id: int, use: tuple) -> None:
    kind, user, name, values, actor = use
    if kind == "order":
        moderator = mod() if actor is not None else False
        await commands.give_order(db, game_id, user, name, values, NOW, actor=actor, moderator=moderator)
    elif kind == "mod":
        await moderation.act(db, game_id, mod(), user, name, values)
    else:
        first, second = values
        await _bot_service(db, game_id, user, name, first, second)


async def _bot_service(db, game_id: int, user: int, name: str, first: Any, second: Any) -> None:
    """The bot's own text and number options, hostile values in them (the moderator's; none ends the game)."""
    if name == "end":
        await moderation.end(db, game_id, first, second)  # `first` is no caller: always refused
    elif name == "extend":
        await moderation.extend(db, game_id, mod(), first)
    elif name == "pause_for":
        await moderation.pause_for(db, game_id, second, NOW, first)
    elif name == "settings":
        await game_admin.change_setting(db, game_id, mod(), first, second)
    elif name == "substitute":
        await moderation.substitute(db, game_id, mod(), user, first, second)
    elif name == "roll":
        where = dice.Where(game=await lookup.game_by_id(db, game_id), guild_id=None, channel_id=555)
        await dice.roll_dice(db, where, user, second, first, False, NOW)
    elif name == "say":
        await groups.relay(db, game_id, user, first)
    elif name == "join":
        await games.join_game(db, game_id, first, second)
    elif name == "create":
        await games.create_game(db, name=first, ruleset=second, channel_id=600)
    elif name == "create_when":
        await games.create_game(db, name="When", channel_id=601, deadline_time=first, timezone=second)
    else:
        await games.create_game(db, name="Cap", channel_id=602, signup_cap=first, early_resolution=second,
                                settings=second)


async def _started(db, ruleset: str) -> int:
    game = await games.create_game(db, name=f"Fuzz {ruleset}", ruleset=ruleset, channel_id=555)
    for user in range(1, max(registry.get(ruleset).min_players, 2) + 1):
        await games.join_game(db, game.id, user, f"Player{user}")
    await games.start_game(db, game.id, NOW)
    return game.id


async def _still_loads(db, game_id: int) -> None:
    async with db.read() as session:
        game = await session.get(Game, game_id)
        if game.state is not None:
            load_state(game)


@pytest.mark.parametrize("ruleset", GAMES)
async def test_hostile_commands_are_answered_or_refused_and_the_game_still_resolves(db, ruleset):
    game_id = await _started(db, ruleset)
    for use in _sweep(ruleset) + examples(_uses(ruleset)):
        try:
            await _use(db, game_id, use)
        except ServiceError as refused:
            assert refused.message.strip(), use
        await _still_loads(db, game_id)
    async with db.read() as session:
        game = await session.get(Game, game_id)
        status, day, deadline = game.status, game.day, game.deadline
    if status == "running":  # no stored order stalls the game: the day resolves at its deadline
        later = (deadline or NOW) + timedelta(minutes=1)
        assert await resolution.resolve_day(db, game_id, later, expected_day=day) is not None
        await _still_loads(db, game_id)


def _document() -> st.SearchStrategy[str]:
    """A file's text: random JSON-like data with hostile leaves, as JSON or YAML, or a hostile text as is."""
    leaves = st.one_of(HOSTILE.filter(lambda v: not isinstance(v, Caller)), st.sampled_from(["Twin", "zones"]))
    data = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                        max_leaves=12)

    def dumped(value: Any, as_json: bool) -> str:
        if as_json:
            return json.dumps({"name": "Fuzz", "zones": value, "x": value}, allow_nan=True)
        try:
            return yaml.safe_dump({"name": "Fuzz", "zones": value}, allow_unicode=False)
        except (yaml.YAMLError, UnicodeError):
            return "name: [unclosed"
    return st.one_of(st.builds(dumped, data, st.booleans()), st.sampled_from(TEXTS),
                     st.sampled_from(['{"a": ' * 400 + "1" + "}" * 400, "a:\n" + "".join(" " * n + "- \n" for n in range(300)),
                                      '{"name": ' + "9" * 4301 + "}", '{"name": "\\ud800"}', "name: !!binary aGk=\n",
                                      "name: 2026-01-01\n", "? [a, b]\n: c\n", "name: !!set {a, b}\n"]))


@pytest.mark.parametrize("ruleset", [g for g in GAMES if registry.front(g).signup.data or registry.front(g).signup.sheet])
async def test_hostile_uploads_are_loaded_or_refused(db, ruleset):
    front = registry.front(ruleset)
    signup = await games.create_game(db, name="Sheets", ruleset=ruleset, channel_id=557)
    await games.join_game(db, signup.id, 1, "Player1")
    for number, (text, suffix) in enumerate(examples(st.tuples(_document(), st.sampled_from([".json", ".yaml"])),
                                                     EXAMPLES // 2)):
        raw = text.encode("utf-8", "surrogatepass")

        async def read(raw: bytes = raw) -> bytes:
            return raw
        if front.signup.data is not None:
            try:
                loaded = await data_files.read_data_file(ruleset, f"f{suffix}", len(raw), read)
            except ServiceError as refused:
                assert refused.message.strip()
            else:  # taken: the game can be created with it, on either database
                await game_admin.create(db, guild_id=1, channel_id=10_000 + number, actor_id=mod(), name="Up",
                                        ruleset=ruleset, data=loaded)
        if front.signup.sheet is not None:
            try:
                await sheets.attach(db, signup.id, 1, f"sheet{suffix}", len(raw), read)
            except ServiceError as refused:
                assert refused.message.strip()
    assert await sheets.signup_sheets(db, signup.id, mod()) is not None or front.signup.sheet is None
