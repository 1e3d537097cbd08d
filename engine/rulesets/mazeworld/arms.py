"""What a weapon carries into an attack (docs/rules/mazeworld.md, "Weapons: accessories, launchers, shotguns,
ammunition"): its mounted accessories (text "Remember the following steps" 2: passive ones always apply, the
others when announced), the weapon an accessory attaches, the loaded ammunition type and the stats it gives
(Pain, LDV, damage type, pellets, AC handling), spare rounds per type, and the FT, IR and IS tier modifiers of
accessories and effects (rulings "Order of passage": "Tier effects stack, floor 0")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.mazeworld.catalog import Accessory, Weapon, catalog
from engine.rulesets.mazeworld.state import Carried, Creature


@dataclass(frozen=True)
class Mods:
    """The sum of the modifiers on one attack: FT, IR, IS tiers (negative is faster), and quiet."""

    ft: int = 0
    ir: int = 0
    tier: int = 0
    quiet: bool = False


def mounted(carried: Carried | None) -> list[str]:
    """The accessories on a carried weapon: the sheet's list, else the catalog's."""
    if carried is None:
        return []
    own = carried.accessories
    return list(own) if own is not None else list(catalog().weapons[carried.name].accessories)


def accessory(name: str) -> Accessory:
    return catalog().accessories[name]


def default_ammo(weapon: Weapon) -> str | None:
    return next(iter(weapon.ammunition), None)


def loaded_type(weapon: Weapon, carried: Carried | None) -> str | None:
    """The ammunition type in the weapon (None for a weapon without types)."""
    if carried is not None and carried.ammo is not None:
        return carried.ammo
    return default_ammo(weapon)


def spare_of(weapon: Weapon, carried: Carried, kind: str | None) -> int:
    """Spare rounds of one type: `spare` holds the default type's, `spares` the others'."""
    if kind is None or kind == default_ammo(weapon):
        return carried.spare
    return carried.spares.get(kind, 0)


def add_spare(weapon: Weapon, carried: Carried, kind: str | None, count: int) -> None:
    if kind is None or kind == default_ammo(weapon):
        carried.spare += count
    else:
        carried.spares[kind] = carried.spares.get(kind, 0) + count
        if carried.spares[kind] == 0:
            del carried.spares[kind]


def loaded_stats(weapon: Weapon, carried: Carried | None) -> Weapon:
    """The weapon as its loaded ammunition makes it fire: Pain, LDV, damage type, pellets, AC shift."""
    kind = loaded_type(weapon, carried)
    if kind is None or kind not in weapon.ammunition:
        return weapon
    ammo = weapon.ammunition[kind]
    changes = {k: v for k, v in ammo.model_dump(exclude={"ac_shift"}).items() if v is not None}
    return weapon.model_copy(update={**changes, "ac_shift": weapon.ac_shift + ammo.ac_shift})


def attached(carried: Carried | None, name: str | None, keep: bool = False) -> tuple[Weapon, Carried] | None:
    """The weapon an announced accessory attaches and its own rounds (empty if the sheet lists none; `keep`
    stores that empty record on the carried weapon, for the rounds a resolution changes)."""
    if carried is None or name is None or name not in mounted(carried):
        return None
    fitted = accessory(name).weapon
    if fitted is None:
        return None
    rounds = carried.mounts.get(name) or Carried(name=fitted)
    if keep:
        carried.mounts[name] = rounds
    return catalog().weapons[fitted], rounds


def modifiers(me: Creature, carried: Carried | None, announced: str | None, turn: int) -> Mods:
    """Passive accessories of the weapon (always), the announced one, and the creature's active effects."""
    names = [n for n in mounted(carried) if accessory(n).passive]
    if announced is not None and announced in mounted(carried) and announced not in names:
        names.append(announced)
    parts = [accessory(n) for n in names]
    quiet = any(a.quiet for a in parts)
    effects = [e for e in me.effects if e.active(turn)]
    return Mods(
        ft=sum(a.ft for a in parts) + sum(e.ft for e in effects),
        ir=sum(a.ir for a in parts) + sum(e.ir for e in effects),
        tier=sum(a.is_tier for a in parts) + sum(e.is_tier for e in effects),
        quiet=quiet,
    )
