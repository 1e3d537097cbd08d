"""How a command's options become Infinity: Intervention orders (`apply`), and orders in words (`describe`).

A post is built one command at a time over the actor's current orders: each action command adds its action,
`/undo` takes the last off, `/points` sets the Infinity Point spends, `/send` marks the post complete as it stands
(any later change unmarks it), `/react` answers the face-off the actor is asked (or, while posting, sets or clears
a standing answer). Each command on one's own post is answered with the post so far and what it leaves
(`progress`). Names are read against the actor's own view; what
needs the whole state (actions left, Immobilized, a weapon's reach) is the engine's `validate`, run after."""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Change, Refused
from engine.keyed import joined
from engine.rulesets.infinity_intervention.front.choosers import COVER, me
from engine.rulesets.infinity_intervention.front.texts import text
from engine.rulesets.infinity_intervention.orders import MAX_MINORS, STANDARD
from engine.rulesets.infinity_intervention.validate import affordable, spend

POST_KEYS = ("actions", "extra_action", "insert_after", "standing", "clear_standing")  # not `sent`: a change unsends
ACTIONS = ("attack", "cover", "switch", "observe", "reset", "negotiate", "freeform")


def _target(view: dict[str, Any], actor: str, given: Any) -> str:
    wanted = str(given or "").strip().lower()
    side = view["actors"][actor]["side"]
    for i, card in view["actors"].items():
        if wanted in (i.lower(), card["name"].lower()) and card["side"] != side:
            return str(i)
    raise Refused(text("unknown_target", target=given))


def _item(sheet: dict[str, Any], given: Any) -> str:
    wanted = str(given or "").strip().lower()
    if not sheet:  # an NPC ordered `as`: its sheet is not in the view; the engine checks what it carries
        return wanted
    for i, label in zip(sheet["item_ids"], sheet["items"], strict=True):
        if wanted in (i.lower(), label.lower()):
            return str(i)
    raise Refused(text("unknown_item", item=given))


def _actor(view: dict[str, Any], given: Any) -> str:
    wanted = str(given or "").strip().lower()
    for i, card in view["actors"].items():
        if wanted in (i.lower(), card["name"].lower()):
            return str(i)
    raise Refused(text("unknown_actor", actor=given))


def _points(values: dict[str, Any]) -> dict[str, int]:
    return {"ip_saves": int(values.get("ip_saves") or 0), "ip_crit": int(values.get("ip_crit") or 0)}


def action(name: str, values: dict[str, Any], view: dict[str, Any], actor: str, sheet: dict[str, Any]) -> dict:
    """The JSON of one action (`orders.Action`) from a command's options."""
    if name == "attack":
        return {"kind": "attack", "target": _target(view, actor, values.get("target"))} | _points(values)
    if name == "cover":
        level = str(values.get("level") or "").strip().lower()
        if level not in COVER:
            raise Refused(text("bad_cover", levels=joined(", ", COVER)))
        return {"kind": "cover", "level": level}
    if name == "switch":
        return {"kind": "switch", "item": _item(sheet, values.get("item"))}
    if name == "negotiate":
        return {"kind": "negotiate", "text": str(values.get("text") or "").strip()[:500]}
    if name == "freeform":
        return {"kind": "freeform", "text": str(values.get("text") or "").strip()[:1000] or "-"}
    return {"kind": name}


def _answer(values: dict[str, Any]) -> dict[str, Any]:
    choice = str(values.get("choice") or "take")
    if choice not in ("react", "take"):
        raise Refused(text("bad_choice"))
    return {"choice": choice} | _points(values)


def orders_of(asked: Asked) -> dict[str, Any]:
    found = me(asked.view)
    if found is None:
        raise Refused(text("no_fighter"))
    actor, sheet = found
    question = asked.view.get("question")
    if asked.command == "react" and question and question["target"] == actor:
        return {"answer": _answer(asked.values)}
    current = {k: v for k, v in dict(asked.current or {}).items() if k in POST_KEYS}  # no default's timed_out
    actions = list(current.get("actions") or [])
    if asked.command in ACTIONS:
        return current | {"actions": [*actions, action(asked.command, asked.values, asked.view, actor, sheet)]}
    if asked.command == "send":
        return current | {"sent": True}
    if asked.command == "undo":
        if not actions:
            raise Refused(text("nothing_to_undo"))
        return current | {"actions": actions[:-1]}
    if asked.command == "points":
        after = asked.values.get("after")
        chosen = {"extra_action": bool(asked.values.get("extra_action"))}
        return current | chosen | {"insert_after": _actor(asked.view, after) if after not in (None, "") else None}
    if asked.command == "react":
        if asked.values.get("clear"):
            return current | {"standing": None, "clear_standing": True}
        return current | {"standing": _answer(asked.values), "clear_standing": False}
    raise Refused(text("not_command", name=asked.command))


