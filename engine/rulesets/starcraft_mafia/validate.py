"""Submission-time checks of a player's day orders, each refusal a specific reason from `text`.

`validate(state, seat, orders)` returns None when the orders are legal now, else the reason. The checks
follow the rulebook ("Special Abilities", "Players", "Infesting") and the rulings ("The day", "Sleep,
abilities, items", "Infested"). What can only be known during the resolution (a target dying earlier in
the day, an item already taken) is not refused here: the rulings turn it into Do Nothing or a failed order.
"""

from __future__ import annotations

from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.orders import (
    Attack,
    Cloak,
    DayOrders,
    Heal,
    Probe,
    Repair,
    Sabotage,
    Stim,
)
from engine.rulesets.starcraft_mafia.state import Item, Player, SCMState
from engine.rulesets.starcraft_mafia.text import say


class Refusal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def refuse(key: str, **values: object) -> Refusal:
    return Refusal(say(key, **values))


def validate(state: SCMState, seat: str, orders: DayOrders) -> str | None:
    try:
        me = _me(state, seat)
        _extras(state, me, orders)
        _main(state, me, orders)
        _offensive(state, me, orders)
    except Refusal as refusal:
        return refusal.reason
    return None


def _me(state: SCMState, seat: str) -> Player:
    if state.phase == "over":
        raise refuse("game_over")
    me = state.players.get(seat)
    if me is None:
        raise refuse("not_in_game")
    if not me.alive:
        raise refuse("dead")
    return me


def _living(state: SCMState, me: Player, target: str, verb: str, self_ok: bool = False) -> Player:
    other = state.players.get(target)
    if other is None:
        raise refuse("unknown_player", target=target)
    if not other.alive:
        raise refuse("target_dead", target=other.name)
    if other.id == me.id and not self_ok:
        raise refuse("self_target", verb=verb)
    return other


def _ability(me: Player, ability_id: str) -> None:
    if not me.has_ability(ability_id):
        raise refuse("no_ability", ability=catalog().ability(ability_id).name, cls=catalog().cls(me.cls).name)


def _own(me: Player, uid: str) -> Item:
    item = me.item(uid)
    if item is None:
        raise refuse("no_item")
    return item


def _carried_by(other: Player, uid: str) -> Item:
    item = other.item(uid)
    if item is None:
        raise refuse("target_no_item", target=other.name)
    return item


def _extras(state: SCMState, me: Player, orders: DayOrders) -> None:
    """Give, Pick up, Steal: items "any carried item, the grenade included"; never the mounted flamethrowers."""
    if orders.give:
        item = _own(me, orders.give.item)
        if item.mounted:
            raise refuse("mounted", item=item.name)
        _living(state, me, orders.give.to, "give an item to")
    if orders.pickup:
        body = state.holder(orders.pickup.item)
        on_body = body.item(orders.pickup.item) if body else None
        if body is None or on_body is None or body.alive or body.died_day is None or body.died_day >= state.day:
            raise refuse("no_body_item")
        if on_body.mounted:
            raise refuse("mounted", item=on_body.name)
    if orders.steal:
        victim = _living(state, me, orders.steal.target, "steal from")
        item = _carried_by(victim, orders.steal.item)
        if item.mounted:
            raise refuse("mounted", item=item.name)


def _main(state: SCMState, me: Player, orders: DayOrders) -> None:
    main = orders.main
    if isinstance(main, Attack):
        _attack(state, me, main, orders)
    elif isinstance(main, Heal):
        _ability(me, "heal")
        _living(state, me, main.target, "heal")
    elif isinstance(main, Probe):
        _ability(me, "psychic_probe")
        _living(state, me, main.target, "probe")
    elif isinstance(main, Repair):
        _ability(me, "repair")
        target = _living(state, me, main.target, "repair", self_ok=True)
        if main.item is None:
            if target.id == me.id:
                raise refuse("repair_self_suit")
        else:
            item = _carried_by(target, main.item)
            if not item.disabled_on(state.day):
                raise refuse("not_disabled", target=target.name, item=item.name)


def _attack(state: SCMState, me: Player, attack: Attack, orders: DayOrders) -> None:
    target = _living(state, me, attack.target, "attack", self_ok=True)  # attacking oneself is suicide
    if attack.zerg:
        if not me.infested:
            raise refuse("zerg_only_infested")
        if attack.infest and attack.form == "human":
            raise refuse("infest_human_form")
        if attack.weapon is not None:
            raise refuse("zerg_no_weapon")
        if attack.infest:
            if target.id == me.id:
                raise refuse("self_target", verb="infest")
            if target.infested:
                raise refuse("infest_infested", target=target.name)
        return
    if me.infested and me.body_hp == 0 and target.id != me.id:
        raise refuse("human_form_down")
    if attack.weapon is not None:
        incoming = {o.item for o in (orders.pickup, orders.steal) if o is not None}
        item = me.item(attack.weapon)
        if item is None and attack.weapon in incoming:
            holder = state.holder(attack.weapon)
            item = holder.item(attack.weapon) if holder else None
        if item is None:
            raise refuse("no_item")
        if not item.is_weapon:
            raise refuse("not_a_weapon", item=item.name)
        if orders.give and orders.give.item == attack.weapon:
            raise refuse("weapon_given", item=item.name)


def _offensive(state: SCMState, me: Player, orders: DayOrders) -> None:
    ability = orders.offensive
    if isinstance(ability, Stim):
        _ability(me, "stim_pack")
        if me.body_hp < 6:  # rulebook: "may not kill himself using his own special abilities"
            raise refuse("stim_low_hp", hp=me.body_hp)
    elif isinstance(ability, Cloak):
        _ability(me, "cloak")
        if me.suit_hp < 3:
            raise refuse("cloak_suit", hp=me.suit_hp)
        if me.cloak_day is not None and me.cloak_day == state.day - 1:
            raise refuse("cloak_twice")
    elif isinstance(ability, Sabotage):
        _ability(me, "sabotage")
        target = _living(state, me, ability.target, "sabotage")
        if ability.item is not None:
            _carried_by(target, ability.item)
