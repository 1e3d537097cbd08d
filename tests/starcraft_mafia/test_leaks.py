"""Issue 11's leak tests over 30 seeded whole games (tests/starcraft_mafia/leak_games.py: 5 to 20 players, the
scripted players plus random gives, steals and sabotage): for every event, what the rulings, "Public and
private", allow.

- Public: an infested player is never named as infested until his death or his transformation reveals him; a
  Zerg attacker is never named; fatigue never shows; no living player's item shows (pick-ups and the dead's
  items are published). Text and data both.
- Private: each event goes to those the rulings name and nobody else (rolls to the combatants, the probe to the
  ghost, Give/Heal/Repair to both players, a theft's victim learns what but not who, an infestation to the
  victim and the infested), the moderators' notes to the moderators.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.events import Event
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.orders import Attack, Heal, Probe, Repair
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.leak_games import Day, games

ZERG = "Infested Terran"
INFESTED = re.compile(r"\binfested\b", re.I)  # not "uninfested"


@pytest.fixture(scope="module")
def days() -> list[Day]:
    return [day for game in games() for day in game]


def public(day: Day) -> Iterator[Event]:
    return (e for e in day.events if e.audience.kind == "public")


def keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def zerg_attacks(day: Day) -> dict[str, str]:
    """Attacker -> target of the day's Zerg-form attacks on someone else."""
    return {
        x: o.main.target
        for x, o in day.orders.items()
        if isinstance(o.main, Attack) and o.main.zerg and o.main.target != x
    }


def test_public_and_private_no_public_event_names_an_infested_player_before_death_or_transformation(days):
    """Rulings, "Public and private" (deaths reveal class and team; transformations are public) and "Players,
    teams, classes" (the infested count is public, not who): a public line naming a player beside the word
    "infested" (the anonymous "Infested Terran" aside) comes only after that player's death or transformation
    was posted, and no public event's data says "infested" at all."""
    checked = 0
    for game in games():
        revealed: set[str] = set()
        for day in game:
            names = {p.name: p.id for p in day.after.players.values()}
            for e in public(day):
                assert not INFESTED.search(json.dumps(e.data)), (e.kind, e.data)
                if e.kind == "death":
                    revealed.add(e.data["seat"])
                if e.kind == "transform":
                    revealed.update(seat for name, seat in names.items() if e.text.startswith(f"{name} has"))
                for line in e.text.replace(ZERG, "").splitlines():
                    if not INFESTED.search(line):
                        continue
                    named = {seat for name, seat in names.items() if re.search(rf"\b{name}\b", line)}
                    if e.kind == "death":  # "X has died (killed by Y). X was a Medic, infested.": about X
                        named = {e.data["seat"]}
                    assert named <= revealed, f"{e.kind}: {line!r} names {named - revealed} as infested"
                    checked += 1
    assert checked > 100  # the dead's lines, the count, the end


def test_public_and_private_a_zerg_attacker_is_never_named_by_a_public_event(days):
    """Rulings: Zerg battles are posted "the attacker as 'Infested Terran'"; the death he causes is "killed by an
    Infested Terran"; nothing public holds his seat. (He may be named by events about his human form: attacked
    by someone, his own death, his transformation, a pick-up, the vote, his stat-list line.)"""
    seen = 0
    for day in days:
        scuffled = {x for e in day.events if e.kind == "scuffle" for x in e.audience.ids}  # lost their orders
        for x, target in zerg_attacks(day).items():
            if x in scuffled:
                continue
            name, victim = day.after.players[x].name, day.after.players[target].name
            for e in public(day):
                assert f"{name} attacked" not in e.text, e.text
                if e.kind in ("battle", "stat_list", "game_over"):
                    assert x not in json.dumps(e.data), (e.kind, e.data)
                fought_back = isinstance(day.orders[target].main, Attack) and day.orders[target].main.target == x
                if e.kind == "death" and e.data["seat"] == target and not fought_back:
                    assert f"killed by {name})" not in e.text, e.text  # (not his human form's shots at an attacker)
            if any(e.kind == "battle" and e.text.startswith(f"{ZERG} attacked {victim}.") for e in public(day)):
                seen += 1
    assert seen > 20


def test_public_and_private_fatigue_never_shows_in_public(days):
    """Rulings: "Fatigue and the living's items stay private"."""
    for day in days:
        for e in public(day):
            assert "fatigue" not in e.text.lower() and "fatigue" not in json.dumps(e.data).lower(), e.text


def _item_lines(e: Event, names: set[str]) -> list[str]:
    return [line for line in e.text.splitlines() if any(re.search(rf"\b{re.escape(n)}\b", line) for n in names)]


def test_public_and_private_no_living_players_items_in_public(days):
    """Rulings: public are "pick-ups" and the stat list's "class, team, items of the dead"; "the living's items
    stay private". A public line naming an item is a pick-up or a dead player's stat line, and no public event's
    data holds an item (no `items`, `uid` or `kind` keys)."""
    names = {catalog().item_name(k) for k in catalog().item_kinds()}
    shown = {"pickup": 0, "dead": 0}
    for day in days:
        dead = {p.name for p in day.after.dead()}
        for e in public(day):
            assert not {"items", "uid", "kind", "weapon"} & set(keys(e.data)), (e.kind, e.data)
            for line in _item_lines(e, names):
                if e.kind == "pickup":
                    shown["pickup"] += 1
                    continue
                assert e.kind == "stat_list", (e.kind, line)
                owner = line.split(" (", 1)[0]
                assert owner in dead and ", dead; items: " in line, line
                shown["dead"] += 1
    assert shown["pickup"] > 20 and shown["dead"] > 100


