"""Rulings, "Public and private", checked over whole games of scripted players: what the public posts carry
(text AND data), what only the combatants read, the stat list after each day."""

from __future__ import annotations

import json

import pytest

from engine.events import Event
from engine.rng import RecordingRng
from engine.rulesets.starcraft_mafia.autoplayer import orders_for
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import SCMState
from tests.starcraft_mafia.helpers import game, roster, table

Day = tuple[SCMState, dict[str, DayOrders], SCMState, list[Event]]


def whole_game(players: int, seed: int, **settings) -> list[Day]:
    state, _ = game(roster(players), seed=seed, **settings)
    rng = RecordingRng(seed)
    days: list[Day] = []
    while state.phase != "over":
        orders = {p.id: orders_for(state, p.id, rng) for p in state.living()}
        new, events = resolve_day(state, orders, rng)
        days.append((state, orders, new, events))
        state = new
    return days


@pytest.fixture(scope="module")
def days() -> list[Day]:
    out: list[Day] = []
    for seed, n in enumerate((6, 9, 12, 16, 20) * 4):
        out += whole_game(n, 500 + seed, day_vote=seed % 2 == 1)
    return out


def _zerg_attackers(orders: dict[str, DayOrders], events: list[Event]) -> list[str]:
    """Who attacked in Zerg form: ordered a Zerg attack and fought it (his own copy of the battle's rolls, which
    only he receives); not the scufflers, who lost their orders (rulings, Scuffle), nor one whose target died
    before his battle (rulings, "The day": a main action made impossible counts as Do Nothing)."""
    fought = {e.audience.ids[0] for e in events if e.kind == "battle_rolls" and len(e.audience.ids) == 1}
    attackers = (x for x, o in orders.items() if isinstance(o.main, Attack) and o.main.zerg and o.main.target != x)
    return sorted(x for x in attackers if x in fought)


def _mentions(e: Event, seat: str, name: str) -> bool:
    return name in e.text or seat in json.dumps(e.data) or name in json.dumps(e.data)


def test_a_zerg_attacker_is_in_no_public_event_about_his_zerg_battle(days):
    """Rulings: Zerg battles posted only on a death or a flight, "the attacker as 'Infested Terran'"; his
    identity is neither in the text nor in the data of a public event, unless the event is about his human
    form (his own death, his transformation, his pick-up, his human-form battle, the vote, the stat list's
    line of the living)."""
    checked = 0
    for before, orders, _, events in days:
        fought = " ".join(e.text for e in events if e.kind == "battle" and not e.text.startswith("Infested Terran"))
        for z in _zerg_attackers(orders, events):
            name = before.players[z].name
            for e in events:
                if e.audience.kind != "public" or not _mentions(e, z, name):
                    continue
                if e.kind == "battle":
                    assert not e.text.startswith("Infested Terran"), e.text
                    assert e.text.startswith(f"{name} attacked") or f"attacked {name}." in e.text, e.text
                else:
                    assert e.kind in ("stat_list", "death", "transform", "pickup", "vote"), (e.kind, e.text)
                    if e.kind == "death" and e.data != {"seat": z}:  # not his own death: he killed in human form
                        assert f"killed by {name})" in e.text and name in fought, e.text
            checked += sum(1 for e in events if e.kind == "battle" and e.text.startswith("Infested Terran"))
    assert checked > 20


def test_zerg_battles_are_posted_only_on_a_death_or_a_flight_and_infestations_never(days):
    """Rulings: Zerg battles "only if someone died or fled"; "A successful infestation is never posted"."""
    seen = {"posted": 0, "quiet": 0, "infested": 0}
    for _, _, _, events in days:
        for e in events:
            if e.audience.kind != "public" or e.kind != "battle":
                continue
            assert e.data["outcome"] in ("killed", "fled", "unarmed", "no_result"), e.data
            if e.text.startswith("Infested Terran"):
                assert e.data["outcome"] in ("killed", "fled")
                seen["posted"] += 1
        rolls = [e for e in events if e.kind == "battle_rolls"]
        for e in rolls:
            if e.data["outcome"] == "infested":
                seen["infested"] += 1
        public_text = " ".join(e.text for e in events if e.audience.kind == "public")
        assert "was infested" not in public_text and "joins the infested" not in public_text
    assert seen["posted"] > 5 and seen["infested"] > 5


