"""A `Keyed` kept as JSON data and made again (`bot.languages.stored`): the same English, key and values, nested
`Keyed` values and joined texts too, so delivery renders a stored row for any reader; a plain text keeps nothing;
an event validated by pydantic keeps its `Keyed`."""

from __future__ import annotations

import json

from bot.languages.reader import localized
from engine.keyed import joined
from bot.languages.stored import MARK, kept, revived, row_keys, written_row_keys
from bot.text import say
from engine.events import PUBLIC, Event
from engine.keyed import Keyed


def test_a_keyed_text_comes_back_the_same_and_reads_in_any_language():
    text = say("signups_open", name="Isla", cap=5, deadline_time="22:00", timezone="UTC", one=say("cli_none"))
    back = revived(json.loads(json.dumps(kept(text))))
    assert isinstance(back, Keyed) and back == text and (back.domain, back.key) == (text.domain, text.key)
    assert isinstance(back.values["one"], Keyed) and back.values["cap"] == 5
    assert localized(back, "pt-BR") == localized(text, "pt-BR") != text


def test_a_joined_text_keeps_its_parts():
    text = joined("\n", [say("cli_none"), "- Ana"])
    assert text == "none\n- Ana"
    back = revived(json.loads(json.dumps(kept(text))))
    assert localized(back, "es-ES") == "ninguno\n- Ana" == localized(text, "es-ES")
    assert kept(joined(", ", ["Ana", "Bo"])) is None  # nothing in it to render again


def test_plain_texts_keep_nothing_and_a_row_keeps_its_posts_title():
    assert kept("Day 1 begins.") is None and row_keys("plain", {"title": "plain"}) is None
    keys = row_keys(say("cli_none"), {"title": say("cli_none"), "kind": "x"})
    assert keys is not None and set(keys) == {"text", "title"}


def test_a_rows_keys_written_once_are_the_bytes_its_json_column_writes():
    """`write_events` writes an event's kept text to JSON once for all its rows: each row's `keyed` is the text
    the JSON column writes for `row_keys` (`json.dumps`), a post's title and section beside it."""
    text = joined("\n", [say("cli_none"), say("cli_heading", title="Día 1 — \u00e9")])
    for payload in ({"kind": "x", "seat": "s001"}, {"title": say("cli_none"), "section": say("cli_none")}, None):
        for said in (text, "plain"):
            written = json.dumps(kept(said)) if kept(said) is not None else None
            expected = row_keys(said, payload)
            assert written_row_keys(written, payload) == (None if expected is None else json.dumps(expected))


def test_an_event_keeps_its_keyed_text():
    event = Event(kind="x", audience=PUBLIC, text=say("cli_none"))
    assert isinstance(event.text, Keyed) and event.model_dump()["text"] == "none"
    assert Event.model_validate_json(event.model_dump_json()).text == "none"


def test_a_games_nested_texts_and_data_names_come_back_in_their_short_form_and_read_the_same():
    """A night's line nests lists of data names (`engine.keyed.named`): each value is kept without its English
    (made again from the English catalogue) and its parent's catalogue, and reads the same in any language."""
    from engine.rulesets.battle_royale import catalog
    from engine.rulesets.battle_royale.texts import listing
    from engine.rulesets.battle_royale.texts import say as game_say

    knife, rifle = catalog.item("knife").name, catalog.item("rifle").name
    looks = game_say("seen_as", name="Ana", items=listing([knife, rifle]))
    line = joined("\n", [game_say("report_zone", zone_name=catalog.default_island().zone(4).name, students=looks)])
    data = json.loads(json.dumps(kept(line)))
    assert "Knife and Rifle" not in json.dumps(data[MARK][3])  # the names by key; the words once, at the top
    back = revived(data)
    assert back == line
    for language in ("pt-BR", "es-ES"):
        assert localized(back, language) == localized(line, language) != line
    assert "Faca" in localized(back, "pt-BR") and "Playa" in localized(back, "es-ES")


def test_a_value_kept_in_the_long_form_before_still_comes_back():
    old = {
        MARK: [
            "none, Ana",
            "",
            "$joined",
            {"separator": ", ", "parts": [{MARK: ["none", "bot", "cli_none", {}]}, "Ana"]},
        ]
    }
    assert localized(revived(old), "es-ES") == "ninguno, Ana"
