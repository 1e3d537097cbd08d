"""What players read of a battle, a scuffle or a failed theft's shot (rulings, "Public and private").

- `battle_events(state, result, attack)`: the combatants' private report with every roll, the public post
  (human-form battles always; Zerg battles only on a death or a flight, the attacker as "Infested Terran";
  an infestation never), and the public transformations. Nothing in a public event's text or data names a
  Zerg attacker, and the defender's own copy of a Zerg battle does not either.
- `shot_line(...)`, `scuffle_lines(...)`: one readable line per shot ("Round 2: MA (C-14 Rifle) rolls 4 + 1
  fatigue against 6: hit, 5 damage: BB suit 25, body 10").
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events import PUBLIC, Event, to_players
from engine.keyed import joined
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.combat import BattleResult
from engine.rulesets.starcraft_mafia.orders import Attack
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.texts import listing, say

Namer = Callable[[str], str]


def _event(state: SCMState, kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), data=data or {}, day=state.day, phase="day")


def shot_line(shot: dict, name: Namer) -> str:
    """One shot of a battle (or a failed theft's shot) in words; `name` turns a seat into what the reader may know."""
    shooter, target = name(shot["shooter"]), name(shot.get("target", ""))
    where = say("shot_last") if shot.get("last_shot") else say("shot_round", round=shot.get("round", 1))
    if shot.get("flare"):
        return say("shot_flare", where=where, shooter=shooter)
    if shot.get("skipped"):
        return say("shot_skipped", where=where, shooter=shooter)
    fatigue = say("shot_fatigue", fatigue=shot["fatigue"]) if shot.get("fatigue") else ""
    roll = say("shot_roll", where=where, shooter=shooter, weapon=shot["weapon"], d12=shot["d12"], fatigue=fatigue)
    if not shot["hit"]:
        return say("shot_miss", roll=roll, attack=shot["attack"])
    after = shot["after"]
    if shot.get("target_zerg"):
        hp = say("shot_zerg_hp", target=target, hp=after[1])
    else:
        hp = say("shot_hp", target=target, suit=after[0], body=after[1])
    key = "shot_critical" if shot["critical"] else "shot_hit"
    lost = sum(shot["before"]) - sum(after)
    return say(key, roll=roll, attack=shot["attack"], damage=lost, hp=hp)


def scuffle_lines(shots: list[dict], name: Namer) -> list[str]:
    lines = []
    for shot in shots:
        shooter, target = name(shot["shooter"]), name(shot["target"])
        if shot.get("skipped"):
            lines.append(say("scuffle_skipped", shooter=shooter))
        elif not shot["hit"]:
            lines.append(say("scuffle_miss", shooter=shooter, target=target, d12=shot["d12"]))
        else:
            lines.append(
                say(
                    "scuffle_hit",
                    shooter=shooter,
                    target=target,
                    d12=shot["d12"],
                    damage=shot["damage"],
                    body=shot["body_after"],
                )
            )
    return lines


def outcome(result: BattleResult, name: Namer, rounds: int) -> str:
    if result.outcome == "killed":
        return say("outcome_killed", name=listing([name(x) for x in result.dead]))
    if result.outcome == "fled":
        return say("outcome_fled", name=listing([name(x) for x in result.fled]))
    if result.outcome == "infested":
        return say("outcome_infested", name=name(result.defender))
    if result.outcome == "unarmed":
        return say("outcome_unarmed")
    return say("outcome_no_result", rounds=rounds)


def battle_events(s: SCMState, result: BattleResult, attack: Attack) -> list[Event]:
    a, d = s.players[result.attacker], s.players[result.defender]
    zerg = catalog().zerg.name

    def open_name(seat: str) -> str:
        return s.players[seat].name if seat else ""

    def hidden_name(seat: str) -> str:
        return zerg if seat == a.id else open_name(seat)

    rounds = max((shot.get("round", 1) for shot in result.shots), default=0)
    data = {"shots": result.shots, "outcome": result.outcome, "rounds": rounds}

    def private(name: Namer) -> dict[str, object]:
        rolls = joined("\n", [shot_line(shot, name) for shot in result.shots]) or say("no_shots")
        return {"attacker": name(a.id), "target": d.name, "outcome": outcome(result, name, rounds), "rolls": rolls}

    if attack.zerg and a.id != d.id:
        # The defender must not learn who the Infested Terran is: his copy names the attacker's seat "zerg".
        hidden = [{k: ("zerg" if v == a.id else v) for k, v in shot.items()} for shot in result.shots]
        events = [
            _event(s, "battle_rolls", to_players(a.id), "battle_private", data, **private(open_name)),
            _event(
                s, "battle_rolls", to_players(d.id), "battle_private", data | {"shots": hidden}, **private(hidden_name)
            ),
        ]
    else:
        events = [_event(s, "battle_rolls", to_players(a.id, d.id), "battle_private", data, **private(open_name))]
    infested_team = [p.id for p in s.players.values() if p.alive and p.infested]
    if result.infested:
        events.append(
            _event(s, "infested", to_players(result.infested, *infested_team), "infestation_told", target=d.name)
        )
    # Rulings: Zerg battles only if someone died or fled; a successful infestation is never posted.
    public = not attack.zerg or ((result.dead or result.fled) and not result.infested)
    if public:
        name = hidden_name if attack.zerg else open_name
        said = outcome(result, name, rounds)
        post = {"outcome": result.outcome, "rounds": rounds}
        events.append(
            _event(s, "battle", PUBLIC, "battle_public", post, attacker=name(a.id), target=d.name, outcome=said)
        )
    for x in result.transformed:
        events.append(_event(s, "transform", PUBLIC, "transformed", {"seat": x}, name=s.players[x].name))
    return events
