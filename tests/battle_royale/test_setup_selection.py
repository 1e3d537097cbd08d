"""A setup's items and roles (docs/rules/battle-royale.md, "A setup's items and roles"; issue 32 point 1): the items
in play and how often each is drawn, the roles granted and how many; the map file's optional `items:` and
`roles:` sections, refused with every problem in one message.

Handbook II (roles: Lovers by agreement, Lone Wolf by chance, else Dedicated Student), V (the items), III.E.1 and
E.3 (the bounty and the reward package are random items); rulings "Numbers the handbook does not give"
(starting and hidden items drawn from the item pool)."""

from __future__ import annotations

from collections import Counter

import pytest
import yaml

from bot.services.base.errors import ServiceError
from bot.services.signup.data_files import read_data_file
from engine import registry
from engine.front import Refused, Sections
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale import catalog, selection
from engine.rulesets.battle_royale.front.island_file import load_island
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.state import BRState
from engine.rulesets.battle_royale.texts import ROLE_NAMES, say

br = registry.get("battle_royale")
ISLAND = yaml.safe_load((catalog.DATA / "island.yaml").read_text(encoding="utf-8"))
CHOSEN = {"knife": 3, "first_aid_kit": 1}


def signup(seat: str, **requests: str) -> SignUp:
    return SignUp(seat=seat, name=seat.upper(), requests=requests)


def test_without_a_choice_every_item_of_the_pool_is_drawn_once_as_the_handbook_game_draws():
    assert selection.item_draws(BRSettings()) == catalog.item_pool()
    assert selection.item_draws(BRSettings(items=CHOSEN)) == ["first_aid_kit", "knife", "knife", "knife"]


def test_a_setups_items_are_the_only_ones_dealt_each_as_often_as_its_number():
    """Starting and hidden items of eight Day 0s: only the chosen two, the knife about three times in four."""
    drawn: Counter[str] = Counter()
    settings = BRSettings(items=CHOSEN | {"rifle": 0}, starting_items=3, hidden_items_per_zone=5)
    for seed in range(8):
        state = br.new_game([signup(f"s{i:02d}") for i in range(10)], settings, RecordingRng(seed)).state
        items = [i for s in state.students.values() for i in s.items] + [
            i for z in state.zones.values() for i in z.hidden
        ]
        drawn.update(i.kind for i in items)
    assert set(drawn) == {"knife", "first_aid_kit"}  # a 0 is never drawn
    assert sum(drawn.values()) == 8 * (10 * 3 + 7 * 5)
    assert 0.70 < drawn["knife"] / sum(drawn.values()) < 0.80, drawn


def test_whole_games_of_computer_players_never_see_an_item_the_setup_left_out(monkeypatch):
    """Every item created in two whole games (starting, hidden, the reward package, bounties) is a chosen one."""
    made: list[str] = []
    original = BRState.new_item

    def recording(self, kind):
        made.append(kind)
        return original(self, kind)

    monkeypatch.setattr(BRState, "new_item", recording)
    settings = BRSettings(items={"revolver": 1, "camouflage": 1})
    for seed in (1, 2):
        rng = RecordingRng(seed)
        state = br.new_game(br.play.computer_signups(10, rng), settings, rng).state
        days = 0
        while not br.is_over(state) and days < 40:
            orders = {s: br.parse_orders(br.play.computer_orders(state, s, rng)) for s in br.awaiting(state)}
            state, days = br.resolve(state, orders, rng).state, days + 1
        assert br.is_over(state)
    assert set(made) == {"revolver", "camouflage"} and len(made) > 2 * (10 + 7 * 2)  # rewards or bounties too


def test_a_setups_roles_grant_only_those_in_play_and_no_more_than_their_most():
    roster = [signup(f"w{i}", role="lone_wolf") for i in range(4)] + [
        signup("a1", role="lovers", lover="a2"),
        signup("a2", role="lovers", lover="a1"),
        signup("b1", role="lovers", lover="b2"),
        signup("b2", role="lovers", lover="b1"),
    ]
    settings = BRSettings(lone_wolf_chance=100, roles={"lone_wolf": 1, "lovers": 2})
    opening = br.new_game(roster, settings, RecordingRng(1))
    state, events = opening.state, opening.events
    roles = {s.id: s.role for s in state.students.values()}
    assert [s for s, r in roles.items() if r == "lone_wolf"] == ["w0"]  # in seat order, while there is room
    assert [s for s, r in roles.items() if r == "lovers"] == ["a1", "a2"] and state.students["a1"].lover == "a2"
    told = {e.audience.ids[0]: e.text for e in events if e.kind == "role" and "setup has no" in e.text}
    assert told["w1"] == say("role_not_in_play", role=ROLE_NAMES["lone_wolf"])
    assert told["b1"] == say("role_not_in_play", role=ROLE_NAMES["lovers"]) and set(told) == {
        "w1",
        "w2",
        "w3",
        "b1",
        "b2",
    }
    none = BRSettings(lone_wolf_chance=100, roles={"dedicated_student": None})  # a role left out is never granted
    state = br.new_game(roster, none, RecordingRng(1)).state
    assert {s.role for s in state.students.values()} == {"dedicated_student"}
    free = BRSettings(lone_wolf_chance=100)  # no choice: every role, no limit
    state = br.new_game(roster, free, RecordingRng(1)).state
    assert Counter(s.role for s in state.students.values()) == {"lone_wolf": 4, "lovers": 4}


