"""/day0 (handbook II): the Day 0 choices as a form: the starting zone (or a random one), the abilities of
my role (as many as the game allows) and, with a Rival, the reward for eliminating them. Submitting gives
the Day 0 orders, validated by the engine like any order."""

from __future__ import annotations

from typing import Any

from engine.digits import whole
from engine.front import Asked, Card, Change, Command, Form, Refused, Select
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.front.describe import describe
from engine.rulesets.battle_royale.front.texts import TEXTS, text
from engine.rulesets.battle_royale.texts import ROLE_NAMES

RANDOM_ZONE = "random"
DAY0 = Command("day0", text("cmd_day0"), section="day0", phases=("day0",))


def form(view: dict[str, Any], current: dict[str, Any]) -> Form | str:
    """My Day 0 menu now, or why there is none (Day 0 is over, or I am out of the game)."""
    if view.get("phase") != "day0" or current.get("kind") != "day0":
        return text("day0_over")
    me = view["me"]
    if not me.get("alive", True):
        return text("day0_dead")
    role = ROLE_NAMES.get(me["role"], me["role"])
    intro = (
        text("day0_intro", role=role, school=me["school"])
        if me.get("school")
        else text("day0_intro_no_school", role=role)
    )
    start = current.get("start_zone")
    zones = [(text("day0_random_zone"), RANDOM_ZONE, "")] + [
        (z["name"], str(z["id"]), "") for z in view.get("zones", []) if not z["closed"]
    ]
    selects = [
        Select(
            "zone",
            text("day0_pick_zone"),
            tuple(zones),
            chosen=(str(start) if start is not None else RANDOM_ZONE,),
            more=TEXTS["day0_more_zones"],
        )
    ]
    abilities = [catalog.roles().ability(a) for a in me.get("ability_choices", [])]
    allowed = me.get("abilities_allowed", 1)
    if abilities and allowed > 0:
        selects.append(
            Select(
                "abilities",
                text("day0_pick_abilities"),
                tuple((a.name, a.id, a.text) for a in abilities),
                least=0,
                most=min(len(abilities), allowed),
                chosen=tuple(current.get("abilities") or ()),
            )
        )
    if me.get("rival"):
        rewards = tuple((r.name, r.id, r.text) for r in catalog.roles().rival_rewards)
        chosen = (current["rival_reward"],) if current.get("rival_reward") else ()
        selects.append(Select("reward", text("day0_pick_reward"), rewards, chosen=chosen))
    return Form(
        card=Card(title=text("day0_title"), description=intro, colour="plain"),
        selects=tuple(selects),
        submit_label=text("day0_submit"),
    )


def apply(asked: Asked) -> Change:
    """The form's values as Day 0 orders; a choice left alone keeps what the orders had."""
    if asked.current.get("kind") != "day0":
        raise Refused(text("day0_over"))
    v, current = asked.values, asked.current
    zone = (v.get("zone") or [None])[0]
    if zone is not None and zone != RANDOM_ZONE and whole(zone) is None:
        raise Refused(text("no_such_zone", zone=zone))
    orders = {
        "kind": "day0",
        "start_zone": current.get("start_zone") if zone is None else (None if zone == RANDOM_ZONE else whole(zone)),
        "abilities": list(v["abilities"]) if "abilities" in v else list(current.get("abilities") or []),
        "rival_reward": (v["reward"] or [None])[0] if "reward" in v else current.get("rival_reward"),
    }
    return Change(orders=orders, summary=describe(orders, asked.view))
