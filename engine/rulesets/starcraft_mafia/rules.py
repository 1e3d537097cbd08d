"""Pure rule helpers the day's resolution will use: weapon choice, first shot, hit, damage, fatigue, win check.

Each is a small function of plain values, so each rule is tested on its own (tests/starcraft_mafia/
test_rules.py) before the resolution strings them together. Rulings sections: "Combat", "Fatigue", "End".
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.starcraft_mafia.catalog import RANGE_ORDER, AttackDef, catalog
from engine.rulesets.starcraft_mafia.state import Player, SCMState


@dataclass(frozen=True)
class Arm:
    """What a side fights with in one battle: a carried weapon (`uid`), the suit attack, the body attack or
    the Zerg form's claws."""

    name: str
    attack: int
    range: str
    damage: int
    uid: str | None = None
    needs_suit: bool = False  # the suit attack and the flamethrowers: only while the suit has HP

    @classmethod
    def of(cls, name: str, a: AttackDef, uid: str | None = None, needs_suit: bool = False) -> Arm:
        return cls(name=name, attack=a.attack, range=a.range, damage=a.damage, uid=uid, needs_suit=needs_suit)

    def strength(self) -> tuple[int, int, int]:
        """Rulings: "the strongest usable (highest damage, then attack, then range)"."""
        return (self.damage, self.attack, RANGE_ORDER[self.range])


def usable_arms(player: Player, day: int) -> list[Arm]:
    """The human form's usable attacks: carried weapons not sabotaged (mounted ones need suit HP above 0),
    the suit attack while the suit has HP, the body attack (the ghost's) always."""
    defn = catalog().cls(player.cls)
    arms: list[Arm] = []
    for item in player.items:
        weapon = catalog().weapon(item.kind)
        if weapon is None or item.disabled_on(day) or (weapon.mounted and player.suit_hp <= 0):
            continue
        arms.append(Arm.of(weapon.name, weapon, item.uid, needs_suit=weapon.mounted))
    if defn.suit.attack is not None and player.suit_hp > 0:
        arms.append(Arm.of(defn.suit.name, defn.suit.attack, needs_suit=True))
    if defn.body.attack is not None:
        arms.append(Arm.of(f"{defn.name} hand-to-hand", defn.body.attack))
    return arms


def zerg_arm() -> Arm:
    attack = catalog().zerg.body.attack
    assert attack is not None  # the catalog refuses a Zerg form without one
    return Arm.of(catalog().zerg.name, attack)


def choose_arm(player: Player, day: int, named: str | None = None, zerg: bool = False) -> Arm | None:
    """Rulings, Combat: the weapon named in the day's order (a kind) if one of that kind is usable, else the
    strongest usable; Zerg form: its own. None: the side has nothing to fire with and skips its shots."""
    if zerg:
        return zerg_arm()
    arms = usable_arms(player, day)
    kind = catalog().kind_of(named) if named is not None else None
    for item in player.items:
        if kind is not None and item.kind == kind:
            usable = next((a for a in arms if a.uid == item.uid), None)
            if usable is not None:
                return usable
    return max(arms, key=Arm.strength, default=None)


def attacker_fires_first(
    attacker: Arm, defender: Arm, attacker_stim: bool = False, defender_stim: bool = False
) -> bool:
    """Rulings, First shot: a Stim Pack user whose opponent has none; else the longer range; equal: the attacker."""
    if attacker_stim != defender_stim:
        return attacker_stim
    if RANGE_ORDER[attacker.range] != RANGE_ORDER[defender.range]:
        return RANGE_ORDER[attacker.range] > RANGE_ORDER[defender.range]
    return True


@dataclass(frozen=True)
class Shot:
    hit: bool
    critical: bool


def shot(d12: int, fatigue: int, attack: int) -> Shot:
    """Rulings, Hit: d12 + fatigue <= attack; a natural 1 is a critical hit whatever the fatigue."""
    if d12 == 1:
        return Shot(hit=True, critical=True)
    return Shot(hit=d12 + fatigue <= attack, critical=False)


@dataclass(frozen=True)
class Layers:
    suit_hp: int
    body_hp: int


def damage(
    layers: Layers,
    roll: int,
    weapon_damage: int,
    critical: bool,
    suit_defense: int,
    body_defense: int,
    stim: bool = False,
    infesting: bool = False,
    flare: int = 0,
) -> Layers:
    """Rulings, Damage: dN minus the defense of the layer hit (suit while it has HP, else body), not below 0;
    a critical is N and ignores all defense; then x1.5 (Stim Pack) or x0.5 (infestation attempt), rounded
    down, then -`flare`, not below 0. Damage beyond the suit's HP goes to the body minus body defense."""
    on_suit = layers.suit_hp > 0
    if critical:
        amount = weapon_damage
    else:
        amount = max(0, roll - (suit_defense if on_suit else body_defense))
    if stim:
        amount = amount * 3 // 2
    if infesting:
        amount = amount // 2
    amount = max(0, amount - flare)
    if not on_suit:
        return Layers(0, max(0, layers.body_hp - amount))
    if amount <= layers.suit_hp:
        return Layers(layers.suit_hp - amount, layers.body_hp)
    spill = amount - layers.suit_hp
    if not critical:
        spill = max(0, spill - body_defense)
    return Layers(0, max(0, layers.body_hp - spill))


def flees(suit_hp: int, body_hp: int) -> bool:
    """Rulings, Flee: 0 suit HP and 1-4 body HP (for the Zerg form, pass suit_hp=0 and its HP)."""
    return suit_hp <= 0 and 1 <= body_hp <= 4


def fatigue_after(
    fatigue: int,
    awake_days: int,
    main: str,
    stole: bool = False,
    sabotaged: bool = False,
    scuffled: bool = False,
) -> tuple[int, int]:
    """Rulings, Fatigue (step 9): the new (fatigue, awake_days). `main` is what the day's main action came to:
    "attack", "active" (Heal, Repair, Probe), "sleep", "nothing", or "none" (a scuffler's lost orders).
    Attack +1, active +1, Steal +1, Sabotage +1, scuffle +1, Sleep -3, Do Nothing -1; +1 more on the 3rd or
    later day in a row without Sleep; never below 0."""
    change = {"attack": 1, "active": 1, "sleep": -3, "nothing": -1, "none": 0}[main]
    change += int(stole) + int(sabotaged) + int(scuffled)
    awake = 0 if main == "sleep" else awake_days + 1
    if awake >= 3:
        change += 1
    return max(0, fatigue + change), awake


def winner(state: SCMState) -> tuple[str, list[str]] | None:
    """Rulings, End (checked at step 9): None while the game goes on, else (result, winning seats).
    Nobody alive: "draw"; no uninfested alive: "infested"; no infested alive: "human". A team wins with its
    dead. After Day `max_days`: "draw"."""
    living = state.living()
    if not living:
        return "draw", []
    teams = {p.team for p in living}
    if teams == {"infested"} or teams == {"human"}:
        (team,) = teams
        return team, sorted(p.id for p in state.players.values() if p.team == team)
    if state.day >= state.settings.max_days:
        return "draw", []
    return None
