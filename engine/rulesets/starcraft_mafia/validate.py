"""Submission-time checks of a player's day orders, each refusal a specific reason from `text`.

`validate(state, seat, orders)` returns None when the orders are legal now, else the reason. The checks
follow the rulebook ("Special Abilities", "Players", "Infesting") and the rulings ("The day", "Sleep,
abilities, items", "Infested"). What can only be known during the resolution (a target dying earlier in
the day, an item already taken) is not refused here: the rulings turn it into Do Nothing or a failed order.
"""

from __future__ import annotations

from engine.keyed import joined
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
from engine.rulesets.starcraft_mafia.texts import say


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
        _vote(state, me, orders)
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
        raise refuse("self_target", verb=say(f"self_verb_{verb.replace(' ', '_')}"))
    return other


def _ability(me: Player, ability_id: str) -> None:
    if not me.has_ability(ability_id):
        raise refuse("no_ability", ability=catalog().ability(ability_id).name, cls=catalog().cls(me.cls).name)


def _own(me: Player, uid: str) -> Item:
    item = me.item(uid)
    if item is None:
        raise refuse("no_item")
    return item


def _kind(text: str) -> str:
    """The item kind an order names (id or name, any case), or a refusal listing the items."""
    kind = catalog().kind_of(text)
    if kind is None:
        choices = joined(", ", [catalog().item_name(k) for k in catalog().item_kinds()])
        raise refuse("unknown_item_kind", item=text, choices=choices)
    return kind


def _mounted(kind: str) -> bool:
    weapon = catalog().weapon(kind)
    return bool(weapon and weapon.mounted)


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
        # The living's items are private: what the victim carries is learnt at the resolution, not here.
        _living(state, me, orders.steal.target, "steal from")
        kind = _kind(orders.steal.item)
        if _mounted(kind):
            raise refuse("mounted", item=catalog().item_name(kind))


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
            kind = _kind(main.item)
            # Another player's items are private; one's own are not, so only one's own are checked now.
            if target.id == me.id and not any(i.kind == kind and i.disabled_on(state.day) for i in me.items):
                raise refuse("not_disabled", item=catalog().item_name(kind))


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
                raise refuse("self_target", verb=say("self_verb_infest"))
            if target.infested:
                raise refuse("infest_infested", target=target.name)
        return
    if me.infested and me.body_hp == 0 and target.id != me.id:
        raise refuse("human_form_down")
    if attack.weapon is not None:
        kind = _kind(attack.weapon)
        name = catalog().item_name(kind)
        if catalog().weapon(kind) is None:
            raise refuse("not_a_weapon", item=name)
        held = [i for i in me.items if i.kind == kind]
        given = [i for i in held if orders.give and orders.give.item == i.uid]
        incoming = orders.steal is not None and _kind(orders.steal.item) == kind
        if orders.pickup:
            holder = state.holder(orders.pickup.item)
            picked = holder.item(orders.pickup.item) if holder else None
            incoming = incoming or (picked is not None and picked.kind == kind)
        if not held and not incoming:
            raise refuse("no_weapon", item=name)
        if held and len(held) == len(given) and not incoming:
            raise refuse("weapon_given", item=name)


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
        _living(state, me, ability.target, "sabotage")
        if ability.item is not None:
            _kind(ability.item)  # whether the target carries one is learnt at the resolution


def _vote(state: SCMState, me: Player, orders: DayOrders) -> None:
    """The lynch vote: only with `day_vote`; for another living player (a vote for oneself is refused)."""
    if orders.vote is None:
        return
    if not state.settings.day_vote:
        raise refuse("vote_off")
    _living(state, me, orders.vote, "vote for")
