"""The order of passage (rulings "Order of passage"): 1. all cover rolls; 2. the `then:` actions of the
successful cover-takers, highest cover total first; 3. the rest: stealthed creatures, then the others, each by
IS tier, lowest first (non-combat actions tier 0, Concentrate 99). An attack's tier is its weapon's, moved by
the IS tier effects of accessories and effects, stacking, floor 0 ("Tier effects stack, floor 0"): at tier 0 it
ties with the non-combat actions. Ties are a speed conflict: the tied sorted by id, 1dN picks the first,
1d(N-1) the next..."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import Any

from engine.keyed import joined
from engine.rulesets.mazeworld import arms, rules
from engine.rulesets.mazeworld.orders import Attack, Detonate, Execute
from engine.rulesets.mazeworld.state import Creature
from engine.rulesets.mazeworld.turn import Turn

DETONATOR_WEIGHT = 1  # a detonator is the lightest thing in hand


def action_tier(me: Creature, action: Any, turn: int = 0) -> int:
    """IS tier of an action: non-combat 0; an attack its weapon's weight tier (an attached weapon fires at
    the tier of the weapon it is mounted on) plus the tier effects of its accessories and of the creature's
    effects, floor 0; a detonation tier 1 plus the creature's effects; Concentrate 99."""
    if isinstance(action, Detonate):
        return max(0, min(rules.UNSPARABLE, rules.tier(DETONATOR_WEIGHT) + arms.modifiers(me, None, None, turn).tier))
    if isinstance(action, Attack | Execute):
        if isinstance(action, Attack) and action.concentrate:
            return rules.CONCENTRATION
        weapon = rules.order_weapon(me, action)
        if weapon is None:
            return 0
        announced = action.accessory if isinstance(action, Attack) else None
        mods = arms.modifiers(me, me.weapon(weapon.name), announced, turn)
        return max(0, min(rules.UNSPARABLE, rules.tier(weapon.weight) + mods.tier))
    return 0


def settle_ties(turn: Turn, ids: list[str], names: Callable[[str], str]) -> list[str]:
    """A speed conflict: sorted by id, then 1dN picks the first, 1d(N-1) the next, and so on."""
    left = sorted(ids)
    ordered: list[str] = []
    rolls: list[str] = []
    while len(left) > 1:
        face = turn.d(len(left), f"speed conflict 1d{len(left)}")
        rolls.append(f"1d{len(left)}={face}")
        ordered.append(left.pop(face - 1))
    ordered += left
    hidden = any((c := turn.state.get(i)) is not None and c.stealth for i in ids)
    if rolls:
        (turn.moderators if hidden else turn.public)(  # a conflict among the stealthed is not announced
            "conflict",
            "conflict",
            {"ids": sorted(ids)},
            names=joined(", ", [names(i) for i in sorted(ids)]),
            rolls=joined(", ", rolls),
        )
    return ordered


def ranked(turn: Turn, keyed: list[tuple[Any, str]], names: Callable[[str], str]) -> list[str]:
    """Ids sorted by key ascending, each group of equal keys settled as a speed conflict."""
    result: list[str] = []
    for _, group in groupby(sorted(keyed, key=lambda kv: (kv[0], kv[1])), key=lambda kv: kv[0]):
        result += settle_ties(turn, [cid for _, cid in group], names)
    return result


def step_three(turn: Turn, actions: dict[str, Any]) -> list[str]:
    """Stealthed creatures first, then the others, each by IS tier."""
    state = turn.state

    def name(cid: str) -> str:
        return state.creature(cid).name

    day = state.day
    stealthed = [(action_tier(state.creature(c), a, day), c) for c, a in actions.items() if state.creature(c).stealth]
    others = [(action_tier(state.creature(c), a, day), c) for c, a in actions.items() if not state.creature(c).stealth]
    return ranked(turn, stealthed, name) + ranked(turn, others, name)
