"""How an Infinity: Intervention combat is played by the computer and judged at its end (`engine.play.Play`): the
script (`autoplayer.py`) for the awaited actor, the demo fight's player characters, the prevailing side and
the fighters not killed, and the studies of `brbot balance` (`studies.py`). A step is one post or one answer,
so how many steps a combat takes depends on the fight: its length is not known."""

from __future__ import annotations

from typing import Any

from engine.play import Play, Studies
from engine.rng import RecordingRng
from engine.ruleset import SignUp


def orders_for(state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
    """The script for the awaited actor `seat` controls: its post, or its face-off answer."""
    from engine.rulesets.infinity_intervention.autoplayer import scripted_answer, scripted_post

    actor = seat if seat in state.fighters else state.awaited
    if state.pending is not None:
        answer = scripted_answer(state, actor, state.pending.attacker)
        return {"answer": answer.model_dump(mode="json")}
    return dict(scripted_post(state, actor).model_dump(mode="json"))


def signups(players: int, rng: RecordingRng, settings: Any = None) -> list[Any]:
    """The demo fight's PCs, one a player (at most its two PCs)."""
    return [SignUp(seat=f"s{n}", name=f"Player {n}") for n in range(1, min(players, 2) + 1)]


def outcome(state: Any) -> dict[str, list[str]]:
    """The prevailing side wins (rulings, "End": the other side has no able member), the survivors are the
    fighters not killed: a player's character as its player's seat, the game master's fighters by name
    ("Yan Huo"), as Mazeworld names its creatures. An undecided or ended combat has no winners."""

    def who(fighters: list[Any]) -> list[str]:
        seats = sorted({f.controller for f in fighters if f.controller})
        return seats + [f.name for f in fighters if not f.controller]

    fighters = list(state.fighters.values())
    side = state.outcome if state.outcome in ("pc", "npc") else None
    return {
        "winners": who([f for f in fighters if f.side == side]),
        "survivors": who([f for f in fighters if not f.killed]),
    }


def sides(state: Any) -> dict[str, str]:
    """Each seat's side, as the roster gives the fighters it controls (`pc` or `npc`; rulings, "End": a side
    prevails): which side of the combat the seat fights for."""
    found: dict[str, str] = {}
    for _, fighter in sorted(state.fighters.items()):
        if fighter.controller:
            found.setdefault(fighter.controller, str(fighter.side))
    return dict(sorted(found.items()))


def scripted(settings: Any) -> bool:
    """Under `npc_orders = gm` the game master alone posts for the NPCs: the script plays no side of it."""
    return bool(settings.npc_orders != "gm")


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> Studies:
    from engine.rulesets.infinity_intervention.studies import studies as measured

    return measured(trials, seed)


PLAY = Play(outcome=outcome, autoplayer=orders_for, signups=signups, studies=studies, sides=sides, scripted=scripted)
