"""One attack action: taken (one d20, the opportunity number, a save per strike) or met by a reaction (a
face-off), then saves by health type, damage (bracketed when focus is reached), Immobilizing, Infinity Points
spent on saves and criticals, the focus bonus and Heat. Dice are public with their outcomes; TNs, save totals
and health left go to moderators only."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import MODERATORS, PUBLIC, Event, make_event
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.rulesets.infinity_intervention.catalog import Item
from engine.rulesets.infinity_intervention.faceoff import Strike, compare
from engine.rulesets.infinity_intervention.orders import STANDARD, Answer, Attack
from engine.rulesets.infinity_intervention.rolls import focus, outcome, save_bonus, target_number
from engine.rulesets.infinity_intervention.state import CombatState, Fighter
from engine.rulesets.infinity_intervention.texts import say


@dataclass
class Ctx:
    """What a resolution writes into: the state (already a copy), the rng, the events."""

    state: CombatState
    rng: RecordingRng
    events: list[Event] = field(default_factory=list)
    # Infinity Point moves ordered outside the post this step (mover, after), by mover id: applied when the post
    # ends, before the next post is found (`turns.after_post`), or when the step ends if the post stopped first.
    moves: list[tuple[str, str]] = field(default_factory=list)

    def public(self, kind: str, key: str, **values: object) -> None:
        self.events.append(make_event(kind, PUBLIC, say(key, **values)))

    def moderators(self, kind: str, key: str, data: dict | None = None, **values: object) -> None:
        self.events.append(make_event(kind, MODERATORS, say(key, **values), data))


def usable_against(item: Item | None, target: Fighter) -> bool:
    """Only a readied item attacks; a hack needs a `hackable` target."""
    return item is not None and (item.skill != "hacking" or target.sheet.hackable)


def can_react(state: CombatState, target_id: str, attacker_id: str) -> bool:
    """Able, not Immobilized, a readied item usable against the attacker, and a whole action left (a PC may
    buy it with its turn's Infinity Point)."""
    target, attacker = state.fighters[target_id], state.fighters[attacker_id]
    if not target.able or target.immobilized or not usable_against(target.item(), attacker):
        return False
    return target.halves >= STANDARD or can_buy_action(target)


def can_buy_action(fighter: Fighter) -> bool:
    return fighter.side == "pc" and fighter.infinity_points >= 1 and not fighter.ip_action_used


def announce(ctx: Ctx, attacker_id: str, target_id: str) -> None:
    attacker, target = ctx.state.fighters[attacker_id], ctx.state.fighters[target_id]
    item = attacker.item()
    ctx.public("attack", "attack", name=attacker.name, target=target.name, item=item.label if item else "")


def attack_tn(state: CombatState, attacker_id: str, target_id: str, observe: bool) -> int:
    fighter = state.fighters[attacker_id]
    item = fighter.item()
    assert item is not None
    return target_number(fighter, item.skill, target_id, state.settings, observe)


def resolve_attack(ctx: Ctx, attacker_id: str, attack: Attack, answer: Answer, announced: bool = False) -> None:
    """Roll the attack against its target, reacted to or taken, and apply everything that follows."""
    state = ctx.state
    attacker, target = state.fighters[attacker_id], state.fighters[attack.target]
    item = attacker.item()
    assert item is not None
    tn = attack_tn(state, attacker_id, attack.target, observe=True)
    attacker.observe = 0
    if not announced:
        announce(ctx, attacker_id, attack.target)
    if answer.choice == "react" and can_react(state, attack.target, attacker_id):
        _face_off(ctx, attacker_id, attack, answer, tn)
        return
    ctx.public("take", "takes", name=target.name)
    die = ctx.rng.randint(1, 20, f"{attacker.name}'s {item.label} at {target.name}")
    result = outcome(die, tn, focus(attacker, item.skill))
    ctx.public("attack_roll", "roll_line", name=attacker.name, dice=say("die_outcome", die=die, outcome=say(result)))
    ctx.moderators("attack_tn", "tn_line", {"tn": tn, "die": die}, name=attacker.name, tn=tn)
    if result == "failure":
        return
    reached = result == "critical"
    if reached:
        ctx.public("focus", "focus_reached", name=attacker.name, number=die)
    strikes = [Strike(die, False)] * item.strikes
    _strike(ctx, attacker_id, attack.target, item, strikes, reached, answer.ip_saves, 0)
    if reached:
        _focus(ctx, attacker_id, attack.target, item.skill, heat=attacker.side == "pc")


def _face_off(ctx: Ctx, attacker_id: str, attack: Attack, answer: Answer, tn: int) -> None:
    state = ctx.state
    attacker, reactor = state.fighters[attacker_id], state.fighters[attack.target]
    if reactor.halves < STANDARD:  # buys the reaction with the turn's Infinity Point
        reactor.infinity_points -= 1
        reactor.ip_action_used = True
        reactor.halves += STANDARD
        ctx.public("ip_spent", "ip_reaction", name=reactor.name)
    reactor.halves -= STANDARD
    a_item, r_item = attacker.item(), reactor.item()
    assert a_item is not None and r_item is not None
    r_tn = target_number(reactor, r_item.skill, attacker_id, state.settings, observe=False)
    ctx.public("react", "reacts", name=reactor.name, item=r_item.label)
    a_dice = [ctx.rng.randint(1, 20, f"{attacker.name}'s face-off die {n + 1}") for n in range(a_item.strikes)]
    r_die = ctx.rng.randint(1, 20, f"{reactor.name}'s face-off die")
    a_rolled = [(d, outcome(d, tn, focus(attacker, a_item.skill))) for d in a_dice]
    r_rolled = (r_die, outcome(r_die, r_tn, focus(reactor, r_item.skill)))
    dice = joined(", ", [say("die_outcome", die=d, outcome=say(o)) for d, o in a_rolled])
    ctx.public("attack_roll", "roll_line", name=attacker.name, dice=dice)
    ctx.public(
        "react_roll", "roll_line", name=reactor.name, dice=say("die_outcome", die=r_die, outcome=say(r_rolled[1]))
    )
    ctx.moderators(
        "faceoff_tn",
        "faceoff_tns",
        {"tn": tn, "reactor_tn": r_tn},
        name=attacker.name,
        tn=tn,
        reactor=reactor.name,
        reactor_tn=r_tn,
    )
    result = compare(a_rolled, r_rolled)
    if result.any_critical:
        state.heat += 1
        ctx.public("heat", "heat_crit", heat=state.heat)
    if result.winner is None:
        ctx.public("faceoff_void", "faceoff_void")
        return
    if result.winner == "attacker":
        winner, loser, item, ip_saves, ip_crit = attacker_id, attack.target, a_item, answer.ip_saves, answer.ip_crit
    else:
        winner, loser, item, ip_saves, ip_crit = attack.target, attacker_id, r_item, attack.ip_saves, attack.ip_crit
    ctx.public("faceoff_won", "faceoff_won", name=state.fighters[winner].name)
    reached = any(s.critical for s in result.strikes)
    _strike(ctx, winner, loser, item, list(result.strikes), reached, ip_saves, ip_crit)
    if reached:
        _focus(ctx, winner, loser, item.skill, heat=False)  # the face-off's critical gave the Heat


def _strike(
    ctx: Ctx, by: str, victim_id: str, item: Item, strikes: list[Strike], reached: bool, ip_saves: int, ip_crit: int
) -> None:
    """Each strike: a critical hits without a save (unless softened or negated by points), any other is saved
    against at its own value; a failed save deals the damage (bracketed when focus was reached)."""
    state = ctx.state
    victim = state.fighters[victim_id]
    points = victim.infinity_points if victim.side == "pc" else 0
    crit_points = min(ip_crit, points) if any(s.critical for s in strikes) else 0
    if crit_points:
        victim.infinity_points -= crit_points
        ctx.public("ip_spent", "ip_negate" if crit_points == 2 else "ip_soften", name=victim.name)
    # (strike, bracketed damage?): a softened critical is saved against and deals normal damage
    struck = [(s, reached) for s in strikes if not (crit_points == 2 and s.critical)]
    if crit_points == 1:
        struck = [(Strike(s.value, False), bracket and not s.critical) for s, bracket in struck]
    save_points = min(ip_saves, victim.infinity_points if victim.side == "pc" else 0)
    hit = False
    for number, (strike, bracket) in enumerate(struck, 1):
        if victim.killed:  # a killed victim makes no more saves and takes no more damage
            break
        if strike.critical:
            ctx.public("critical_hit", "critical_hit", name=victim.name)
            _damage(ctx, victim_id, item.health, item.focus_damage)
            hit = True
            continue
        die = ctx.rng.randint(1, 20, f"{victim.name}'s save {number} against {strike.value}")
        bonus = save_bonus(victim, item.health, state.settings)
        saved = die + bonus > strike.value
        ctx.moderators(
            "save_total",
            "save_total",
            {"die": die, "bonus": bonus, "against": strike.value},
            name=victim.name,
            total=die + bonus,
            against=strike.value,
        )
        if not saved and save_points > 0:
            save_points -= 1
            victim.infinity_points -= 1
            ctx.public("save", "save_ip", name=victim.name, die=die, against=strike.value)
            continue
        ctx.public(
            "save",
            "save_line",
            name=victim.name,
            die=die,
            against=strike.value,
            result=say("saved" if saved else "failed"),
        )
        if not saved:
            _damage(ctx, victim_id, item.health, item.focus_damage if bracket else item.damage)
            hit = True
    if hit and item.immobilizing and victim.able and not victim.immobilized:
        victim.immobilized = True
        ctx.public("immobilized", "immobilized", name=victim.name)


def _damage(ctx: Ctx, victim_id: str, health: str, amount: int) -> None:
    victim = ctx.state.fighters[victim_id]
    left = max(0, victim.health(health) - amount)
    setattr(victim, health, left)
    ctx.public("damage", "damage", name=victim.name, amount=amount, health=say(health))
    ctx.moderators(
        "health", "health_left", {"actor": victim_id, health: left}, name=victim.name, health=say(health), left=left
    )
    if health == "wounds" and left == 0 and not victim.killed:
        victim.killed = True
        ctx.public("killed", "killed", name=victim.name)
    elif health == "consciousness" and left == 0 and not victim.incapacitated:
        victim.incapacitated = True
        ctx.public("incapacitated", "incapacitated", name=victim.name)
    elif health == "firewalls" and left == 0:
        ctx.moderators("firewalls_down", "firewalls_down", {"actor": victim_id}, name=victim.name)


def _focus(ctx: Ctx, by: str, against: str, skill: str, heat: bool) -> None:
    """Focus reached: the +3 expertise bonus against that target (not cumulative) and, for a PC, Heat +1."""
    fighter = ctx.state.fighters[by]
    key = f"{skill}:{against}"
    if key not in fighter.focus_on:
        fighter.focus_on = sorted([*fighter.focus_on, key])
    if heat:
        focus_heat(ctx)


def focus_heat(ctx: Ctx) -> None:
    """Rulings "Infinity Points and Heat": +1 per PC focus threshold reached on any roll (attack, hack or
    negotiation), once per action; public, as Heat is."""
    ctx.state.heat += 1
    ctx.public("heat", "heat_focus", heat=ctx.state.heat)
