"""A setup's choice among Battle Royale's items and roles: which are in play and how often (docs/rules/battle-royale.md,
"House rules": `items`, `roles`). The rules of each item and role stay in code and in `data/`; a setup only selects
and weighs them, the way a mafia site's setup lists the roles it uses with their counts.

- `items`: item id -> how many times it stands in the draws. Every random item (the starting items, the hidden
  items of each zone, the reward drop, the bounty reward; handbook V, rulings "Numbers the handbook does not give")
  is one draw among them, each as often as its number. An item left out is never drawn. None: every item of the
  pool once (the handbook's game).
- `roles`: role id -> the most students who may hold it (None: no limit). A role left out is never granted: its
  requests are refused and the student is a Dedicated Student (handbook II: the role everyone else has). None:
  every role, without limit. The Lone Wolf's chance stays `lone_wolf_chance`.

The handbook gives every item's numbers (chance, damage, ammunition), so a setup does not change them; what it
leaves open is already a setting (`paintball_ammo`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.keyed import joined
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.texts import say

ITEM_MOST = 20  # the most times one item may stand in the draws
ROLE_MOST = 100  # the most students of one role (the sign-up cap is far lower)
ROLES = ("dedicated_student", "lovers", "lone_wolf")
SHOWN = 5  # problems named in one refusal


def item_problems(items: Any) -> list[str]:
    """Every problem of an `items` selection, in the order of the file (an empty list: it can be played)."""
    if not isinstance(items, dict) or not items:
        return [say("selection_items_shape")]
    pool = catalog.item_pool()
    problems: list[str] = []
    for item_id, count in items.items():
        if item_id not in pool:
            problems.append(say("selection_unknown_item", item=str(item_id), known=", ".join(pool)))
        elif isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= ITEM_MOST:
            problems.append(say("selection_item_count", item=item_id, count=str(count), most=ITEM_MOST))
    if not problems and not any(items.values()):
        problems.append(say("selection_no_item"))
    return problems


def role_problems(roles: Any) -> list[str]:
    """Every problem of a `roles` selection (an empty list: it can be played)."""
    if not isinstance(roles, dict):
        return [say("selection_roles_shape")]
    problems: list[str] = []
    for role_id, most in roles.items():
        if role_id not in ROLES:
            problems.append(say("selection_unknown_role", role=str(role_id), known=", ".join(ROLES)))
        elif most is None:
            continue
        elif role_id == "dedicated_student":
            problems.append(say("selection_dedicated_limited"))
        elif isinstance(most, bool) or not isinstance(most, int) or not 0 <= most <= ROLE_MOST:
            problems.append(say("selection_role_count", role=role_id, count=str(most), most=ROLE_MOST))
        elif role_id == "lovers" and most % 2:
            problems.append(say("selection_lovers_odd", count=most))
    return problems


def problems_said(problems: Sequence[str]) -> str:
    """The first problems, in one sentence list."""
    more = [say("selection_more", n=len(problems) - SHOWN)] if len(problems) > SHOWN else []
    return joined("; ", [*problems[:SHOWN], *more])


def item_draws(settings: Any) -> list[str]:
    """What one random item is drawn from: each item id as many times as the setup weighs it, in id order (the
    item pool once each when the setup chooses none, as the handbook's game draws)."""
    if settings.items is None:
        return catalog.item_pool()
    return [item_id for item_id in sorted(settings.items) for _ in range(settings.items[item_id])]


def in_play(settings: Any, role: str) -> bool:
    return role == "dedicated_student" or settings.roles is None or role in settings.roles


def room_for(settings: Any, role: str, granted: int, more: int = 1) -> bool:
    """Whether `more` students may still be granted `role` when `granted` hold it already."""
    if not in_play(settings, role):
        return False
    most = None if settings.roles is None else settings.roles.get(role)
    return most is None or granted + more <= most


def offered(settings: Any) -> tuple[str, ...] | None:
    """The roles a sign-up may ask for under the setup (None: every role, as the handbook's game): those in play
    with room for one student (a Lovers pair: two), so a most of 0 offers none. Dedicated Student always."""
    if settings is None or settings.roles is None:
        return None
    return tuple(role for role in ROLES if room_for(settings, role, 0, 2 if role == "lovers" else 1))