def _taking_part(day: Day) -> dict[str, set[frozenset[str]]]:
    """Per private kind, the sets of seats an event of it may go to, from the day's orders (the rulings'
    "Private" list)."""
    o = day.orders
    pairs = {frozenset((x, d.main.target)) for x, d in o.items() if isinstance(d.main, Attack)}
    allowed: dict[str, set[frozenset[str]]] = {
        "battle_rolls": pairs | {frozenset(p) for pair in pairs for p in ((x,) for x in pair)},
        "probe": {frozenset((x,)) for x, d in o.items() if isinstance(d.main, Probe)},
        "heal": {frozenset((x, d.main.target)) for x, d in o.items() if isinstance(d.main, Heal)},
        "repair": {
            frozenset(s) for x, d in o.items() if isinstance(d.main, Repair) for s in ((x, d.main.target), (x,))
        },
        "stim": {frozenset((x,)) for x, d in o.items() if d.offensive and d.offensive.kind == "stim"},
        "give": {frozenset(s) for x, d in o.items() if d.give for s in ((x, d.give.to), (x,))},
        "steal": {
            frozenset(s) for x, d in o.items() if d.steal for s in ((x, d.steal.target), (x,), (d.steal.target,))
        },
        "sabotage": {
            frozenset(s)
            for x, d in o.items()
            if d.offensive and d.offensive.kind == "sabotage"
            for s in ((x, d.offensive.target), (x,), (d.offensive.target,))
        },
    }
    return allowed


def _infested(state: SCMState) -> set[str]:
    return {p.id for p in state.players.values() if p.infested}


def test_public_and_private_each_private_event_goes_only_to_those_the_rulings_name(days):
    """Rulings, "Private": "combatants get their battles' rolls; a steal or sabotage victim learns what, not who,
    unless it failed; Give, Heal, Repair reach both players; the probe the ghost; moderators everything. A
    successful infestation is never posted; the victim and all infested are told." Set-up: each his own class
    and team, the infested their team. Scuffles: the scufflers."""
    counted: dict[str, int] = {}
    for day in days:
        allowed = _taking_part(day)
        scufflers = {x for x, d in day.orders.items() if d.pickup or d.steal}
        for e in day.events:
            if e.audience.kind != "players":
                assert e.audience.kind == "public" or e.kind in ("setup", "idle", "order_dropped", "mod_note"), e.kind
                continue
            ids = frozenset(e.audience.ids)
            counted[e.kind] = counted.get(e.kind, 0) + 1
            if e.kind == "role":
                (seat,) = ids
                assert e.text.startswith(f"{day.after.players[seat].name}, you are a"), e.text
            elif e.kind == "infested_team":
                assert ids == _infested(day.after) and len(ids) == day.after.infested_at_start
            elif e.kind == "infested":  # the victim and every living infested; nobody uninfested
                assert ids <= _infested(day.after), e.text
                assert {p.id for p in day.after.living() if p.infested} <= ids
            elif e.kind == "mod_killed":  # the moderators' victim alone (rulings, "Idle": a moderator kill)
                (seat,) = ids
                assert day.before is not None and not day.orders, e.text
                assert day.before.players[seat].alive and not day.after.players[seat].alive, e.text
            elif e.kind == "infested_lost":  # his living teammates, who know him anyway
                assert ids == {p.id for p in day.after.living() if p.infested}, e.text
            elif e.kind == "scuffle":
                assert len(ids) >= 2 and ids <= scufflers, e.text
            else:
                assert ids in allowed[e.kind], (e.kind, sorted(ids), e.text)
            if e.text.startswith("Someone "):  # the victim of a theft learns what, not who, and only he
                assert not any(p.name in e.text for p in day.after.players.values()), e.text
                (victim,) = ids
                assert victim in {d.steal.target for d in day.orders.values() if d.steal} | {
                    d.offensive.target for d in day.orders.values() if d.offensive and d.offensive.kind == "sabotage"
                }, e.text
                counted["victim"] = counted.get("victim", 0) + 1
    assert all(
        counted.get(k, 0) > 5
        for k in ("role", "battle_rolls", "probe", "stim", "steal", "sabotage", "give", "infested", "scuffle", "victim")
    ), counted


def test_public_and_private_the_defender_of_a_zerg_attack_never_reads_who_it_was(days):
    """Rulings: "When attacking in Zerg form, all infested terrans are named 'Infested Terran'": the defender's copy
    of the rolls names the attacker neither in its text nor in its data (unless the defender is infested too, who
    knows his team anyway: then it is still anonymous)."""
    checked = 0
    for day in days:
        for x, target in zerg_attacks(day).items():
            name = day.after.players[x].name
            for e in day.events:
                if e.kind == "battle_rolls" and e.audience.ids == [target]:
                    assert not re.search(rf"\b{name}\b", e.text) and f'"{x}"' not in json.dumps(e.data), e.text
                    checked += 1
    assert checked > 20
