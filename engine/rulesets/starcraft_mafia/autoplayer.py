"""Computer players for StarCraft Mafia: sensible, always legal day orders from what the seat may know.

`orders_for(state, seat, rng)` reads only `player_view(state, seat)` (the seat's own record, the others'
class and public HP, the dead's items and teams, the infested's team), never the hidden state: a human
does not know who is infested. Every plan is checked with `validate`; an illegal plan falls back to a
simpler one and finally to Do Nothing. Randomness only from the given rng, each roll labelled.

The policy (kept simple on purpose, documented in docs/rules/starcraft-mafia.md, "Status"):
- Tired (fatigue >= `TIRED`): Sleep.
- Pick up the best item lying on a body (a weapon first), one a day.
- Medic: Heal the most hurt other living player (body HP `HURT` or more under the class maximum).
  Technician: re-enable an own sabotaged item, else Repair the most damaged suit.
  Ghost: Probe a living player not yet read, while no infested is known.
- Humans attack suspects: a probe reading "infested" first; otherwise, on `ATTACK_CHANCE` of the days, the
  most suspect by a simple public clue: a Zerg attack leaves the attacker's human form untouched, so a
  player with full suit and body HP after Day 1 looks suspect (ties broken by the rng). Probed-clean
  players are never attacked. Marines and firebats Stim when healthy; the ghost Cloaks when it may.
- The infested: on `INFEST_CHANCE` of the days, a Zerg attack with Infest on the weakest uninfested player
  (lowest public suit + body HP); an infested whose human form is down always attacks in Zerg form.
  Otherwise they behave like humans (never attacking their own team) to hide.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
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
from engine.rulesets.starcraft_mafia.ruleset import player_view
from engine.rulesets.starcraft_mafia.validate import validate

TIRED = 4  # fatigue from which a computer player sleeps (each point is -1 on every shot)
HURT = 4  # body HP under the class maximum from which a medic heals (Heal gives +5)
SUIT_HURT = 6  # suit HP under the class maximum from which a technician repairs (Repair gives +8)
ATTACK_CHANCE = 100  # % of idle days a human (or hiding infested) attacks a suspect (100 fared best for humans)
INFEST_CHANCE = 50  # % of days an infested tries to infest the weakest uninfested player
STIM_MIN_BODY = 10  # body HP from which marines and firebats use their Stim Pack when attacking


def orders_for(state: Any, seat: str, rng: RecordingRng) -> DayOrders:
    """The day orders of the computer player on `seat`: the first legal of its plans, else Do Nothing."""
    view = player_view(state, seat)
    me = view.get("me")
    if view["phase"] == "over" or me is None or not me["alive"]:
        return DayOrders()
    main, offensive = _main(view, me, rng)
    pickup = _pickup(view, seat, rng)
    plans = [
        DayOrders(main=main, offensive=offensive, pickup=pickup),
        DayOrders(main=main, pickup=pickup),
        DayOrders(main=main),
        DayOrders(pickup=pickup),
    ]
    for plan in plans:
        if validate(state, seat, plan) is None:
            return plan
    return DayOrders()


def _alive(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in view["players"] if p["alive"]]


def _max(cls: str) -> tuple[int, int]:
    """A class's (suit, body) maximum: classes are public, so everyone knows them."""
    defn = catalog().cls(cls)
    return defn.suit.hp, defn.body.hp


def _readings(me: dict[str, Any]) -> dict[str, bool]:
    """The seat's own probe readings (the ghost's): target -> infested, the latest reading kept."""
    return {r["target"]: r["infested"] for r in me["readings"] if r["infested"] is not None}


