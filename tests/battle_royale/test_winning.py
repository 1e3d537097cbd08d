"""The end of the game and who wins.

Handbook II.A.1-3 (Dedicated Students survive together, Lovers, Lone Wolves stand alone), Rivals 2
(no win while your Rival is on the island; a rivalry inside a school holds the whole team back), the
sign-up notes (the game ends after Day 7); rulings "Ending and winning".
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.rng import RecordingRng
from engine.rulesets.battle_royale.orders import NightOrders
from engine.rulesets.battle_royale.texts import say
from tests.battle_royale.helpers import make_state, orders, run_night, texts

br = registry.get("battle_royale")
CLOSED = 7  # a closed zone: whoever stands in it at the end of the movement dies


def night(spec: dict, day: int = 1, night_orders: dict | None = None, seed: int = 1, **settings):
    """Resolve one night; students placed in zone 7 (closed) die in it, everyone else lives."""
    state = make_state(spec, day=day, **settings)
    state.zones[CLOSED].closed = True
    return run_night(state, night_orders or {}, seed=seed)


def game_over(events) -> list:
    return [e for e in events if e.kind == "game_over"]


def assert_over(after, events, winners: list[str], reason: str) -> None:
    assert after.phase == "over" and after.end_reason == reason
    assert after.winners == winners
    (event,) = game_over(events)
    assert event.audience.kind == "public"
    assert event.data["winners"] == winners and event.data["reason"] == reason
    assert texts(events, "day_opens") == []


def assert_goes_on(before_day: int, after, events) -> None:
    assert after.phase == "night" and after.winners == [] and after.end_reason is None
    assert after.day == before_day + 1 and game_over(events) == []
    assert len(texts(events, "day_opens")) == 1


LAST_DAY = "Day 7 has ended"
ONE_LEFT = "at most one student is left on the island"
ALL_WIN = "every student left would win as things stand"


def test_rulings_the_game_ends_after_day_7():
    """The game ends once Day 7 has been resolved, whoever is still alive."""
    spec = {s: {"school": n} for n, s in enumerate("abcd", start=1)}
    after, events = night(spec, day=6)
    assert_goes_on(6, after, events)
    after, events = night(spec, day=7)
    assert_over(after, events, [], LAST_DAY)
    assert game_over(events)[0].data["survivors"] == ["a", "b", "c", "d"]
    after, events = night(spec, day=3, days=3)  # the last day is a setting
    assert_over(after, events, [], "Day 3 has ended")


def test_rulings_the_game_ends_when_at_most_one_student_is_alive():
    """The game ends early when at most one student is left alive on the island."""
    after, events = night({"a": {"school": 1}, "b": {"school": 2, "zone": CLOSED}, "c": {"school": 3, "zone": CLOSED}})
    assert_over(after, events, ["a"], ONE_LEFT)
    assert texts(events, "game_over") == [say("game_over_public", reason=ONE_LEFT, winners="A", survivors="A")]
    after, events = night({"a": {"school": 1, "zone": CLOSED}, "b": {"school": 2, "zone": CLOSED}})
    assert_over(after, events, [], ONE_LEFT)
    assert texts(events, "game_over") == [say("game_over_public", reason=ONE_LEFT, winners="none", survivors="none")]


def test_rulings_the_game_ends_when_one_school_is_left():
    """It ends when every living student would win: all of one school. The dead never win."""
    spec = {"a": {"school": 1}, "b": {"school": 1}, "c": {"school": 2, "zone": CLOSED},
            "d": {"school": 1, "alive": False, "hp": 0}}
    after, events = night(spec)
    assert_over(after, events, ["a", "b"], ALL_WIN)


def test_rulings_the_game_ends_when_only_the_two_lovers_are_left():
    """It ends when only the two Lovers are left, whatever their schools; both win."""
    spec = {"a": {"school": 1, "role": "lovers", "lover": "b"}, "b": {"school": 2, "role": "lovers", "lover": "a"},
            "c": {"school": 3, "zone": CLOSED}}
    after, events = night(spec)
    assert_over(after, events, ["a", "b"], ALL_WIN)


def test_rulings_the_game_goes_on_while_someone_left_could_not_win():
    """No early end while a living student would not win: a Lone Wolf among schoolmates, or students of two schools."""
    for spec in ({"a": {"school": 1}, "b": {"school": 1, "role": "lone_wolf"}},
                 {"a": {"school": 1}, "b": {"school": 2}},
                 {"a": {"school": 1, "role": "lovers", "lover": "b"}, "b": {"school": 1, "role": "lovers", "lover": "a"},
                  "c": {"school": 1, "role": "lone_wolf"}}):
        after, events = night(spec, day=2)
        assert_goes_on(2, after, events)


def test_II_A_1_dedicated_student_wins_alive_or_escaped_if_all_living_are_of_their_school():
    """A Dedicated Student wins alive or escaped when every student alive on the island is of their school."""
    spec = {"a": {"school": 1}, "b": {"school": 1, "escaped": True}, "c": {"school": 1, "zone": CLOSED},
            "e": {"school": 2, "escaped": True}}
    after, events = night(spec, day=7)
    assert_over(after, events, ["a", "b"], LAST_DAY)  # c died tonight; e escaped but is of school 2
    spec["d"] = {"school": 2}
    after, events = night(spec, day=7)
    assert_over(after, events, [], LAST_DAY)  # a student of school 2 is still alive


def test_II_A_3_lone_wolf_wins_only_as_the_only_one_alive():
    """A Lone Wolf wins only as the only student alive; escaped students don't count against them."""
    wolf = {"w": {"school": 1, "role": "lone_wolf"}}
    after, events = night({**wolf, "e": {"school": 2, "escaped": True}, "x": {"school": 3, "zone": CLOSED}})
    assert_over(after, events, ["w"], ONE_LEFT)
    after, events = night({**wolf, "m": {"school": 1}}, day=7)
    assert_over(after, events, ["m"], LAST_DAY)  # a schoolmate alive: the Wolf does not win, the student does


