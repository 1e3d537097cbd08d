"""The day's resolution in the rulings' nine steps ("The day"), from the pieces in the sibling modules.

`resolve_day(state, orders, rng)` works on a copy and returns (new state, events). Seats missing from
`orders` are idle (Do Nothing, no extras). Orders are re-checked with `validate` first: one that has become
illegal (a target died by a moderator's hand) is Do Nothing, and the moderators are told.

Reports here are minimal and factual (battle outcomes, deaths, the stat list); the wording and the public /
private split follow the rulings' "Public and private" and are expected to grow with the Discord front.
"""

from __future__ import annotations

from engine.events import MODERATORS, PUBLIC, Event, to_players
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia import report, steps, thefts, upkeep, vote
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.combat import BattleSetup, battle
from engine.rulesets.starcraft_mafia.orders import (
    Attack,
    Cloak,
    DayOrders,
    Heal,
    Probe,
    Repair,
    Sabotage,
    Sleep,
    Stim,
)
from engine.rulesets.starcraft_mafia.rules import winner
from engine.rulesets.starcraft_mafia.scuffle import scuffle
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.texts import say
from engine.rulesets.starcraft_mafia.validate import validate
from engine.rulesets.starcraft_mafia.view import team_public


def _event(state: SCMState, kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), data=data or {}, day=state.day, phase="day")


class _Day:
    """What each player did today, for step 9's fatigue."""

    def __init__(self, state: SCMState, orders: dict[str, DayOrders]) -> None:
        self.orders = orders
        self.main: dict[str, str] = {}
        self.stole: set[str] = set()
        self.sabotaged: set[str] = set()
        self.scuffled: set[str] = set()
        self.asleep: set[str] = set()
        self.stimmed: set[str] = set()
        self.stim_spent: set[str] = set()
        self.cloak_spent: set[str] = set()
        self.causes: dict[str, str] = {}
        # the lynch vote is taken from the orders as given: a scuffle costs actions, not the vote
        self.votes = {seat: o.vote for seat, o in orders.items() if o.vote is not None}


def resolve_day(state: SCMState, orders: dict[str, DayOrders], rng: RecordingRng) -> tuple[SCMState, list[Event]]:
    if state.phase == "over":
        raise ValueError("the game is over")
    s = SCMState.model_validate(state.model_dump())  # a deep copy: the input is never changed
    events: list[Event] = []
    given: dict[str, DayOrders] = {}
    for p in s.living():
        mine = orders.get(p.id, DayOrders())
        reason = validate(s, p.id, mine)
        if reason is not None:
            events.append(_event(s, "order_dropped", MODERATORS, "order_dropped", name=p.name, reason=reason))
            unvoted = mine.model_copy(update={"vote": None})
            # a vote for a player who died since (a moderator's kill) costs only the vote, not the day's actions
            mine = unvoted if mine.vote is not None and validate(s, p.id, unvoted) is None else DayOrders()
        given[p.id] = mine
    day = _Day(s, given)
    alive_at_start = {p.id for p in s.living()}
    events += _step1(s, day)
    events += _step2(s, day, rng)
    events += _step3(s, day, rng)
    events += _step4_to_6(s, day)
    events += _step7(s, day, rng)
    events += _lynch(s, day)
    events += _step8(s, day, rng)
    for e in events:  # a transformation is public: everyone now knows that player is infested
        if e.kind == "transform" and s.players[e.data["seat"]].revealed_day is None:
            s.players[e.data["seat"]].revealed_day = s.day
    events += _step9(s, day, orders, alive_at_start)
    return s, events


def _step1(s: SCMState, day: _Day) -> list[Event]:
    events: list[Event] = []
    for seat, o in day.orders.items():
        if isinstance(o.offensive, Stim):
            used, told = steps.stim_cost(s, seat)
            events += told
            if used:
                day.stimmed.add(seat)
        if isinstance(o.main, Sleep):
            day.asleep.add(seat)
    return events