def _main(view: dict[str, Any], me: dict[str, Any], rng: RecordingRng) -> tuple[MainAction, Offensive | None]:
    seat = me["id"]
    infested = me["team"] == "infested"
    others = _alive(view)
    enemies = [p for p in others if not (infested and p.get("team") == "infested")]
    if infested and enemies:
        down = me["body_hp"] <= 0
        if down or rng.percent(INFEST_CHANCE, f"ai infest? {seat}"):
            weakest = min(enemies, key=lambda p: (p["suit_hp"] + p["body_hp"], p["seat"]))
            return Attack(target=weakest["seat"], infest=True), None
    if me["fatigue"] >= TIRED:
        return Sleep(), None
    support = _support(view, me, others)  # the infested mend their team too: it also looks human
    if support is not None:
        return support, None
    target = _suspect(view, me, enemies, rng)
    if target is None:
        return Nothing(), None
    return Attack(target=target), _offensive(view, me)


def _support(view: dict[str, Any], me: dict[str, Any], others: list[dict[str, Any]]) -> MainAction | None:
    """The class's active ability when it is worth using: heal the hurt, repair, probe the unknown."""
    abilities = catalog().cls(me["cls"]).abilities
    if "heal" in abilities:
        hurt = [(p["body_hp"] - _max(p["cls"])[1], p["seat"]) for p in others]
        hurt = [h for h in hurt if h[0] <= -HURT]
        if hurt:
            return Heal(target=min(hurt)[1])
    if "repair" in abilities:
        disabled = [i for i in me["items"] if i["disabled_until"] is not None and i["disabled_until"] >= view["day"]]
        if disabled:
            return Repair(target=me["id"], item=disabled[0]["kind"])
        worn = [(p["suit_hp"] - _max(p["cls"])[0], p["seat"]) for p in others]
        worn = [w for w in worn if w[0] <= -SUIT_HURT]
        if worn:
            return Repair(target=min(worn)[1])
    if "psychic_probe" in abilities:
        read = _readings(me)
        if not any(read.values()):
            unread = sorted(p["seat"] for p in others if p["seat"] not in read and p.get("team") != "infested")
            if unread:
                return Probe(target=unread[0])
    return None


def _suspect(view: dict[str, Any], me: dict[str, Any], enemies: list[dict[str, Any]], rng: RecordingRng) -> str | None:
    """Whom to attack today, or None: a known infested, else (some days) the most suspect by public HP."""
    read = _readings(me)
    known = sorted(p["seat"] for p in enemies if read.get(p["seat"]))
    if known:
        return known[0]
    candidates = [p for p in enemies if read.get(p["seat"]) is not False]
    if not candidates or not rng.percent(ATTACK_CHANCE, f"ai attack? {me['id']}"):
        return None

    def untouched(p: dict[str, Any]) -> bool:
        return view["day"] > 1 and (p["suit_hp"], p["body_hp"]) == _max(p["cls"])

    top = [p["seat"] for p in candidates if untouched(p)] or [p["seat"] for p in candidates]
    return rng.choice(sorted(top), f"ai suspect {me['id']}")


def _offensive(view: dict[str, Any], me: dict[str, Any]) -> Offensive | None:
    abilities = catalog().cls(me["cls"]).abilities
    if "stim_pack" in abilities and me["body_hp"] >= STIM_MIN_BODY:
        return Stim()
    if "cloak" in abilities and me["suit_hp"] >= 3 and me["cloak_day"] != view["day"] - 1:
        return Cloak()
    return None


def _pickup(view: dict[str, Any], seat: str, rng: RecordingRng) -> Pickup | None:
    """The best item on a body (weapons by damage, then gear), ties broken by the rng; never a mounted one."""
    lying: list[tuple[int, str]] = []
    for body in view["players"]:
        if body["alive"]:
            continue
        for item in body["items"]:
            weapon = catalog().weapon(item["kind"])
            if weapon is not None and weapon.mounted:
                continue
            lying.append((weapon.damage if weapon else 0, item["uid"]))
    if not lying:
        return None
    best = max(value for value, _ in lying)
    return Pickup(item=rng.choice(sorted(uid for value, uid in lying if value == best), f"ai pickup {seat}"))
