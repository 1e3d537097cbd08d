"""Orders given by buttons and menus only, as a phone player gives them (issue 33, point 3): `/orders`, then
the orders card's buttons (Add an order, Change, Withdraw), the select of verbs, the verb's menu (its selects,
More options, Submit) or its form. No order option is ever typed.

`by_card(fake, user, verb, wanted)` adds the order of `verb`: each of the menu's selects named in `wanted`
(option -> value, or a function of the values offered giving one) gets that value, each the game needs gets
its first value, the rest are left as the menu has them. It returns the answer to Submit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.e2e.fake_models import walk_components

MORE = "brbot:more"
NEEDED = " (needed)"  # a required option's placeholder ends so (`bot.texts.orders`, "menu_required")


def components(reply) -> list[dict[str, Any]]:
    return list(walk_components(reply.message.get("components") or []))


def button_ids(reply) -> dict[str, str]:
    """label -> custom id of the reply's buttons."""
    return {c["label"]: c["custom_id"] for c in components(reply) if c.get("type") == 2}


def button_ids_of(message: dict[str, Any]) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for c in walk_components(message.get("components") or []) if c.get("type") == 2}


def orders_dm(fake, user, day: int) -> dict[str, Any] | None:
    """The newest DM to `user` whose Your orders button opens the card of step `day` (a step's DM: the results of
    the resolution that opened it, "your move", a reminder), or None."""
    for message in reversed(fake.dms_to(user)):
        shown = button_ids_of(message).get("Your orders") or ""
        if shown.startswith("brbot:ord:") and shown.split(":")[3] == str(day):
            return message
    return None


def selects(reply) -> list[dict[str, Any]]:
    return [c for c in components(reply) if c.get("type") == 3]


def offered(select: dict[str, Any]) -> list[str]:
    return [o["value"] for o in select.get("options") or [] if o["value"] != MORE]


async def card(fake, user, dm: bool = False, via: dict[str, Any] | None = None):
    """`/orders`: the orders card, with its buttons; or, `via` a DM about the step, its Your orders button."""
    if via is not None:
        shown = (await fake.click(user, via, button_ids_of(via)["Your orders"])).reply
    else:
        shown = (await fake.slash(user, "orders", dm=dm)).reply
    assert shown.ephemeral and "Add an order" in button_ids(shown), shown.text
    return shown


STALE = "These buttons are from an earlier step: use /orders again."


async def add_an_order(fake, user, dm: bool = False, via: dict[str, Any] | None = None):
    """The card's Add an order pressed: the select of verbs. The step may move on between the card and the press
    (the deadline loop resolves a step whose orders are all in, and a busy machine is slow to press); the bot
    then says so, and the player asks for the card again, as this does."""
    for _ in range(5):
        shown = await card(fake, user, dm, via)
        chooser = (await fake.click(user, shown, button_ids(shown)["Add an order"])).reply
        if chooser.text != STALE:
            assert chooser.ephemeral
            return chooser
        assert chooser.ephemeral
        via = None  # the DM was about a step gone by: /orders itself
    raise AssertionError("the step moved on at every press")


async def choose_verb(fake, user, chooser, verb: str):
    """The verb picked in the select of verbs (turning its pages until it shows): the verb's menu."""
    for _ in range(10):
        [select] = selects(chooser)
        values = offered(select)
        if verb in values:
            return (await fake.select(user, chooser, select["custom_id"], [verb])).reply
        assert any(o["value"] == MORE for o in select["options"]), f"{verb!r} is not offered: {values}"
        chooser = (await fake.select(user, chooser, select["custom_id"], [MORE])).reply
    raise AssertionError(f"{verb!r} not found in the verbs")


Wanted = dict[str, Any | Callable[[list[str]], str | None]]


async def fill(fake, user, menu, verb: str, wanted: Wanted):
    """The menu's selects filled in, page after page (More options), then Submit; its answer."""
    prefix = f"order:{verb}:"
    form = f"{verb}:submit" in {c.get("custom_id") for c in components(menu)}
    if form:
        prefix = f"{verb}:"
    for _ in range(10):
        for select in selects(menu):
            name = select["custom_id"][len(prefix) :]
            values = offered(select)
            want = wanted.get(name)
            value = want(values) if callable(want) else want
            if value is None and (NEEDED in (select.get("placeholder") or "") or (form and select.get("min_values", 1))):
                if any(o.get("default") for o in select.get("options") or []):
                    continue  # preselected already
                value = values[0] if values else None
            if value is not None:
                assert str(value) in values, f"{name}: {value!r} not among {values}"
                await fake.select(user, menu, select["custom_id"], [str(value)])
        ids = {c.get("custom_id") for c in components(menu)}
        if f"{prefix}next" in ids and not form:
            menu = (await fake.click(user, menu, f"{prefix}next")).reply
            continue
        return await fake.click(user, menu, f"{prefix}submit")
    raise AssertionError("the menu never ended")


async def by_card(fake, user, verb: str, wanted: Wanted | None = None, dm: bool = False, via=None):
    """Add the order of `verb` through the orders card (of /orders, or `via` a DM's Your orders button): Add an
    order, the verb, its menu, Submit."""
    chooser = await add_an_order(fake, user, dm, via)
    menu = await choose_verb(fake, user, chooser, verb)
    return await fill(fake, user, menu, verb, wanted or {})


async def verbs(fake, user, dm: bool = False, via=None) -> list[str]:
    """The verbs the card's Add an order offers now (every page)."""
    chooser = await add_an_order(fake, user, dm, via)
    out: list[str] = []
    for _ in range(10):
        [select] = selects(chooser)
        page = offered(select)
        if page and page[0] in out:
            return out  # back at the first page
        out += page
        if not any(o["value"] == MORE for o in select["options"]):
            return out
        chooser = (await fake.select(user, chooser, select["custom_id"], [MORE])).reply
    return out
