"""One battle of StarCraft Mafia (rulings, "Combat" and "Sleep, abilities, items"), on a state being resolved.

`battle(state, attacker, defender, rng, setup)` fights until a death, a flight, an infestation, nobody
armed, or `max_rounds`; it changes the two players' HP, form, team and flare uses in place (the resolution
works on its own copy of the state) and returns what happened, every shot included, for the reports. Which
abilities apply (the day's first battle, a Stim Pack, a Cloak, sleep) is the resolution's decision, passed
in `BattleSetup`.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.rules import (
    Arm,
    Layers,
    attacker_fires_first,
    choose_arm,
    damage,
    flees,
    shot,
    zerg_arm,
)
from engine.rulesets.starcraft_mafia.state import Player, SCMState

STIM_ROUNDS = 3
VISION_BONUS = 2
FLARE = "optical_flare_grenade"


@dataclass
class BattleSetup:
    """The day's choices that shape this battle: named weapon kinds, Zerg attack, infest, and who has a Stim
    Pack, a Cloak or is asleep in it."""

    attacker_weapon: str | None = None
    defender_weapon: str | None = None
    zerg: bool = False
    infest: bool = False
    stim: frozenset[str] = frozenset()
    cloak: frozenset[str] = frozenset()
    asleep: frozenset[str] = frozenset()


@dataclass
class Side:
    player: Player
    attacking: bool
    zerg: bool
    arm: Arm | None
    stim: bool = False
    cloak: bool = False
    asleep: bool = False
    flare_rounds: int = 0
    shots_fired: int = 0
    shots_taken: int = 0


@dataclass
class BattleResult:
    attacker: str
    defender: str
    outcome: str = "no_result"  # killed, fled, infested, unarmed, no_result
    dead: list[str] = field(default_factory=list)
    fled: list[str] = field(default_factory=list)
    transformed: list[str] = field(default_factory=list)
    infested: str | None = None
    shots: list[dict] = field(default_factory=list)


def in_zerg_form(p: Player) -> bool:
    """Rulings, Infested: a human form at 0 body HP fights only in Zerg form until healed."""
    return p.infested and p.body_hp <= 0


def side_for(state: SCMState, p: Player, attacking: bool, zerg: bool, named: str | None, setup: BattleSetup) -> Side:
    arm = choose_arm(p, state.day, named, zerg=zerg)
    side = Side(p, attacking, zerg, arm, stim=p.id in setup.stim and not zerg, asleep=p.id in setup.asleep)
    side.cloak = p.id in setup.cloak and not zerg and p.suit_hp >= 3
    return side


def _layers(side: Side) -> tuple[Layers, int, int]:
    """The HP layers hit and their defenses: Zerg form 0 suit over its own HP."""
    p = side.player
    if side.zerg:
        return Layers(0, p.zerg_hp or 0), 0, catalog().zerg.body.defense
    defn = catalog().cls(p.cls)
    return Layers(p.suit_hp, p.body_hp), defn.suit.defense, defn.body.defense


def _store(side: Side, layers: Layers) -> None:
    if side.zerg:
        side.player.zerg_hp = layers.body_hp
    else:
        side.player.suit_hp, side.player.body_hp = layers.suit_hp, layers.body_hp


def _fleeing(side: Side) -> bool:
    layers, _, _ = _layers(side)
    return flees(layers.suit_hp, layers.body_hp)


def _can_fire(side: Side) -> bool:
    """One weapon per battle; a suit attack or the flamethrowers stop when the suit reaches 0 HP (rulebook)."""
    if side.arm is None:
        return False
    return side.zerg or not side.arm.needs_suit or side.player.suit_hp > 0


def fire(state: SCMState, shooter: Side, target: Side, rng: RecordingRng, round_no: int, infest: bool) -> dict:
    """One shot; returns its record. Damage and defenses as in rules.damage."""
    arm = shooter.arm
    record: dict = {"round": round_no, "shooter": shooter.player.id, "target": target.player.id}
    if target.zerg:
        record["target_zerg"] = True
    if arm is None or not _can_fire(shooter):
        record["skipped"] = True
        return record
    attack, weapon_damage = arm.attack, arm.damage
    if target.cloak:
        attack //= 2
    if shooter.asleep and not shooter.attacking and shooter.shots_fired < 2:
        factor = (1, 2) if shooter.shots_fired == 0 else (3, 4)
        if state.settings.sleep_penalty == "attack":
            attack = attack * factor[0] // factor[1]
        else:
            weapon_damage = max(1, weapon_damage * factor[0] // factor[1])
    shooter.shots_fired += 1
    stimmed = shooter.stim and round_no <= STIM_ROUNDS
    fatigue = 0 if shooter.zerg or stimmed else shooter.player.fatigue
    d12 = rng.randint(1, 12, f"hit roll {shooter.player.id} at {target.player.id}")
    result = shot(d12, fatigue, attack)
    record.update(weapon=arm.name, d12=d12, fatigue=fatigue, attack=attack, hit=result.hit, critical=result.critical)
    first_enemy_shot = target.shots_taken == 0
    target.shots_taken += 1
    if not result.hit:
        return record
    roll = weapon_damage if result.critical else rng.randint(1, weapon_damage, f"damage {shooter.player.id}")
    if state.settings.fatigue_on_damage and not result.critical:
        roll = max(0, roll - fatigue)
    layers, suit_def, body_def = _layers(target)
    if first_enemy_shot and not target.zerg and target.player.has_ability("enhanced_vision"):
        suit_def, body_def = suit_def + VISION_BONUS, body_def + VISION_BONUS
    flare = catalog().gear_item(FLARE)
    reduction = flare.damage_reduction if flare and round_no <= target.flare_rounds else 0
    after = damage(layers, roll, weapon_damage, result.critical, suit_def, body_def, stimmed, infest, reduction)
    _store(target, after)
    record.update(roll=roll, before=[layers.suit_hp, layers.body_hp], after=[after.suit_hp, after.body_hp])
    return record


def _use_flare(side: Side, day: int) -> bool:
    """Rulings: the grenade is used at the start of each battle while uses remain; it replaces the first shot."""
    if side.zerg:
        return False
    grenade = next((i for i in side.player.items if i.kind == FLARE and (i.uses or 0) > 0), None)
    flare = catalog().gear_item(FLARE)
    if grenade is None or flare is None or grenade.disabled_on(day):
        return False
    grenade.uses = (grenade.uses or 0) - 1
    side.flare_rounds = flare.rounds
    return True


class _Over(Exception):
    """The battle is decided: raised to leave its rounds at once."""


def battle(state: SCMState, attacker_id: str, defender_id: str, rng: RecordingRng, setup: BattleSetup) -> BattleResult:
    a_player, d_player = state.players[attacker_id], state.players[defender_id]
    result = BattleResult(attacker_id, defender_id)
    a = side_for(state, a_player, True, setup.zerg, setup.attacker_weapon, setup)
    d = side_for(state, d_player, False, in_zerg_form(d_player), setup.defender_weapon, setup)
    infesting = setup.infest and setup.zerg and not d_player.infested
    now = [1]  # the current round, for the last shots (a flight before the first shot counts as round 1)

    def after_hit(shooter: Side, target: Side, last: bool) -> None:
        p = target.player
        layers, _, _ = _layers(target)
        if layers.body_hp <= 0:
            if not target.zerg and p.infested:  # the human form falls: the Zerg form fights on
                p.form = "zerg"
                result.transformed.append(p.id)
                if not last:
                    target.zerg, target.arm, target.stim, target.cloak = True, zerg_arm(), False, False
                return
            p.alive = False
            result.dead.append(p.id)
            result.outcome = "killed"
            raise _Over
        if shooter is a and infesting and result.shots and result.shots[-1].get("critical") and not p.infested:
            _infest(p, state.day)  # it holds even if the victim's last shot kills the Zerg form
            result.infested = p.id
            if not last:
                result.shots.append(fire(state, d, a, rng, now[0], False) | {"last_shot": True})
                with contextlib.suppress(_Over):
                    after_hit(d, a, last=True)
            if a.player.alive:
                result.outcome = "infested"
            raise _Over
        if not last and _fleeing(target):
            result.fled.append(p.id)
            result.outcome = "fled"
            result.shots.append(
                fire(state, shooter, target, rng, now[0], infesting and shooter is a) | {"last_shot": True}
            )
            after_hit(shooter, target, last=True)
            raise _Over

    with contextlib.suppress(_Over):  # the battle is decided: its rounds end
        for side, other in ((d, a), (a, d)):  # already beaten: flee before the first shot
            if _fleeing(side):
                result.fled.append(side.player.id)
                result.outcome = "fled"
                result.shots.append(
                    fire(state, other, side, rng, now[0], infesting and other is a) | {"last_shot": True}
                )
                after_hit(other, side, last=True)
                raise _Over
        if a.arm is None and d.arm is None:
            result.outcome = "unarmed"
            return result
        if a.arm is None or d.arm is None:  # the unarmed side skips its shots anyway
            attacker_first = d.arm is None
        else:
            attacker_first = attacker_fires_first(a.arm, d.arm, a.stim, d.stim)
        first, second = (a, d) if attacker_first else (d, a)
        flared = {s.player.id for s in (first, second) if _use_flare(s, state.day)}
        for round_no in range(1, state.settings.max_rounds + 1):
            now[0] = round_no
            for shooter, target in ((first, second), (second, first)):
                if round_no == 1 and shooter.player.id in flared:
                    result.shots.append({"round": 1, "shooter": shooter.player.id, "flare": True})
                    continue
                result.shots.append(fire(state, shooter, target, rng, round_no, infesting and shooter is a))
                after_hit(shooter, target, last=False)
            if not _can_fire(a) and not _can_fire(d):
                result.outcome = "unarmed"
                return result
    return result


def _infest(p: Player, day: int) -> None:
    """Rulings, Infest: the victim joins the infested with a 50-HP Zerg form, keeping class, HP, items, fatigue;
    `infested_day` records the day it happened."""
    p.team, p.form, p.zerg_hp, p.infested_day = "infested", "human", catalog().zerg.body.hp, day