def _step2(s: SCMState, day: _Day, rng: RecordingRng) -> list[Event]:
    """Scuffles: 2+ players picking up one item (by uid) or stealing one (same target and kind)."""
    groups: dict[str, list[str]] = {}
    for seat, o in day.orders.items():
        if o.pickup:
            groups.setdefault(f"pickup {o.pickup.item}", []).append(seat)
        if o.steal:
            kind = catalog().kind_of(o.steal.item) or o.steal.item
            groups.setdefault(f"steal {o.steal.target} {kind}", []).append(seat)
    events: list[Event] = []
    for key in sorted(k for k, seats in groups.items() if len(seats) > 1):
        # one scuffle a day: a scuffler has lost his other orders, so he is out of any later contest
        seats = [x for x in groups[key] if s.players[x].alive and x not in day.scuffled]
        if len(seats) < 2:
            continue  # no longer contested: steps 3 and 5 handle the one left
        what = _contested(s, key)
        result = scuffle(s, seats, rng)
        day.scuffled.update(result.scufflers)
        for x in result.dead:
            day.causes[x] = say("cause_scuffle")
        w = result.winner
        told = say("scuffle_won", name=s.players[w].name) if w is not None else say("scuffle_nobody")
        rolls = joined("\n", report.scuffle_lines(result.shots, lambda x: s.players[x].name))
        events.append(
            _event(
                s,
                "scuffle",
                to_players(*result.scufflers),
                "scuffle_told",
                {"shots": result.shots},
                item=what,
                result=told,
                rolls=rolls,
            )
        )
        for x in result.transformed:  # rulings, "Public": transformations
            events.append(_event(s, "transform", PUBLIC, "transformed", {"seat": x}, name=s.players[x].name))
        if w is not None and key.startswith("pickup "):
            events += upkeep.pick_up(s, w, key.split(" ", 1)[1])
        elif w is not None:
            o = day.orders[w]
            assert o.steal is not None
            asleep = o.steal.target in day.asleep
            events += thefts.steal(s, w, o.steal.target, catalog().kind_of(o.steal.item) or "", rng, asleep, None)
            day.stole.add(w)
    for seat in day.scuffled:  # "lose the rest of the day's orders"
        day.orders[seat] = DayOrders()
        day.main[seat] = "none"
    return events


def _contested(s: SCMState, key: str) -> str:
    """The item a scuffle is about, in words: "the C-10 Rifle on GH's body" or "AA's C-14 Rifle"."""
    what, _, rest = key.partition(" ")
    if what == "pickup":
        body = s.holder(rest)
        item = body.item(rest) if body else None
        return say("contested_body", item=item.name, body=body.name) if body and item else rest
    target, _, kind = rest.partition(" ")
    return say("contested_steal", item=catalog().item_name(kind), target=s.players[target].name)


def _named_weapon(day: _Day, seat: str) -> str | None:
    o = day.orders.get(seat)
    return o.main.weapon if o and isinstance(o.main, Attack) else None


def _step3(s: SCMState, day: _Day, rng: RecordingRng) -> list[Event]:
    events: list[Event] = []
    for seat in sorted(day.orders):
        o = day.orders[seat]
        if o.steal and s.players[seat].alive:
            kind = catalog().kind_of(o.steal.item) or ""
            target = o.steal.target
            events += thefts.steal(s, seat, target, kind, rng, target in day.asleep, _named_weapon(day, target))
            day.stole.add(seat)
        if isinstance(o.offensive, Sabotage) and s.players[seat].alive:
            sab = o.offensive
            sab_kind = catalog().kind_of(sab.item) if sab.item else None
            asleep = sab.target in day.asleep
            events += thefts.sabotage(s, seat, sab.target, sab_kind, rng, asleep, _named_weapon(day, sab.target))
            day.sabotaged.add(seat)
    for seat, p in s.players.items():
        if seat in day.orders and not p.alive and seat not in day.causes:
            day.causes[seat] = say("cause_theft")
    return events


def _step4_to_6(s: SCMState, day: _Day) -> list[Event]:
    events: list[Event] = []
    for seat in sorted(day.orders):
        o = day.orders[seat]
        if o.give:
            events += steps.give(s, seat, o.give.item, o.give.to)
    for seat in sorted(day.orders):
        o = day.orders[seat]
        if o.pickup:
            events += upkeep.pick_up(s, seat, o.pickup.item)
    for seat in sorted(day.orders):
        o = day.orders[seat]
        told: list[Event] = []
        if isinstance(o.main, Heal):
            told = steps.heal(s, seat, o.main.target)
        elif isinstance(o.main, Repair):
            kind = catalog().kind_of(o.main.item) if o.main.item else None
            told = steps.repair(s, seat, o.main.target, kind)
        if isinstance(o.main, (Heal, Repair)):
            day.main[seat] = "active" if told else "nothing"  # a target dead by now: Do Nothing
            events += told
    return events


def _setup(s: SCMState, day: _Day, attacker: str, defender: str, attack: Attack) -> BattleSetup:
    stim = {x for x in (attacker, defender) if x in day.stimmed and x not in day.stim_spent}
    cloak = set()
    for x in (attacker, defender):
        o = day.orders.get(x)
        if o and isinstance(o.offensive, Cloak) and x not in day.cloak_spent:
            cloak.add(x)
    day.stim_spent |= {attacker, defender} & day.stimmed
    for x in cloak:
        day.cloak_spent.add(x)
        s.players[x].cloak_day = s.day
    return BattleSetup(
        attacker_weapon=attack.weapon,
        defender_weapon=_named_weapon(day, defender),
        zerg=attack.zerg,
        infest=attack.infest,
        stim=frozenset(stim),
        cloak=frozenset(cloak),
        asleep=frozenset(day.asleep & {defender}),
    )