def test_the_stat_list_follows_every_day_with_one_line_per_living_zerg_attacker(days):
    """Rulings: the stat list after each day, "one anonymous 'Infested Terran: HP/50' line per living infested
    who attacked in Zerg form that day"; fatigue and the living's items stay private."""
    for _, orders, after, events in days:
        lists = [e for e in events if e.kind == "stat_list"]
        assert len(lists) == 1 and lists[0].audience.kind == "public"
        zerg_lines = [line for line in lists[0].text.splitlines() if line.startswith("Infested Terran: ")]
        living = [z for z in _zerg_attackers(orders, events) if after.players[z].alive]
        assert sorted(zerg_lines) == sorted(f"Infested Terran: {after.players[z].zerg_hp}/50" for z in living)
        assert "fatigue" not in lists[0].text.lower()
        assert lists[0].data == {}


def test_no_stat_list_when_it_is_off():
    """`stat_list = off`: no list."""
    for _, _, _, events in whole_game(8, 3, stat_list="off")[:3]:
        assert not any(e.kind == "stat_list" for e in events)


def test_combatants_and_only_they_get_every_roll_of_their_battles(days):
    """Rulings, "Private": "combatants get their battles' rolls": one line per shot in the text they read
    (players read only an event's text), and nobody else receives it."""
    count = 0
    for _, _, _, events in days:
        for e in events:
            if e.kind != "battle_rolls":
                continue
            count += 1
            assert e.audience.kind == "players" and 1 <= len(e.audience.ids) <= 2
            shots = e.data["shots"]
            lines = [ln for ln in e.text.splitlines() if ln.startswith(("Round ", "Last shot"))]
            assert len(lines) == len(shots) or (not shots and "No shot was fired." in e.text)
            fighters = {shot.get(k) for shot in shots for k in ("shooter", "target")} - {None}
            assert not shots or set(e.audience.ids) <= fighters | {"zerg"} or len(e.audience.ids) == 1
    assert count > 100


def test_the_defender_of_a_zerg_battle_reads_infested_terran_never_the_attacker():
    """Rulings: "When attacking in Zerg form, all infested terrans are named 'Infested Terran'"."""
    for seed in range(40):
        state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
        _, events = resolve_day(state, {"zz": DayOrders(main=Attack(target="gh", form="zerg"))}, RecordingRng(seed))
        mine = next(e for e in events if e.kind == "battle_rolls" and e.visible_to("gh"))
        assert not mine.visible_to("zz")
        assert "ZZ" not in mine.text and '"zz"' not in json.dumps(mine.data)
        assert mine.text.startswith("Your battle: Infested Terran attacked GH.")


def test_a_battle_that_reaches_max_rounds_ends_with_no_result_posted():
    """Rulings, Combat: "100 rounds without an end: no result (`max_rounds = 100`)"; the report says so."""
    state = table(("ma", "marine"), ("gh", "ghost"), ("zz", "medic", "infested"), ("te", "technician"))
    state.settings = SCMSettings(max_rounds=1)
    _, events = resolve_day(state, {"ma": DayOrders(main=Attack(target="te"))}, RecordingRng(2))
    post = next(e for e in events if e.kind == "battle")
    assert post.audience.kind == "public" and post.data == {"outcome": "no_result", "rounds": 1}
    assert post.text == "MA attacked TE. After 1 rounds neither side had won: no result."


def test_no_stat_line_for_a_zerg_attack_made_impossible():
    """Rulings, stat list: a line per living infested "who attacked in Zerg form that day"; a Zerg attack whose
    target died earlier in the day (here by his own hand: suicides come first) is Do Nothing, so no line."""
    from engine.rng import RecordingRng
    from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
    from engine.rulesets.starcraft_mafia.resolve import resolve_day
    from tests.starcraft_mafia.helpers import table

    state = table(("z", "marine", "infested"), ("h", "marine"), ("m", "medic"), ("g", "ghost"), ("t", "technician"))
    state.settings = state.settings.model_copy(update={"stat_list": "hp"})
    orders = {"z": DayOrders(main=Attack(target="h", form="zerg")), "h": DayOrders(main=Attack(target="h"))}
    after, events = resolve_day(state, orders, RecordingRng(3))
    listing = next(e for e in events if e.kind == "stat_list").text
    assert not after.players["h"].alive
    assert "Infested Terran: " not in listing
