"""Building a fight: the roster schema (an encounter: sides' cover and groups of creatures with their count
dice, side, cover and stealth), contestants from their sheets, and creatures from the catalog's species
("Sides, cover, escape, stealth"; "Temerity, NPCs, end": Count). Refusals are clear ValueErrors."""

from __future__ import annotations

import itertools
import string
from collections.abc import Iterator

from pydantic import ValidationError

from engine.dice import parse
from engine.dice.rolling import roll
from engine.dice.words import Vocabulary
from engine.digits import whole
from engine.keyed import joined
from engine.problems import first_problem
from engine.rng import RecordingRng
from engine.rulesets.mazeworld.catalog import COMBAT_SKILLS, Catalog, Weapon, catalog
from engine.rulesets.mazeworld.catalog import demo as catalog_demo
from engine.rulesets.mazeworld.encounter import Encounter, Group, most
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.state import Carried, Creature, Limb, MazeState, Sheet

NO_WORDS = Vocabulary(())
MOST_CREATURES = 100  # creatures a roster may bring in all (each group's count at its highest roll)


def load_encounter(data: object, table: Catalog | None = None) -> Encounter:
    """A roster from raw data, checked against the catalog; a ValueError naming the first problem."""
    try:
        encounter = Encounter.model_validate(data)
    except ValidationError as exc:
        raise ValueError("roster: {}: {}".format(*first_problem(exc))) from None
    known = (table or catalog()).species
    for group in encounter.groups:
        if group.species not in known:
            raise ValueError(f"roster: no creature {group.species!r} (known: {', '.join(sorted(known))})")
    brought = sum(most(group.count or known[group.species].count) for group in encounter.groups)
    if brought > MOST_CREATURES:
        raise ValueError(
            f"roster: groups: at most {MOST_CREATURES} creatures in all (counts at their highest roll); "
            f"these bring up to {brought}."
        )
    for player, raw in encounter.sheets.items():
        try:
            load_sheet(raw, table)
        except ValueError as exc:
            raise ValueError(f"roster: sheets.{player}: {str(exc).removeprefix('sheet: ')}") from None
    return encounter


def sheet_for(name: str, requested: object, encounter: Encounter) -> Sheet:
    """A contestant's sheet: the roster's sheet under the player's name (any case), else the one they sent at
    sign-up (`requested`), else the demo's sheet under their name."""
    by_name = {player.casefold(): raw for player, raw in encounter.sheets.items()}
    raw = by_name.get(name.casefold()) or requested or {**catalog_demo()["sheet"], "name": name[:40]}
    return load_sheet(raw)


def load_sheet(data: object, table: Catalog | None = None) -> Sheet:
    """A character sheet from raw data, checked against the catalog; a ValueError naming the first problem."""
    try:
        sheet = Sheet.model_validate(data)
    except ValidationError as exc:
        raise ValueError("sheet: {}: {}".format(*first_problem(exc))) from None
    cat = table or catalog()
    if sheet.species not in cat.bodies:
        raise ValueError(f"sheet: no body plan for species {sheet.species!r}")
    parts = cat.bodies[sheet.species].parts
    for part in [*sheet.limbs, *(sheet.ac if isinstance(sheet.ac, dict) else {})]:
        if part not in parts:
            raise ValueError(f"sheet: {sheet.species} has no part {part!r}")
    for ac in sheet.ac.values() if isinstance(sheet.ac, dict) else [sheet.ac]:
        if ac not in cat.armour:
            raise ValueError(f"sheet: no armour class {ac!r}")
    for carried in sheet.weapons:
        if carried.name not in cat.weapons:
            raise ValueError(f"sheet: no weapon {carried.name!r}")
        _check_arms(carried, cat)
    if sheet.wielded is not None and sheet.wielded not in {w.name for w in sheet.weapons}:
        raise ValueError(f"sheet: wields {sheet.wielded!r}, which is not among its weapons")
    for item in sheet.items:
        if item not in cat.items:
            raise ValueError(f"sheet: no item {item!r}")
    for skill in sheet.skills:  # text "Combat skill types": 20 of them
        if skill not in COMBAT_SKILLS:
            raise ValueError(f"sheet: skills: no skill {skill} (the 20 combat skills: {', '.join(COMBAT_SKILLS)})")
    return sheet


def _check_arms(carried: Carried, cat: Catalog) -> None:
    """A carried weapon's ammunition types, accessories and attached weapons' rounds (docs "Weapons:
    accessories, launchers, shotguns, ammunition"); fills in an attached weapon's name."""
    weapon = cat.weapons[carried.name]
    _check_types(carried, weapon, carried.name)
    for name in carried.accessories or []:
        if name not in cat.accessories:
            raise ValueError(f"sheet: no accessory {name!r} (known: {', '.join(sorted(cat.accessories))})")
        if not weapon.fed:
            raise ValueError(f"sheet: {carried.name} takes no accessories (only firearms, launchers and bows do)")
    on = carried.accessories if carried.accessories is not None else weapon.accessories
    for name, rounds in carried.mounts.items():
        fitted = cat.accessories[name].weapon if name in on and name in cat.accessories else None
        if fitted is None:
            raise ValueError(f"sheet: {carried.name} has no attached weapon {name!r} mounted")
        if rounds.name not in ("", fitted):
            raise ValueError(f"sheet: {carried.name}'s {name} is a {fitted}, not {rounds.name!r}")
        rounds.name = fitted
        if rounds.mounts or rounds.accessories:
            raise ValueError(f"sheet: {carried.name}'s {name} has its rounds and ammunition types only")
        _check_types(rounds, cat.weapons[fitted], f"{carried.name}'s {name}")


