"""Step 8 of the night: the three votes (handbook III.E; rulings "Numbers" and "Order inside the night").

Marks first (the most votes; a tie marks everyone tied), then the reward drop (the zone with the most
votes; recovered by a random occupant, a searcher counting as two), then the zones that close from the
next night on (1, or 2 when 16 or more are alive; never fewer than 2 open; ties and missing votes
broken at random); after the night that ends the game no zone closes, as there is no next day. Only students still on
the island vote; the number of closures counts those alive
when the night began.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.keyed import joined
from engine.rulesets.battle_royale import ending, selection
from engine.rulesets.battle_royale.deaths import give
from engine.rulesets.battle_royale.orders import Search
from engine.rulesets.battle_royale.texts import listing, say, verb_for

if TYPE_CHECKING:
    from engine.rulesets.battle_royale.night import Night


def votes(night: Night) -> None:
    _marks(night)
    _reward(night)
    if ending.end_reason(night.state) is None:  # zones close "from the next day on": none after the last night
        _closures(night)


def _tally(night: Night, field: str) -> Counter:
    """Votes of the students still on the island: one killed or escaped tonight takes no part in any later
    step (rulings, "Order inside the night" 4), the votes included."""
    return Counter(v for s in night.state.active() if (v := getattr(night.orders[s.id].votes, field)) is not None)


def _marks(night: Night) -> None:
    state = night.state
    if not state.settings.marks_last_until_death:
        for student in state.students.values():
            student.marked = False
    tally = {sid: n for sid, n in _tally(night, "mark").items() if sid in state.students}
    if not tally:
        return
    top = max(tally.values())
    # The most-voted are marked; one who died tonight takes the mark to the grave (no runner-up inherits it).
    marked = sorted(sid for sid, n in tally.items() if n == top and state.students[sid].active)
    if not marked:
        return
    for sid in marked:
        state.students[sid].marked = True
    names = [night.name(sid) for sid in marked]
    night.announce(
        "marked",
        "marked",
        {"students": marked, "votes": top},
        names=listing(names),
        verb=verb_for(len(names)),
    )


def _top_zone(night: Night, field: str) -> int | None:
    tally = {
        z: n for z, n in _tally(night, field).items() if z in night.state.zones and not night.state.zones[z].closed
    }
    if not tally:
        return None
    top = max(tally.values())
    tied = sorted(z for z, n in tally.items() if n == top)
    return tied[0] if len(tied) == 1 else night.rng.choice(tied, f"{field} vote tie")


def _reward(night: Night) -> None:
    zone_id = _top_zone(night, "reward")
    if zone_id is None:
        return
    item = night.state.new_item(night.rng.choice(selection.item_draws(night.state.settings), "reward item"))
    night.announce("reward_drop", "reward_drop", {"zone": zone_id}, zone_name=night.zone_name(zone_id))
    occupants = night.state.in_zone(zone_id)
    if not occupants:
        night.state.zones[zone_id].ground.append(item)  # lies there unannounced: saying so would tell
        return  # everyone the zone was empty
    # A searcher counts as two (III.C.7), unless smoke negated their Search tonight.
    searching = lambda sid: isinstance(night.orders[sid].action, Search) and not night.postures[sid].negated  # noqa: E731
    weights = [(s.id, 2 if searching(s.id) else 1) for s in occupants]
    winner = night.s(night.rng.weighted(weights, "reward recovery"))
    held = give(night, winner, item, zone_id)
    text = say("reward_recovered", item=item.name)
    if not held:  # full hands: the package stays on the ground (III.A.2)
        text = joined(" ", [text, say("loot_left", items=item.name, zone_name=night.zone_name(zone_id))])
    night.tell_text(winner.id, "reward_recovered", text, {"item": item.uid, "held": held})


def _closures(night: Night) -> None:
    state = night.state
    open_zones = state.open_zones()
    alive = len(night.began_on_island)  # "on a night when 16 or more students are alive": counted as the night begins
    count = min(state.settings.closures_for(alive), len(open_zones) - state.settings.min_open_zones)
    if count <= 0:
        return
    tally = _tally(night, "close")
    shuffled = night.rng.shuffled(open_zones, "closure tie-break")
    ranked = sorted(shuffled, key=lambda z: -tally.get(z, 0))
    closing = sorted(ranked[:count])
    for zone_id in closing:
        state.zones[zone_id].closed = True
    names = [night.zone_name(z) for z in closing]
    night.announce("zones_close", "zones_close", {"zones": closing}, zones=listing(names), verb=verb_for(len(names)))