def test_the_computer_players_play_a_setup_without_lone_wolves_and_its_sides_say_so():
    from bot.services.setups import predict

    every = predict.played("battle_royale", {"lone_wolf_chance": 100}, 10, 1, 2)
    assert every and all("lone_wolf" in r["sides"] for r in every)  # their sign-ups ask for Lone Wolves
    results = predict.played("battle_royale", {"roles": {"lovers": None}, "lone_wolf_chance": 100}, 10, 1, 2)
    assert results and all("lone_wolf" not in r["sides"] for r in results)


def test_the_map_file_may_choose_the_items_and_roles_or_hold_only_them():
    value, said = load_island({**ISLAND, "items": CHOSEN, "roles": {"lone_wolf": 2, "lovers": None}})
    assert isinstance(value, Sections) and value.main["name"] == "The Island"
    assert value.more == {"items": CHOSEN, "roles": {"lone_wolf": 2, "lovers": None}}
    assert said == (
        "The island is The Island (7 zones). Items in play (kinds): 2; chances in every draw: 4. "
        "Roles granted: Dedicated Student, Lover, Lone Wolf (at most 2)."
    )
    only, _ = load_island({"items": CHOSEN})
    assert only == Sections(None, {"items": CHOSEN})
    plain, said = load_island(ISLAND)  # a map file without them reads as it always did
    assert plain == BRSettings().island.model_dump(mode="json") and said == "The island is The Island (7 zones)."


def test_a_bad_selection_is_refused_with_every_problem_in_one_message():
    with pytest.raises(Refused) as refused:
        load_island({"items": {"laser": 1, "knife": 21, "rifle": "two"}, "roles": {"lovers": 3, "jester": 1}})
    reason = refused.value.reason
    assert reason.startswith("That file cannot be used: items: there is no item laser (the items are backpack, ")
    for problem in (
        "items: knife is drawn 21 times, but it must be a whole number from 0 to 20",
        "items: rifle is drawn two times",
        "roles: Lovers come in pairs: at most 3 lovers would leave one without a partner",
        "roles: there is no role jester (the roles are dedicated_student, lovers, lone_wolf)",
    ):
        assert problem in reason
    with pytest.raises(Refused, match="dedicated_student cannot be limited"):
        load_island({"roles": {"dedicated_student": 3}})
    with pytest.raises(Refused, match="at least one item must be drawn"):
        load_island({"items": {"knife": 0}})
    with pytest.raises(Refused, match=r"items: there is no item laser .*; and the map: zones: Field required"):
        load_island({"name": "Nowhere", "items": {"laser": 1}})
    with pytest.raises(ValueError, match="there is no item laser"):  # the settings check the same (/setup edit)
        BRSettings(items={"laser": 1})


async def test_game_create_file_takes_the_sections_and_refuses_a_bad_one_before_anything_is_created():
    raw = yaml.safe_dump({"items": CHOSEN, "roles": {"lovers": None}}).encode()

    async def read() -> bytes:
        return raw

    loaded = await read_data_file("battle_royale", "house.yaml", len(raw), read)
    assert loaded.settings == {"items": CHOSEN, "roles": {"lovers": None}}
    assert BRSettings(**loaded.settings).island == BRSettings().island  # the default map stays
    bad = yaml.safe_dump({"items": {"laser": 1, "knife": -1}}).encode()

    async def read_bad() -> bytes:
        return bad

    with pytest.raises(ServiceError) as refused:
        await read_data_file("battle_royale", "house.yaml", len(bad), read_bad)
    message = str(refused.value)
    assert "there is no item laser" in message and "knife is drawn -1 times" in message
    assert message.endswith("Nothing was created.")
