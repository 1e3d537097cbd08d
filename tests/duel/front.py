"""What the bot shows of the duel, as one value: three commands, a chooser, orders in words, one status card and
the names of its groups.

`/strike` and `/guard` apply in the "turn" phase, `/react` in the "question" phase (the view's `phase`). The
Bandit's target comes from the `foes` chooser, built from the asking actor's own view; a moderator acting
`as` the Bandit sees the standing heroes, a hero sees the Bandit.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.front import Asked, Card, CardField, Cards, Change, Command, Front, Groups, Option, Orders, Words, slotted
from tests.duel.texts import text

COMMANDS = (
    Command("strike", text("cmd_strike"), (Option("target", text("opt_target"), source="foes"),), phases=("turn",)),
    Command("guard", text("cmd_guard"), (), phases=("turn",)),
    Command("react", text("cmd_react"), (Option("choice", text("opt_choice"), required=True,
                                                 choices=((text("dodge"), "dodge"), (text("parry"), "parry"))),),
            phases=("question",)),
)
COMMANDS = slotted(COMMANDS, {"target": "target", "choice": "how"})  # typed in the shared `target:` and `how:`


def foes(
    view: dict[str, Any], typed: str, values: Mapping[str, Any], current: Mapping[str, Any] | None = None
) -> list[tuple[str, str]]:
    """The Bandit's choice of hero (standing ones), or the Bandit for a hero."""
    ids = view["heroes"] if view["you"] == view["bandit"] else [view["bandit"]]
    return [(view["names"][i], i) for i in ids if typed.lower() in view["names"][i].lower()]


CHOOSERS = {"foes": foes}


def describe(orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    if not orders:
        return []
    if orders.get("answer"):
        return [text("said_answer", answer=text(orders["answer"]))]
    if orders.get("action") == "guard":
        return [text("said_guard")]
    target = orders.get("target")
    return [text("said_strike", target=view["names"].get(target, target)) if target else text("said_strike_any")]


def apply(asked: Asked) -> Change:
    if asked.command == "react":
        answer = asked.values["choice"]
        return Change(orders={"answer": answer}, summary=[text("said_answer", answer=text(answer))])
    if asked.command == "guard":
        return Change(orders={"action": "guard"}, summary=[text("said_guard")])
    orders = {"action": "strike", "target": asked.values.get("target")}
    return Change(orders=orders, summary=describe(orders, asked.view))


def status(view: dict[str, Any]) -> list[Card]:
    names = view["names"]
    if view["phase"] == "over":
        line = text("status_over")
    else:
        line = text("status_question" if view["phase"] == "question" else "status_turn", name=names[view["acting"]])
    health = tuple(text("hp_line", name=names[a], hp=max(hp, 0)) for a, hp in view["hp"].items())
    return [Card(title=text("status_title", day=view["day"]), description=line,
                 fields=(CardField(text("hp_field"), health),))]


def group_title(key: str) -> str:
    return text(f"group_{key}")


def group_intro(key: str) -> str:
    return text("group_intro", title=group_title(key))


FRONT = Front(
    title=text("title"),
    words=Words(step="Step", steps="steps"),
    orders=Orders(commands=COMMANDS, choosers=CHOOSERS, apply=apply, describe=describe),
    cards=Cards(status=status),
    groups=Groups(title=group_title, intro=group_intro),
)