def apply(asked: Asked) -> Change:
    orders = orders_of(asked)
    summary = describe(orders, asked.view)
    found = me(asked.view)
    reply = progress(orders, asked.view, *found) if found is not None else None
    return Change(orders=orders, summary=summary, removed=asked.command == "undo", reply=reply)


def _actions(halves: int) -> str:
    """Half actions as actions: 2, 1½, ½."""
    whole = str(halves // 2) if halves >= 2 or halves == 0 else ""
    return whole + ("½" if halves % 2 else "")


def step_hint(view: dict[str, Any]) -> str:
    """The line the DM telling a player it is their post ends with: how a post is built, and what it may spend."""
    found = me(view)
    if found is None or view.get("question") or view.get("awaited") != found[0]:
        return ""
    return text("step_hint", left=_actions(round(float(view["actors"][found[0]]["actions_left"]) * 2)))


def progress(orders: dict[str, Any], view: dict[str, Any], actor: str, sheet: dict[str, Any]) -> str | None:
    """The awaited actor's post in words as it stands (rulings "Post order and turns"): what it holds, what it
    leaves, and "add more or /send"; sent, or leaving nothing to spend, it goes at the next look. None for anything
    but one's own post (a face-off answer, a move in the post order at any time)."""
    if orders.get("answer") or view.get("question") or view.get("awaited") != actor:
        return None
    halves = round(float(view["actors"][actor]["actions_left"]) * 2)
    if orders.get("extra_action") and sheet.get("infinity_points", 0) >= 1 and not sheet.get("ip_action_used"):
        halves += STANDARD  # the engine's `can_buy_action`, read from one's own sheet (only a PC has one)
    kinds = [str(a.get("kind")) for a in orders.get("actions") or []]
    halves, minors = spend(halves, int(sheet.get("minors_used", 0)), kinds)
    post: str = joined(" ", describe(orders | {"sent": False}, view))
    if orders.get("sent"):
        return text("post_sent", post=post or text("post_sent_nothing"))
    post = post or text("post_nothing")
    if not affordable(halves, minors):
        return text("post_full", post=post)
    capped = text("post_no_minors") if minors >= MAX_MINORS else ""
    return text("post_so_far", post=post, left=_actions(halves), capped=capped)


def _name(view: dict[str, Any], i: str) -> str:
    return str(view.get("actors", {}).get(i, {}).get("name", i))


def _item_label(view: dict[str, Any], item: str) -> str:
    """An item's name from the actor's own sheet ("CombiRifle"); its id when the sheet is not in the view (an
    NPC ordered `as`)."""
    for sheet in (view.get("mine") or {}).values():
        labels = dict(zip(sheet["item_ids"], sheet["items"], strict=True))
        if item in labels:
            return str(labels[item])
    return item


def said(order: dict[str, Any], view: dict[str, Any]) -> str:
    """One action in words."""
    kind = order.get("kind")
    if kind == "attack":
        spent = order.get("ip_saves") or order.get("ip_crit")
        points = text("said_attack_points", saves=order.get("ip_saves", 0), crit=order.get("ip_crit", 0))
        return text("said_attack", target=_name(view, order["target"]), points=points if spent else "")
    if kind == "cover":
        return text("said_cover", level=text(f"cover_{order['level']}"))
    if kind == "switch":
        return text("said_switch", item=_item_label(view, order["item"]))
    if kind in ("negotiate", "freeform"):
        return text(f"said_{kind}", text=order.get("text") or "-")
    return text(f"said_{kind}")


def _said_answer(key: str, answer: dict[str, Any]) -> str:
    return text(
        key, choice=text(answer.get("choice", "take")), saves=answer.get("ip_saves", 0), crit=answer.get("ip_crit", 0)
    )


def describe(orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    if not orders:
        return []
    if orders.get("answer"):
        return [_said_answer("said_answer", orders["answer"])]
    lines = [said(a, view) for a in orders.get("actions") or []]
    if orders.get("extra_action"):
        lines.append(text("said_extra"))
    if orders.get("insert_after"):
        lines.append(text("said_after", name=_name(view, orders["insert_after"])))
    if orders.get("standing"):
        lines.append(_said_answer("said_standing", orders["standing"]))
    if orders.get("clear_standing"):
        lines.append(text("said_clear"))
    if orders.get("sent"):
        lines.append(text("said_sent"))
    return lines
