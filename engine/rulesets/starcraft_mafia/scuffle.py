"""Step 2 of the day: a scuffle over one item (rulebook, Scuffling; rulings, "Sleep, abilities, items").

Two or more players Steal or Pick up the same item. Each fights with his suit attack (the ghost: his body
attack; none once the suit is empty); damage goes to body HP, less body defense and, while the suit has HP,
suit defense. Two rounds; in each, in random order, each scuffler still in shoots a random other one still
in. At 1-4 body HP a scuffler flees (no last shot); at 0 he dies (an infested transforms and drops out). The
most body HP among those still in wins (tie: d12 each, highest, re-roll ties). No abilities. The caller
gives the winner the item (pick-up) or his steal roll, adds +1 fatigue to all and cancels their other orders.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import AttackDef, catalog
from engine.rulesets.starcraft_mafia.rules import flees, shot
from engine.rulesets.starcraft_mafia.state import Player, SCMState

ROUNDS = 2


@dataclass
class ScuffleResult:
    scufflers: list[str]
    winner: str | None = None
    dead: list[str] = field(default_factory=list)
    fled: list[str] = field(default_factory=list)
    transformed: list[str] = field(default_factory=list)
    shots: list[dict] = field(default_factory=list)


def _attack(p: Player) -> AttackDef | None:
    defn = catalog().cls(p.cls)
    if defn.suit.attack is not None and p.suit_hp > 0:
        return defn.suit.attack
    return defn.body.attack


def _shoot(p: Player, target: Player, rng: RecordingRng) -> dict:
    record: dict = {"shooter": p.id, "target": target.id}
    attack = _attack(p)
    if attack is None:
        return record | {"skipped": True}
    d12 = rng.randint(1, 12, f"scuffle hit {p.id} at {target.id}")
    result = shot(d12, p.fatigue, attack.attack)
    record.update(d12=d12, hit=result.hit, critical=result.critical)
    if not result.hit:
        return record
    if result.critical:
        amount = attack.damage
    else:
        defn = catalog().cls(target.cls)
        defense = defn.body.defense + (defn.suit.defense if target.suit_hp > 0 else 0)
        amount = max(0, rng.randint(1, attack.damage, f"scuffle damage {p.id}") - defense)
    target.body_hp = max(0, target.body_hp - amount)
    return record | {"damage": amount, "body_after": target.body_hp}


def scuffle(state: SCMState, seats: list[str], rng: RecordingRng) -> ScuffleResult:
    result = ScuffleResult(scufflers=sorted(seats))
    still_in = [s for s in sorted(seats) if state.players[s].alive]
    for _ in range(ROUNDS):
        for seat in rng.shuffled(list(still_in), "scuffle order"):
            if seat not in still_in:
                continue
            others = [s for s in still_in if s != seat]
            if not others:
                break
            target_seat = rng.choice(others, f"scuffle target of {seat}")
            target = state.players[target_seat]
            result.shots.append(_shoot(state.players[seat], target, rng))
            if target.body_hp <= 0:
                still_in.remove(target_seat)
                if target.infested:
                    target.form = "zerg"
                    result.transformed.append(target_seat)
                else:
                    target.alive = False
                    result.dead.append(target_seat)
            elif flees(0, target.body_hp):
                still_in.remove(target_seat)
                result.fled.append(target_seat)
    if still_in:
        result.winner = _best(state, still_in, rng)
    return result


def _best(state: SCMState, seats: list[str], rng: RecordingRng) -> str:
    top = max(state.players[s].body_hp for s in seats)
    tied = [s for s in seats if state.players[s].body_hp == top]
    while len(tied) > 1:
        rolls = {s: rng.randint(1, 12, f"scuffle tie {s}") for s in tied}
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    return tied[0]
