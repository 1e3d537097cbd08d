"""The weapon balance study: does every damage table give the average the handbook prints?

`weapon_study(rng, trials)` simulates `trials` hit attempts of every item with a printed average
(handbook V: melee incl. Unarmed and Brass Knuckles, ranged, explosives and, as separate entries,
their collateral, the traps, the Paper Fan and the Paintball Gun) at the item's base chance, with no
modifier, and returns the measured average next to the printed one. The numbers come from the
catalog (`data/items.yaml`): nothing here repeats a chance or a damage table.

What the printed average means differs by item, and the study measures each on the handbook's own basis:

- Weapons, collateral and the Smoke Grenade: "damage/attack" is damage per hit *attempt* at the base
  chance (Rifle 70% x 3.2 = 2.24). `measured` = total damage / attempts.
- C-4: "(Average: 3.68 damage/attack)" is also per attempt: the unmodifiable 80% chance to hit each
  person in the zone times the table's mean 4.6. `measured` = total damage / attempts.
- Poison Vial: "(Average: 5.1 damage/hit)" is per hit. Its chance is an unmodifiable 100% (V.D.1; the
  catalog leaves `chance` at 0 because resolution never rolls for it), so per hit and per attempt agree.
- Land Mine: "(Average: 5.2 damage/hit)" is per hit, i.e. the table's mean once triggered. Per
  attempt (a mover on the trapped path, 50%) it is only 2.6. `measured` = total damage / hits.

Each entry also carries `per_attempt`, `per_hit`, `basis` ("attempt" or "hit") and the `chance` used.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.rulesets.battle_royale import catalog

#: Items whose printed average is per *hit* ("damage/hit" in handbook V.D), not per attempt.
PER_HIT = frozenset({"poison_vial", "land_mine"})
#: The Poison Vial's "unmodifiable 100% chance" (V.D.1), which the catalog does not store as a chance.
POISON_CHANCE = 100


def study_entries() -> list[tuple[str, int, catalog.DamageTable, float, str]]:
    """(name, base chance, damage table, printed average, basis) for every item with a printed average."""
    out: list[tuple[str, int, catalog.DamageTable, float, str]] = []
    for defn in catalog.items().values():
        if defn.average is None:
            continue
        chance = POISON_CHANCE if defn.trap == "poison" else defn.chance
        basis = "hit" if defn.id in PER_HIT else "attempt"
        out.append((defn.name, chance, defn.damage, defn.average, basis))
        if defn.collateral is not None:
            blast = defn.collateral
            out.append((f"{defn.name} (collateral)", blast.chance, blast.damage, blast.average, "attempt"))
    return out


def measure(rng: RecordingRng, name: str, chance: int, table: catalog.DamageTable, trials: int) -> tuple[float, float]:
    """(damage per attempt, damage per hit) over `trials` attempts at `chance` percent."""
    percent, weighted = rng.percent, rng.weighted
    hit_purpose, damage_purpose = f"balance {name} hit", f"balance {name} damage"
    hits = total = 0
    for _ in range(trials):
        if percent(chance, hit_purpose):
            hits += 1
            total += weighted(table, damage_purpose)
    return total / trials, (total / hits if hits else 0.0)


def weapon_study(rng: RecordingRng, trials: int = 100_000) -> dict[str, dict[str, Any]]:
    """{item name: {"measured", "handbook", "basis", "chance", "per_attempt", "per_hit"}} (see the module doc).

    Pure apart from the rng it draws from; pass `RecordingRng(seed, record=False)` for speed.
    """
    if trials < 1:
        raise ValueError("the study needs at least one trial")
    results: dict[str, dict[str, Any]] = {}
    for name, chance, table, printed, basis in study_entries():
        per_attempt, per_hit = measure(rng, name, chance, table, trials)
        results[name] = {
            "measured": per_hit if basis == "hit" else per_attempt,
            "handbook": printed,
            "basis": basis,
            "chance": chance,
            "per_attempt": per_attempt,
            "per_hit": per_hit,
        }
    return results
