"""Computer players for StarCraft Mafia: sensible, always legal day orders from what the seat may know.

`orders_for(state, seat, rng)` reads only `player_view(state, seat)` (the seat's own record, the others'
class, public HP and public transformation, the dead's items and known teams, the infested's team), never the
hidden state. Every plan is checked with `validate`; an illegal plan falls back to a simpler one and finally
to Do Nothing. Randomness only from the given rng, each roll labelled. Public reasoning: suspicion.py.

The uninfested:
- A known infested (publicly transformed, or read by one's own probe) is attacked by everyone able, the
  weakest Zerg form first (it is never healed): the outpost gangs up. Stim Pack and Cloak go with it.
- Otherwise: Sleep when tired (fatigue >= `TIRED`); the class's support (a medic heals the most hurt, a
  technician repairs, a ghost probes one not yet read); else, on `HUNT_CHANCE` of the days, attack the
  public suspect (suspicion.consensus: the same for every uninfested, so attacks pile up on one player and
  an infested one is forced to transform); never a player one's probe read clean.
- With `day_vote`, vote for the known infested, else for the public suspect.
The infested:
- On `INFEST_CHANCE` of the days (always when the human form is down), a secret Zerg attack with Infest on a
  ghost first (the probe is their worst enemy), else the weakest uninfested by public HP.
- Otherwise they hide: they sleep when tired, mend like any soldier (their own team too) and only join an
  attack the uninfested are making on a player of theirs (a human), never on their own team; with the vote,
  they vote with the crowd when it names a human, else for the next human on the public list.
- Every side picks up the best item on a body it can use better than its own (weapons by damage), on
  `PICKUP_CHANCE` of the days, so not everyone piles into one scuffle.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia import suspicion
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.orders import (
    Attack,
    Cloak,
    DayOrders,
    Heal,
    MainAction,
    Nothing,
    Offensive,
    Pickup,
    Probe,
    Repair,
    Sleep,
    Stim,
)
from engine.rulesets.starcraft_mafia.validate import validate
from engine.rulesets.starcraft_mafia.view import player_view

TIRED = 4  # fatigue from which a computer player sleeps (each point is -1 on every shot)
HURT = 4  # body HP under the class maximum from which a medic heals (Heal gives +5)
SUIT_HURT = 6  # suit HP under the class maximum from which a technician repairs (Repair gives +8)
HUNT_CHANCE = 100  # % of free days an uninfested attacks the public suspect without proof
INFEST_CHANCE = 50  # % of days an infested tries to infest
HUNTERS = 1  # how many players (by the day's public draw) test an unproven suspect; 0: everyone
PICKUP_CHANCE = 50  # % of days a player who wants an item on a body goes for it
STIM_MIN_BODY = 10  # body HP from which marines and firebats use their Stim Pack when attacking

View = dict[str, Any]


def orders_for(state: Any, seat: str, rng: RecordingRng) -> DayOrders:
    """The day orders of the computer player on `seat`: the first legal of its plans, else Do Nothing."""
    view = player_view(state, seat)
    me = view.get("me")
    if view["phase"] == "over" or me is None or not me["alive"]:
        return DayOrders()
    if me["team"] == "infested":
        main, offensive = _infested(view, me, rng)
    else:
        main, offensive = _uninfested(view, me, rng)
    pickup = _pickup(view, me, rng)
    vote = _vote(view, me) if state.settings.day_vote else None
    plans = [
        DayOrders(main=main, offensive=offensive, pickup=pickup, vote=vote),
        DayOrders(main=main, pickup=pickup, vote=vote),
        DayOrders(main=main, vote=vote),
        DayOrders(main=main),
        DayOrders(pickup=pickup),
    ]
    for plan in plans:
        if validate(state, seat, plan) is None:
            return plan
    return DayOrders()


def _mates(view: View, me: dict[str, Any]) -> set[str]:
    """The seat's own team, if infested (the infested know each other), himself included."""
    if me["team"] != "infested":
        return {me["id"]}
    return {me["id"]} | {p["seat"] for p in view["players"] if p.get("team") == "infested"}


def _weakest_known(view: View, exclude: set[str]) -> dict[str, Any] | None:
    known = [p for p in suspicion.known_infested(view) if p["seat"] not in exclude]
    if not known:
        return None
    return min(known, key=lambda p: (p["body_hp"] > 0, p["suit_hp"] + p["body_hp"], p["seat"]))


def _uninfested(view: View, me: dict[str, Any], rng: RecordingRng) -> tuple[MainAction, Offensive | None]:
    target = _weakest_known(view, {me["id"]})
    if target is not None and me["fatigue"] < TIRED + 2:
        return Attack(target=target["seat"]), _offensive(view, me)
    if me["fatigue"] >= TIRED:
        return Sleep(), None
    support = _support(view, me)
    if support is not None:
        return support, None
    suspect = suspicion.consensus(view, suspicion.cleared(view) | {me["id"]})
    if suspect is None or not _hunter(view, me, suspect) or not rng.percent(HUNT_CHANCE, f"ai hunt? {me['id']}"):
        return Nothing(), None
    return Attack(target=suspect["seat"]), _offensive(view, me)


