"""How Battle Royale is played by the computer and judged at its end (`engine.play.Play`): the computer students
(`autoplayer.py`) and their sign-ups (`signups.py`), the game's length in days, its winners and survivors, and
the weapon study of `brbot balance`."""

from __future__ import annotations

from typing import Any

from engine.play import Play, Studies
from engine.rng import RecordingRng


def orders_for(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    from engine.rulesets.battle_royale import autoplayer

    return autoplayer.orders_for(state, seat, rng).model_dump(mode="json")


def signups(players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
    from engine.rulesets.battle_royale.signups import roster

    return roster(players, rng, settings)


def length(state: Any) -> int | None:
    return int(state.settings.days)


def outcome(state: Any) -> dict[str, list[str]]:
    """The winners, and the students alive or escaped at the end, by seat."""
    return {
        "winners": list(state.winners),
        "survivors": [sid for sid, s in sorted(state.students.items()) if s.alive or s.escaped],
    }


def sides(state: Any) -> dict[str, str]:
    """Each student's role (rulings, "Ending and winning": each role has its own win condition): a setup's
    balance is a Dedicated Student's, a Lone Wolf's and a Lover's chance to win. Schools are not sides: they
    are drawn at random and even in size (rulings, "Numbers the handbook does not give"), so each has the same
    chance by construction, and a Rival is a condition on top of a role, not a side."""
    return {sid: str(s.role) for sid, s in sorted(state.students.items())}


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> Studies:
    """The weapon study (`studies.weapon_study`): each weapon's average damage against the handbook's (the
    catalog's numbers: house rules do not change them)."""
    from engine.rulesets.battle_royale.studies import weapon_study

    study = weapon_study(RecordingRng(seed, record=False), trials=trials)
    return {"weapons": {name: row | {"expected": row["handbook"]} for name, row in study.items()}}


PLAY = Play(outcome=outcome, length=length, autoplayer=orders_for, signups=signups, studies=studies, sides=sides)