def _step7(s: SCMState, day: _Day, rng: RecordingRng) -> list[Event]:
    """Combat: suicides, then all other attacks in one random order."""
    events: list[Event] = []
    attacks = {x: o.main for x, o in day.orders.items() if isinstance(o.main, Attack)}
    for seat in sorted(x for x, a in attacks.items() if a.target == x):
        p = s.players[seat]
        if p.alive:
            p.alive = False
            day.causes[seat] = say("cause_suicide")
            day.main[seat] = "attack"
    others = sorted(x for x, a in attacks.items() if a.target != x)
    for seat in rng.shuffled(others, "combat order"):
        attack = attacks[seat]
        a, d = s.players[seat], s.players[attack.target]
        if not (a.alive and d.alive):
            day.main[seat] = "nothing"  # made impossible during the day
            continue
        day.main[seat] = "attack"
        result = battle(s, seat, attack.target, rng, _setup(s, day, seat, attack.target, attack))
        events += report.battle_events(s, result, attack)
        for x in result.fled:
            s.players[x].fled_day = s.day
        for x in result.dead:
            if x == seat:  # the attacker fell to his target's shots
                day.causes[x] = say("cause_killer", name=d.name)
            else:
                day.causes[x] = say("cause_zerg") if attack.zerg else say("cause_killer", name=a.name)
    return events


def _lynch(s: SCMState, day: _Day) -> list[Event]:
    """`day_vote`: after step 7, the player with strictly the most votes (at least 2) dies (vote.py)."""
    if not s.settings.day_vote:
        return []
    dead, events = vote.lynch(s, day.votes)
    if dead is not None:
        day.causes[dead] = say("cause_vote")
    return events


def _step8(s: SCMState, day: _Day, rng: RecordingRng) -> list[Event]:
    events: list[Event] = []
    for seat in sorted(day.orders):
        o = day.orders[seat]
        if isinstance(o.main, Probe):
            told = steps.probe(s, seat, o.main.target, rng)
            day.main[seat] = "active" if told else "nothing"
            events += told
    return events


def _step9(s: SCMState, day: _Day, submitted: dict[str, DayOrders], alive_at_start: set[str]) -> list[Event]:
    events: list[Event] = []
    for seat in sorted(alive_at_start):
        p = s.players[seat]
        if seat in day.asleep and seat not in day.scuffled:
            upkeep.rest(s, seat)
        main = "sleep" if seat in day.asleep and seat not in day.scuffled else day.main.get(seat, "nothing")
        upkeep.tire(s, seat, main, seat in day.stole, seat in day.sabotaged, seat in day.scuffled)
        events += upkeep.idle(s, seat, seat in submitted)
        if not p.alive:
            p.died_day = s.day
            p.death_cause = day.causes.get(seat, "unknown")
            reveal = p.team_posted = s.settings.reveal_on_death
            events.append(
                _event(
                    s,
                    "death",
                    PUBLIC,
                    "death_revealed" if reveal else "death",
                    {"seat": seat},
                    name=p.name,
                    cls=catalog().cls(p.cls).name,
                    team=say(f"team_{p.team}"),
                    cause=p.death_cause,
                )
            )
    if s.settings.stat_list == "hp":
        events.append(_event(s, "stat_list", PUBLIC, "stat_list", day=s.day, listing=joined("\n", _stat_lines(s, day))))
    ended = winner(s)
    if ended is not None:
        s.phase, s.winners = "over", ended[1]
        s.end_reason = ended[0]
        events.append(_event(s, "game_over", PUBLIC, f"won_{ended[0]}"))
    else:
        s.day += 1
    return events


def _stat_lines(s: SCMState, day: _Day) -> list[str]:
    lines = []
    for p in sorted(s.living(), key=lambda p: (-(p.suit_hp + p.body_hp), p.id)):
        lines.append(say("stat_living", name=p.name, cls=catalog().cls(p.cls).name, suit=p.suit_hp, body=p.body_hp))
    zerg_attackers = [  # who attacked in Zerg form: an attack made impossible (its target died first) is none
        x for x, o in day.orders.items() if isinstance(o.main, Attack) and o.main.zerg and day.main.get(x) == "attack"
    ]
    for x in sorted(zerg_attackers, key=lambda x: -(s.players[x].zerg_hp or 0)):
        if s.players[x].alive:
            lines.append(say("stat_zerg", hp=s.players[x].zerg_hp))
    for p in s.dead():  # the team only where it is public (`reveal_on_death`, a moderator's kill, a transformation)
        items = joined(", ", [i.name for i in p.items]) or say("list_nothing")
        cls = catalog().cls(p.cls).name
        if team_public(s, p):
            lines.append(say("stat_dead", name=p.name, cls=cls, team=say(f"team_{p.team}"), items=items))
        else:
            lines.append(say("stat_dead_hidden", name=p.name, cls=cls, items=items))
    return lines