def _hunter(view: View, me: dict[str, Any], suspect: dict[str, Any]) -> bool:
    """Whether the day's public draw makes this seat one of the `HUNTERS` who test the suspect."""
    if not HUNTERS:
        return True
    seats = [p["seat"] for p in suspicion.living(view) if p["seat"] != suspect["seat"]] + [me["id"]]
    order = sorted(seats, key=lambda x: suspicion.draw(view["day"] + 7919, x))
    return me["id"] in order[:HUNTERS]


def _infested(view: View, me: dict[str, Any], rng: RecordingRng) -> tuple[MainAction, Offensive | None]:
    mates = _mates(view, me)
    prey = [p for p in suspicion.living(view) if p["seat"] not in mates]
    if not prey:
        return Nothing(), None
    if me["body_hp"] <= 0 or rng.percent(INFEST_CHANCE, f"ai infest? {me['id']}"):
        ghosts = [p for p in prey if catalog().cls(p["cls"]).abilities.count("psychic_probe")]
        pool = ghosts or prey
        victim = min(pool, key=lambda p: (p["suit_hp"] + p["body_hp"], p["seat"]))
        return Attack(target=victim["seat"], infest=True), None
    if me["fatigue"] >= TIRED:
        return Sleep(), None
    support = _support(view, me)
    if support is not None:
        return support, None
    crowd = suspicion.consensus(view, {me["id"]})  # what the uninfested attack today
    if crowd is not None and crowd["seat"] not in mates and rng.percent(HUNT_CHANCE, f"ai hunt? {me['id']}"):
        return Attack(target=crowd["seat"]), _offensive(view, me)
    return Nothing(), None


def _vote(view: View, me: dict[str, Any]) -> str | None:
    mates = _mates(view, me)
    if me["team"] != "infested":
        known = _weakest_known(view, {me["id"]})
        pick = known or suspicion.consensus(view, suspicion.cleared(view) | {me["id"]})
        return pick["seat"] if pick else None
    humans = [p for p in suspicion.ranking(view, {me["id"]}) if p["seat"] not in mates]
    return humans[0]["seat"] if humans else None


def _support(view: View, me: dict[str, Any]) -> MainAction | None:
    """The class's active ability when it is worth using: heal the hurt, repair, probe the unknown. The
    uninfested never mend a known infested; the infested mend anyone (it looks human)."""
    abilities = catalog().cls(me["cls"]).abilities
    known = {p["seat"] for p in suspicion.known_infested(view)} if me["team"] != "infested" else set()
    others = [p for p in suspicion.living(view) if p["seat"] not in known]
    if "heal" in abilities:
        hurt = [(p["body_hp"] - suspicion.full_hp(p)[1], p["seat"]) for p in others]
        hurt = [h for h in hurt if h[0] <= -HURT]
        if hurt:
            return Heal(target=min(hurt)[1])
    if "repair" in abilities:
        disabled = [i for i in me["items"] if i["disabled_until"] is not None and i["disabled_until"] >= view["day"]]
        if disabled:
            return Repair(target=me["id"], item=disabled[0]["kind"])
        worn = [(p["suit_hp"] - suspicion.full_hp(p)[0], p["seat"]) for p in others]
        worn = [w for w in worn if w[0] <= -SUIT_HURT]
        if worn:
            return Repair(target=min(worn)[1])
    if "psychic_probe" in abilities and me["team"] != "infested":
        read = suspicion.readings(me)
        unread = [p for p in suspicion.ranking(view, {me["id"]}) if p["seat"] not in read]
        if unread and not suspicion.known_infested(view):
            return Probe(target=unread[0]["seat"])
    return None


def _offensive(view: View, me: dict[str, Any]) -> Offensive | None:
    abilities = catalog().cls(me["cls"]).abilities
    if "stim_pack" in abilities and me["body_hp"] >= STIM_MIN_BODY:
        return Stim()
    if "cloak" in abilities and me["suit_hp"] >= 3 and me["cloak_day"] != view["day"] - 1:
        return Cloak()
    return None


def _pickup(view: View, me: dict[str, Any], rng: RecordingRng) -> Pickup | None:
    """The best weapon on a body if it beats one's own (by damage), on `PICKUP_CHANCE` of the days; gear
    (the grenade) when there is no weapon worth taking. Never a mounted one."""
    own = max((w.damage for i in me["items"] if (w := catalog().weapon(i["kind"])) is not None), default=0)
    lying: list[tuple[int, str]] = []
    for body in view["players"]:
        if body["alive"]:
            continue
        for item in body["items"]:
            weapon = catalog().weapon(item["kind"])
            if weapon is not None and weapon.mounted:
                continue
            value = weapon.damage if weapon else 0
            if weapon is None or value > own:
                lying.append((value, item["uid"]))
    if not lying or not rng.percent(PICKUP_CHANCE, f"ai pickup? {me['id']}"):
        return None
    best = max(value for value, _ in lying)
    return Pickup(item=rng.choice(sorted(uid for value, uid in lying if value == best), f"ai pickup {me['id']}"))
