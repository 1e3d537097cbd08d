"""`/roll` as a use case: roll with the words of where it is used, store the roll, audit and verify rolls.

A roll in a game's channel belongs to that game: it gets the game's next roll number n and draws from an rng
derived from the game's secret dice seed and n (`roll_rng`), the seed made on the game's first roll. So
`verify_rolls` recomputes every stored roll of a game from the seed, and names each one that differs or is
missing. A roll anywhere else keeps a fresh seed of its own in its row. Every roll is stored, refused ones
are not (nothing is rolled for them): who, when, where, the game, the expression as typed, the result as
data and as text, and whether it was secret.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from bot.db.models import DiceRoll, DiceSeed, Game
from bot.db.session import Database
from bot.services.base import fairness, limits, rights
from bot.services.base.errors import ServiceError
from bot.services.base.lookup import GameRef
from bot.services.base.rights import Caller
from bot.services.base.verification import Verification
from bot.text import say
from engine import registry
from engine.dice import DiceRefused, Rolled, Vocabulary, parse, roll
from engine.rng import RecordingRng

TRIES = 5  # two rolls of one game at the same moment (PostgreSQL): the later takes the next number


@dataclass(frozen=True)
class Where:
    """Where a roll is made: the game of the channel (None outside one), the server and channel (None in a DM)."""

    game: GameRef | None
    guild_id: int | None
    channel_id: int | None


@dataclass(frozen=True)
class Stored:
    rolled: Rolled
    seq: int | None  # the game's roll number (None outside a game)


def roll_rng(seed: str, seq: int) -> RecordingRng:
    """The rng of a game's roll number `seq`: its own stream of the game's dice seed."""
    return fairness.rng_for(hashlib.sha256(f"{seed}/roll/{seq}".encode()).hexdigest())


def vocabulary_of(ruleset: str | None) -> Vocabulary:
    return registry.dice_vocabulary(ruleset)


async def roll_dice(
    db: Database, where: Where, user_id: int, user_name: str, source: str, secret: bool, now: datetime
) -> Stored:
    """Parse, roll and store one `/roll`; a refusal (`ServiceError` with the notation's reason) stores nothing."""
    limits.characters(source, say("what_roll"))  # its label is kept and shown as typed
    user_name = limits.name(user_name)
    vocabulary = vocabulary_of(where.game.ruleset if where.game else None)
    try:
        parsed = parse(source, vocabulary)
    except DiceRefused as refused:
        raise ServiceError(refused.reason) from None
    row = DiceRoll(
        game_id=where.game.id if where.game else None,
        guild_id=where.guild_id,
        channel_id=where.channel_id,
        user_id=user_id,
        user_name=user_name[:100],
        expression=source.strip()[:250],
        secret=secret,
        rolled_at=now,
    )
    if where.game is None:
        row.seed = fairness.new_seed()
        rolled = roll(parsed, vocabulary, fairness.rng_for(row.seed))
        row.result, row.text = rolled.as_dict(), rolled.text
        async with db.transaction() as session:
            session.add(row)
        return Stored(rolled, None)
    for attempt in range(TRIES):
        try:
            async with db.transaction() as session:
                seed = await _game_seed(session, where.game.id)
                last = await session.scalar(select(func.max(DiceRoll.seq)).where(DiceRoll.game_id == where.game.id))
                row.seq = (last or 0) + 1
                rolled = roll(parsed, vocabulary, roll_rng(seed, row.seq))
                row.result, row.text = rolled.as_dict(), rolled.text
                session.add(row)
            return Stored(rolled, row.seq)
        except IntegrityError:
            if attempt == TRIES - 1:
                raise
            row = _fresh(row)
    raise AssertionError("unreachable")  # pragma: no cover


def _fresh(row: DiceRoll) -> DiceRoll:
    """The same roll as a new row (the one whose number was taken is spent with its transaction)."""
    keep = ("game_id", "guild_id", "channel_id", "user_id", "user_name", "expression", "secret", "rolled_at")
    return DiceRoll(**{name: getattr(row, name) for name in keep})


async def _game_seed(session, game_id: int) -> str:
    found = await session.get(DiceSeed, game_id)
    if found is None:
        found = DiceSeed(game_id=game_id, seed=fairness.new_seed())
        session.add(found)
        await session.flush()
    return found.seed


async def rolls_of_game(db: Database, game_id: int, caller: Caller) -> list[DiceRoll]:
    """Every roll of a game, secret ones too, in the order they were made (the moderators' audit: the caller
    is checked, `rights`)."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise ServiceError(say("no_game", game_id=game_id))
        await rights.moderator(session, game, caller)
    return await _rolls(db, game_id)


async def _rolls(db: Database, game_id: int) -> list[DiceRoll]:
    async with db.read() as session:
        rows = await session.execute(select(DiceRoll).where(DiceRoll.game_id == game_id).order_by(DiceRoll.seq))
        return list(rows.scalars())


async def verify_rolls(db: Database, game_id: int) -> Verification:
    """Recompute every stored roll of a game from the game's dice seed and the roll's number; name each roll
    whose stored result differs, and each number missing from the sequence."""
    rows = await _rolls(db, game_id)
    async with db.read() as session:
        game = await session.get(Game, game_id)
        seed_row = await session.get(DiceSeed, game_id)
    differences: list[str] = []
    if rows and seed_row is None:
        return Verification(ok=False, differences=[say("verify_roll_no_seed")])
    vocabulary = vocabulary_of(game.ruleset if game else None)
    expected = 1
    for row in rows:
        seq = row.seq or 0
        while expected < seq:
            differences.append(say("verify_roll_missing", seq=expected))
            expected += 1
        expected = seq + 1
        assert seed_row is not None
        try:
            again = roll(parse(row.expression, vocabulary), vocabulary, roll_rng(seed_row.seed, seq)).as_dict()
        except DiceRefused as refused:
            differences.append(say("verify_roll_unreadable", seq=seq, reason=refused.reason))
            continue
        if again != row.result or again["text"] != row.text:
            differences.append(say("verify_roll", seq=seq, name=row.user_name, stored=row.text, replayed=again["text"]))
    return Verification(ok=not differences, differences=differences)