def _check_types(carried: Carried, weapon: Weapon, label: str) -> None:
    """The loaded type and per-type spares name the weapon's ammunition types; the default's go in `spare`."""
    types = list(weapon.ammunition)
    said = joined(", ", types) or "none"
    for kind in [*([carried.ammo] if carried.ammo else []), *carried.spares]:
        if kind not in types:
            raise ValueError(f"sheet: {label} takes no {kind!r} ammunition (types: {said})")
    if types and types[0] in carried.spares:
        raise ValueError(f"sheet: {label}: the default type's ({types[0]}) spare rounds go in `spare`")


def creature_from_sheet(sheet: Sheet, cid: str, controller: str | None, table: Catalog | None = None) -> Creature:
    """A creature in the fight from a sheet: its body's parts at the sheet's (or the plan's) HP."""
    cat = table or catalog()
    body = cat.bodies[sheet.species]
    parts = {n: Limb(hp=sheet.limbs.get(n, p.hp), max_hp=sheet.limbs.get(n, p.hp)) for n, p in body.parts.items()}
    armour = {n: (sheet.ac.get(n, "C1") if isinstance(sheet.ac, dict) else sheet.ac) for n in body.parts}
    return Creature(**sheet.model_dump(), id=cid, controller=controller, body=sheet.species, parts=parts, armour=armour)


def _letters() -> Iterator[str]:
    """A, B, ... Z, then AA, AB, ... ZZ, then AAA...: a creature's letter, as many as a roster brings."""
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_uppercase, repeat=length):
            yield "".join(letters)


def spawn(group: Group, rng: RecordingRng, taken: set[str], table: Catalog | None = None) -> list[Creature]:
    """The group's creatures: its count dice rolled (a moderators' roll), named "Wolf A", "Wolf B"... "Wolf Z",
    "Wolf AA"... (ids "wolf_a"... "wolf_aa"); a second group of a species goes on from the first's letters."""
    cat = table or catalog()
    species = cat.species[group.species]
    dice = group.count or species.count
    count = whole(dice)
    if count is None:
        count = max(1, roll(parse(dice), NO_WORDS, rng).totals[0])
    made: list[Creature] = []
    letters = _letters()
    while len(made) < count:
        letter = next(letters)
        cid = f"{group.species.lower().replace(' ', '_')[:16]}_{letter.lower()}"
        if cid in taken:
            continue
        taken.add(cid)
        weapons = [
            {"name": w, "loaded": cat.weapons[w].magazine or 1, "spare": spare} for w, spare in species.weapons.items()
        ]
        sheet = Sheet(
            name=f"{group.species} {letter}",
            species=species.body,
            team=group.team,
            side=group.side,
            agility=species.agility,
            pain_sensitivity=species.pain_sensitivity,
            ac=species.ac,
            cover=group.cover,
            weapons=weapons,
            wielded=next(iter(species.weapons), None),
        )
        creature = creature_from_sheet(sheet, cid, None, cat)
        made.append(
            creature.model_copy(
                update={
                    "species": group.species,
                    "ft_base": species.ft,
                    "attacks": list(species.attacks),
                    "flees": species.flees,
                    "mindless": species.mindless,
                    "meat": species.meat,
                    "stealth": bool(group.stealth),
                    "body": species.body,
                }
            )
        )
    return made


def build_state(
    sheets: dict[str, Sheet], encounter: Encounter, settings: MazeworldSettings, rng: RecordingRng
) -> MazeState:
    """The opening state: contestants (id = their seat) and the encounter's creatures; `start_stealth`."""
    creatures = [creature_from_sheet(sheet, seat, seat) for seat, sheet in sorted(sheets.items())]
    taken = {c.id for c in creatures}
    for group in encounter.groups:
        creatures += spawn(group, rng, taken)
    stealthy = {
        "none": set(),
        "contestants": {"contestant", "ally"},
        "encounter": {"hostile"},
        "all": {"contestant", "ally", "hostile"},
    }[settings.start_stealth]
    creatures = [c.model_copy(update={"stealth": c.stealth or c.team in stealthy}) for c in creatures]
    cover = {side: encounter.cover.get(side, "none") for side in (1, 2, 3, 4)}
    return MazeState(cover=cover, creatures=sorted(creatures, key=lambda c: c.id), settings=settings)
