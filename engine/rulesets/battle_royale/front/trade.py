"""Trades (handbook III.B.3): `/trade` offers items to a student in my zone for items of theirs; it happens
at night only if they accept, which puts the mirror of the offer in their orders.

The offer is one entry of the free actions' `trades` (one per partner: a new offer to the same partner
replaces the old one). I name my items as for any order and theirs by what I see them carry (`carried` in my
view, never a concealed item); the partner reads the offer in words (`offer_text`) and answers with buttons.
"""

from __future__ import annotations

from typing import Any

from engine.front import Asked, Change, Refused
from engine.keyed import joined
from engine.rulesets.battle_royale.front.reading import Reader
from engine.rulesets.battle_royale.front.texts import text


def _night_free(current: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    if current.get("kind") != "night":
        raise Refused(text("day0_orders"))
    orders = dict(current)
    return orders, dict(orders.get("free") or {})


def _with_offer(current: dict[str, Any], offer: dict[str, Any]) -> dict[str, Any]:
    """My orders with `offer` as the one trade with its partner."""
    orders, free = _night_free(current)
    free["trades"] = [t for t in free.get("trades") or [] if t["partner"] != offer["partner"]] + [offer]
    orders["free"] = free
    return orders


def _theirs(view: dict[str, Any], seat: str, typed: list[str]) -> list[str]:
    """The uids of the partner's items I asked for by name, each a different item they visibly carry."""
    here = next((s for s in view.get("here", []) if s["id"] == seat), None)
    carried = here["carried"] if here else []
    chosen: list[str] = []
    for name in typed:
        wanted = name.strip().lower()
        uid = next(
            (
                c["uid"]
                for c in carried
                if c["uid"] not in chosen and wanted in (c["name"].lower(), c["label"].lower(), c["uid"].lower())
            ),
            None,
        )
        if uid is None:
            raise Refused(text("trade_not_visible", name=Reader(view).names.student(seat), item=name))
        chosen.append(uid)
    return chosen


def offer(asked: Asked) -> Change:
    """/trade partner: give: give2: receive: receive2:: my side of the trade, told as sent to the partner."""
    v, r = asked.values, Reader(asked.view)
    gives = [r.item(g) for g in (v["give"], v["give2"]) if g]
    seat = r.student(v["partner"])
    me = (asked.view.get("me") or {}).get("id")
    if seat not in r.names.students or seat == me:
        raise Refused(text("trade_unknown_partner"))
    terms = {
        "partner": seat,
        "give": gives,
        "receive": _theirs(asked.view, seat, [w for w in (v["receive"], v["receive2"]) if w]),
    }
    return Change(
        orders=_with_offer(asked.current, terms),
        summary=[],
        reply=text("trade_sent", partner=r.names.student(seat)),
        offered=(seat,),
    )


def offer_to(orders: dict[str, Any] | None, seat: str) -> dict[str, Any] | None:
    """The trade these orders offer to `seat`: its partner, my items given and theirs received (uids)."""
    trades = ((orders or {}).get("free") or {}).get("trades") or []
    found = next((t for t in trades if t["partner"] == seat), None)
    if found is None:
        return None
    return {"partner": seat, "give": list(found.get("give") or []), "receive": list(found.get("receive") or [])}


def accept(terms: dict[str, Any], proposer: str, view: dict[str, Any], current: dict[str, Any]) -> Change:
    """The mirror of the offer in my orders: I give what they receive and receive what they give."""
    mirror = {"partner": proposer, "give": list(terms["receive"]), "receive": list(terms["give"])}
    return Change(orders=_with_offer(current, mirror), summary=[])


def offer_text(terms: dict[str, Any], proposer: str, game: str, view: dict[str, Any]) -> str:
    """The DM to the partner: what they receive (my items) and what they give (theirs), by name."""
    mine = {i["uid"]: i["name"] for i in (view.get("me") or {}).get("items", [])}
    here = next((s for s in view.get("here", []) if s["id"] == terms["partner"]), None)
    theirs = {c["uid"]: c["name"] for c in (here["carried"] if here else [])}
    gives = joined(", ", [mine.get(u, text("their_item")) for u in terms["give"]]) or text("trade_nothing")
    gets = joined(", ", [theirs.get(u, text("their_item")) for u in terms["receive"]]) or text("trade_nothing")
    return text("trade_offered", name=proposer, game=game, give=gives, receive=gets)