def test_II_A_2_lovers_win_if_both_are_alive_or_escaped():
    """Lovers win together if both are alive or escaped at the end, whoever else is alive."""
    lovers = {"a": {"school": 1, "role": "lovers", "lover": "b"}, "b": {"school": 2, "role": "lovers", "lover": "a"}}
    others = {"c": {"school": 3}, "d": {"school": 4}}
    after, events = night({**lovers, **others}, day=7)
    assert_over(after, events, ["a", "b"], LAST_DAY)
    escaped = {**lovers, "b": {**lovers["b"], "escaped": True}}
    after, events = night({**escaped, **others}, day=7)
    assert_over(after, events, ["a", "b"], LAST_DAY)
    dead = {**lovers, "b": {**lovers["b"], "zone": CLOSED}}
    after, events = night({**dead, **others}, day=7)
    assert not after.students["b"].alive
    assert_over(after, events, [], LAST_DAY)


def test_rivals_2_you_cannot_win_while_your_rival_is_on_the_island():
    """Nobody wins while their Rival is alive on the island; once the Rival is dead or escaped, they can."""
    lovers = {"a": {"school": 1, "role": "lovers", "lover": "b", "rival": "r"},
              "b": {"school": 2, "role": "lovers", "lover": "a"}}
    after, events = night({**lovers, "r": {"school": 3}}, day=7)
    assert_over(after, events, ["b"], LAST_DAY)
    after, events = night({**lovers, "r": {"school": 3, "escaped": True}}, day=7)
    assert_over(after, events, ["a", "b"], LAST_DAY)
    after, events = night({**lovers, "r": {"school": 3, "zone": CLOSED}}, day=2)
    assert_over(after, events, ["a", "b"], ALL_WIN)


def test_rivals_2_a_rivalry_inside_a_school_holds_the_team_back():
    """If your Rival is on your own team, the team cannot win until the rivalry is resolved."""
    team = {"a": {"school": 1, "rival": "b"}, "b": {"school": 1}, "c": {"school": 1}}
    after, events = night(team, day=2)
    assert_goes_on(2, after, events)
    after, events = night(team, day=7)
    assert_over(after, events, [], LAST_DAY)
    resolved = {**team, "b": {"school": 1, "zone": CLOSED}}
    after, events = night(resolved, day=2)
    assert_over(after, events, ["a", "c"], ALL_WIN)


def test_rulings_a_finished_game_takes_no_more_orders():
    """Once the game is over, orders are refused and nothing more is resolved."""
    after, _ = night({"a": {"school": 1}, "b": {"school": 2, "zone": CLOSED}})
    assert after.phase == "over"
    assert br.validate(after, "a", NightOrders()) == say("game_over")
    assert br.awaiting(after) == [] and br.is_over(after)
    with pytest.raises(ValueError):
        br.resolve(after, {"a": orders()}, RecordingRng(1))
