"""Events the engine builds without validation (`make_event`, `to_players`) are the same events as validated
ones: they compare equal, dump the same JSON, copy and validate again alike (the bot stores and delivers them)."""
from __future__ import annotations

from engine.events import MODERATORS, PUBLIC, Event, Players, make_event, to_players


def test_built_events_equal_validated_ones_and_dump_the_same():
    built = make_event("attack_hit", to_players("s002", "s001", "s002"), "Ann hits Bob.", {"damage": 2}, 3, "night")
    checked = Event(kind="attack_hit", audience={"kind": "players", "ids": ["s001", "s002"]}, text="Ann hits Bob.",
                    data={"damage": 2}, day=3, phase="night")
    assert built == checked
    assert built.model_dump(mode="json") == checked.model_dump(mode="json")
    assert built.model_dump_json() == checked.model_dump_json()
    assert Event.model_validate(built.model_dump()) == built
    assert built.visible_to("s001") and not built.visible_to("s003")


def test_built_events_copy_and_default_their_data():
    event = make_event("dawn", PUBLIC, "Day 2 begins.")
    assert event.data == {} and event.day == 0 and event.phase == ""
    copied = event.model_copy(update={"text": "Day 3 begins."})
    assert copied.text == "Day 3 begins." and event.text == "Day 2 begins."
    assert make_event("note", MODERATORS, "x").audience.kind == "moderators"
    assert to_players("s003", "s001") == Players(ids=["s001", "s003"])
