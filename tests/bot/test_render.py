"""Rendering outbox rows: a night as one post, every Discord limit kept, order and nonces stable."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import discord
import pytest

from bot.screens.step_post import CAPTION_ROOM, COMPONENT_LIMIT, TEXT_LIMIT, Layout, PictureBlock, TextBlock, pack_post
from tests.bot.delivery_helpers import check_payload
from bot.delivery.render import Outgoing, group, message_nonce, render
from bot.screens.split import pack, split_text


@dataclass
class Row:
    id: int
    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    target: str = "channel"
    target_id: int | None = 555
    game_id: int = 1
    nonce: str = ""

    def __post_init__(self) -> None:
        self.nonce = self.nonce or f"{self.id:024x}"


class Rows:
    def __init__(self) -> None:
        self.rows: list[Row] = []

    def add(self, text: str, kind: str = "note", day: int | None = 3, post: str | None = None, **kwargs) -> Row:
        """A row; `post` is the token `write_events` gives the rows of one resolution."""
        payload = {"kind": kind} | ({"day": day} if day is not None else {}) | ({"post": post} if post else {})
        row = Row(id=len(self.rows) + 1, text=text, payload=payload, **kwargs)
        self.rows.append(row)
        return row


def night(rows: Rows, deaths: int = 2, narration: str = "Day 4 begins. 18 students are alive.", day: int = 3,
          game_id: int = 1) -> None:
    """One resolution's rows as `write_events` and the resolution write them: the fair-play row last."""
    post = f"night{day}g{game_id}"
    for n in range(deaths):
        rows.add(f"Student {n:03d} of the class of Shiroiwa has died.", "death", day, post, game_id=game_id)
        rows.add(f"You were hit by Student {n:03d}.", "hit", day, post, target="dm", target_id=100 + n, game_id=game_id)
    rows.add("From tomorrow on, Beach and Cliffs are closed. Anyone inside must leave or die.", "zones_close", day,
             post, game_id=game_id)
    rows.add("The Captain is in danger.", "secret", day, target="moderators", target_id=None, game_id=game_id)
    rows.add("Ann and Bob are marked for elimination. Whoever eliminates a marked student earns a reward.", "marked",
             day, post, game_id=game_id)
    rows.add("A reward package is dropped into Forest.", "reward_drop", day, post, game_id=game_id)
    rows.add(narration, "day_opens", day, post, game_id=game_id)
    rows.add(f"Day {day} seed revealed: {'ab' * 32} (commitment {'cd' * 32}).\nDay {day + 1} is open until "
             f"tomorrow. Seed commitment: {'ef' * 32}", "seed_reveal", day, game_id=game_id)


def embed_text(message: Outgoing) -> str:
    """What a step post's message shows (its text displays, in order)."""
    return message.layout.text() if message.layout is not None else ""


def assert_within_limits(message: Outgoing) -> None:
    """Within every Discord limit as sent; a message keeping the picture's place, with the longest caption too."""
    assert len(message.nonce) <= 25
    if message.layout is None:
        assert message.content is None or 0 < len(message.content) <= 2000
        return
    assert message.content is None
    layout = message.layout
    if layout.picture is not None:
        layout = layout.with_picture("grid.png", "w" * CAPTION_ROOM)
        assert "w" * CAPTION_ROOM in layout.text()  # the room kept for the caption holds the longest one
        message = replace(message, layout=layout, picture=None, file=("grid.png", b"png"))
    assert layout.text_length() <= TEXT_LIMIT and layout.component_count() <= COMPONENT_LIMIT
    view = layout.to_discord()  # what discord.py would send agrees
    assert view.content_length() == layout.text_length() and view.total_children_count == layout.component_count()
    check_payload(message)  # and what the fake Discord accepts


def test_one_night_is_one_post_with_sections_and_the_seed():
    rows = Rows()
    night(rows)
    parcels = render(rows.rows)
    channel = [p for p in parcels if p.first.target == "channel"]
    assert len(channel) == 1 and len(channel[0].messages) == 1
    post = channel[0].messages[0]
    assert post.content is None and post.layout is not None
    assert_within_limits(post)
    assert post.layout.title == "Night 3 results"
    assert post.layout.narration == "Day 4 begins. 18 students are alive."
    *sections, fair = post.layout.sections()
    assert [name for name, _ in sections] == ["Deaths", "Closing zones", "Marked for elimination", "Reward package"]
    assert sections[0][1] == ("Student 000 of the class of Shiroiwa has died.\n"
                              "Student 001 of the class of Shiroiwa has died.")
    assert fair[0] == "Fair play" and "seed revealed" in fair[1] and "ef" * 32 in fair[1]
    assert post.layout.texts()[0] == "## Night 3 results\nDay 4 begins. 18 students are alive."  # one message, headed
    # every other row is its own plain message, to its own target
    others = [p for p in parcels if p.first.target != "channel"]
    assert [(p.first.target, p.first.target_id, p.messages[0].content) for p in others] == [
        ("dm", 100, "You were hit by Student 000."), ("dm", 101, "You were hit by Student 001."),
        ("moderators", None, "The Captain is in danger.")]


def test_a_post_shows_only_the_rows_texts():
    rows = Rows()
    night(rows)
    post = render([r for r in rows.rows if r.target == "channel"])[0].messages[0]
    shown = embed_text(post)
    for row in rows.rows:
        assert (row.text in shown) == (row.target == "channel")
    assert "zones_close" not in shown and "reward_drop" not in shown  # kinds (data) are never shown


def test_eighty_deaths_and_a_long_narration_keep_every_limit():
    rows = Rows()
    narration = " ".join(f"Sentence number {i} of the long narration tells what happened at dawn." for i in range(80))
    assert len(narration) > 5000
    night(rows, deaths=80, narration=narration)
    post = [p for p in render(rows.rows) if p.first.target == "channel"][0]
    assert len(post.messages) >= 2
    for message in post.messages:
        assert_within_limits(message)
    shown = "\n".join(embed_text(m) for m in post.messages)
    for row in post.rows:  # every row whole: no death line or seed line is cut
        for line in row.text.split("\n"):
            if row.payload["kind"] != "day_opens":
                assert line in shown
    descriptions = [m.layout.narration for m in post.messages if "Sentence" in m.layout.narration]
    assert len(descriptions) == 2 and " ".join(descriptions) == narration  # cut between sentences
    assert all(d.endswith("dawn.") for d in descriptions)
    titles = [m.layout.title for m in post.messages]
    assert titles[0] == "Night 3 results" and all(t == "Night 3 results (continued)" for t in titles[1:])
    deaths = [v for m in post.messages for n, v in m.layout.sections() if n.startswith("Deaths")]
    assert "\n".join(deaths).split("\n") == [f"Student {n:03d} of the class of Shiroiwa has died." for n in range(80)]


def test_a_huge_night_spreads_over_messages_each_within_the_limits():
    rows = Rows()
    for n in range(3000):
        rows.add(f"Student {n:04d} has died.", "death", post="huge")
    for n in range(30):
        rows.add(f"Narration {n}. " + "x" * 4000, "escape", post="huge")
    rows.add("Day 3 seed revealed.", "seed_reveal")
    (post,) = render(rows.rows)
    for message in post.messages:
        assert_within_limits(message)
    deaths = [v for m in post.messages for n, v in m.layout.sections() if n.startswith("Deaths")]
    assert "\n".join(deaths).count("has died.") == 3000
    names = [n for m in post.messages for n, _ in m.layout.sections()]
    assert names[0] == "Deaths" and set(names[1:]) == {"Deaths (continued)", "Fair play"} and names[-1] == "Fair play"


def test_a_message_holds_at_most_40_components():
    """The container, the headline and 38 sections fill a message; the rest goes on in the next, under the
    title continued."""
    sections = [(f"Section {n}", [f"Line {n}."]) for n in range(60)]
    messages = pack_post("Title", [], sections, None, lambda t: f"{t} (continued)")
    assert [len(m.sections()) for m in messages] == [38, 22]
    assert [m.component_count() for m in messages] == [40, 24]
    assert [m.title for m in messages] == ["Title", "Title (continued)"]
    assert [n for m in messages for n, _ in m.sections()] == [f"Section {n}" for n in range(60)]


def test_a_long_direct_message_is_split_at_sentences_in_order():
    text = " ".join(f"This is sentence {i} of a long private report." for i in range(200))
    rows = Rows()
    rows.add(text, "report", target="dm", target_id=7)
    (parcel,) = render(rows.rows)
    assert len(parcel.messages) == 5
    for message in parcel.messages:
        assert_within_limits(message)
        assert message.content.endswith("report.")
    assert " ".join(m.content for m in parcel.messages) == text


def test_nonces_are_stable_distinct_and_short():
    rows = Rows()
    night(rows, deaths=80, narration="A. " * 3000)
    first = [m.nonce for p in render(rows.rows) for m in p.messages]
    again = [m.nonce for p in render(list(reversed(rows.rows))) for m in p.messages]
    assert first == again
    assert len(set(first)) == len(first)
    assert all(len(n) <= 25 and re.fullmatch(r"[0-9a-f]+", n) for n in first)
    assert message_nonce(["a" * 24], 0) != message_nonce(["a" * 24], 1)


def test_groups_break_at_another_resolution_an_unmarked_row_or_another_game():
    rows = Rows()
    rows.add("Game starts.", "game_start", day=-1, post="start")
    rows.add("Day 0 begins.", "day_opens", day=-1, post="start")
    rows.add("Day 0 is open. Commitment x.", "commitment", day=0)
    rows.add("The game is paused.", "pause", day=None)
    night(rows, day=0)
    night(rows, day=1)
    night(rows, day=1, game_id=2)
    parcels = [p for p in render(rows.rows) if p.first.target == "channel"]
    assert [(p.first.game_id, len(p.rows)) for p in parcels] == [(1, 3), (1, 1), (1, 7), (1, 7), (2, 7)]
    titles = [p.messages[0].layout.title if p.messages[0].layout else p.messages[0].content for p in parcels]
    assert titles == ["The game begins", "The game is paused.", "Day 0 results: the students set out", "Night 1 results",
                      "Night 1 results"]
    fair = parcels[0].messages[0].layout.sections()[-1]
    assert fair == ("Fair play", "Day 0 is open. Commitment x.")


def test_moderator_events_with_a_day_are_plain_messages_never_a_night_post():
    """/mod kill and /mod revive write {"kind": "death", "day": 3}: sent in one pass they stay two plain
    messages, and one written right after a night's rows does not join that night's post."""
    rows = Rows()
    night(rows, day=3)
    rows.add("Bob has died.", "death", day=3).payload |= {"moderation": "kill"}
    rows.add("Bob is alive again.", "revived", day=3).payload |= {"moderation": "revive"}
    rows.add("You died (inactive).", "death", day=3, target="dm", target_id=100).payload |= {"seat": "s000"}
    parcels = render(rows.rows)
    channel = [p for p in parcels if p.first.target == "channel"]
    assert [len(p.rows) for p in channel] == [7, 1, 1]
    assert [m.content for p in channel[1:] for m in p.messages] == ["Bob has died.", "Bob is alive again."]
    assert all(m.layout is None for p in channel[1:] for m in p.messages)
    assert "Bob has died." not in embed_text(channel[0].messages[0])
    to_100 = [p for p in parcels if p.first.target_id == 100]
    assert [[m.content for m in p.messages] for p in to_100] == [["You were hit by Student 000."],
                                                                 ["You died (inactive)."]]


def test_a_groups_nonces_do_not_depend_on_which_rows_a_pass_holds():
    """A crash between sends, a later claim with more or fewer rows: the same resolution's post to the same
    target keeps its nonce, so Discord answers the resend with the message already posted."""
    rows = Rows()
    night(rows, deaths=3)
    channel = [r for r in rows.rows if r.target == "channel"]
    whole = render(channel)[0].messages[0].nonce
    assert render(channel[1:])[0].messages[0].nonce == whole
    assert render(channel[:-1])[0].messages[0].nonce == whole
    other = Rows()
    night(other, deaths=3)  # the same texts, another target: another nonce
    for row in other.rows:
        row.target_id = 556 if row.target == "channel" else row.target_id
    assert render([r for r in other.rows if r.target == "channel"])[0].messages[0].nonce != whole
    dms = [p.messages[0].nonce for p in render(rows.rows) if p.first.target == "dm"]
    assert len(set(dms)) == 3 and whole not in dms


def test_a_lone_dated_row_is_plain_and_keeps_its_text():
    rows = Rows()
    rows.add("Only the seed.", "seed_reveal")
    (parcel,) = render(rows.rows)
    assert parcel.messages[0].content == "Only the seed." and parcel.messages[0].layout is None


def test_group_keeps_id_order_per_target():
    rows = Rows()
    for n in range(5):
        rows.add(f"dm {n}", "x", day=None, target="dm", target_id=1 + n % 2)
    groups = group(list(reversed(rows.rows)))
    assert [[r.text for r in g] for g in groups] == [["dm 0"], ["dm 1"], ["dm 2"], ["dm 3"], ["dm 4"]]


async def test_a_proposal_carries_its_buttons_on_the_last_part():
    rows = Rows()
    rows.add("Ann proposes to you. " * 150, "lovers_proposal", day=None, target="dm", target_id=2)
    rows.rows[0].payload |= {"game": 1, "proposer": 42}
    (parcel,) = render(rows.rows)
    assert len(parcel.messages) == 2
    assert parcel.messages[0].view() is None
    view = parcel.messages[1].view()
    assert isinstance(view, discord.ui.View)
    assert [item.custom_id for item in view.children] == ["brbot:lovers:1:42:yes", "brbot:lovers:1:42:no"]


@pytest.mark.parametrize("limit", [5, 40, 2000])
def test_split_text_cuts_gently_and_loses_nothing(limit):
    text = "First line.\nSecond sentence here. Third one! A supercalifragilisticexpialidocious word?\n\nEnd."
    pieces = split_text(text, limit)
    assert all(0 < len(p) <= limit for p in pieces)
    assert "".join("".join(pieces).split()) == "".join(text.split())
    if limit == 40:
        assert pieces[:2] == ["First line.", "Second sentence here. Third one!"]


def test_pack_keeps_units_whole_when_they_fit():
    units = [f"Unit {n} is whole." for n in range(100)]
    pieces = pack(units, 100)
    assert all(len(p) <= 100 for p in pieces)
    assert "\n".join(pieces).split("\n") == units


def test_a_layout_counts_what_discord_counts():
    (layout,) = pack_post("T" * 10, ["D" * 20], [("N" * 3, ["V" * 4])], ("F", ["S"]), lambda t: t, picture=True)
    assert isinstance(layout, Layout)
    drawn = layout.with_picture("grid.png", "C" * 5)
    view = drawn.to_discord()
    assert drawn.text_length() == len("## " + "T" * 10 + "\n" + "D" * 20) + 5 + len("### NNN\nVVVV") + len("### F\nS")
    assert view.content_length() == drawn.text_length()
    assert view.total_children_count == drawn.component_count() == 7  # container, 4 texts, gallery, separator
    (container,) = view.to_components()
    assert [c["type"] for c in container["components"]] == [10, 12, 10, 10, 14, 10]
    assert container["components"][1]["items"][0]["media"]["url"] == "attachment://grid.png"


def test_one_nights_private_results_are_one_dm_per_player():
    """A player's private results of one night arrive together; another night, a reminder or a moderator's
    message stays apart."""
    rows = Rows()
    rows.add("You attack Bob with the Rifle and hit.", "attack", 2, "n2", target="dm", target_id=7).payload["seat"] = "s001"
    rows.add("Bob attacks you and misses.", "attacked", 2, "n2", target="dm", target_id=8).payload["seat"] = "s002"
    rows.add("Tonight you see Bob in Forest.", "report", 2, "n2", target="dm", target_id=7).payload["seat"] = "s001"
    rows.add("A moderator gave you Rifle.", "give", 2, target="dm", target_id=7).payload |= {"seat": "s001"}
    rows.add("Reminder: send your orders.", "reminder", day=None, target="dm", target_id=7)
    rows.add("Next night's news.", "report", 3, "n3", target="dm", target_id=7).payload["seat"] = "s001"
    parcels = [p for p in render(rows.rows) if p.first.target_id == 7]
    assert [len(p.rows) for p in parcels] == [2, 1, 1, 1]
    (message,) = parcels[0].messages
    assert message.content == "You attack Bob with the Rifle and hit.\n\nTonight you see Bob in Forest."
    assert all("Bob attacks you" not in m.content for p in parcels for m in p.messages)


def test_your_orders_rides_on_the_last_message_of_a_players_results_dm():
    """Issue 33, point 3: the textless row `pacing.orders_on_results` adds to a player's DM of a resolution puts
    the orders card's button on that DM, split or not (its last message), adding no message and no blank line."""
    from bot.ui.buttons import buttons_for

    rows = Rows()
    rows.add("You attack Bob with the Rifle and hit.", "attack", 2, "n2", target="dm", target_id=7)
    rows.add("Tonight you see Bob in Forest. " * 80, "report", 2, "n2", target="dm", target_id=7)
    mark = rows.add("", "orders_on_results", None, "n2", target="dm", target_id=7)
    mark.payload |= {"game": 1, "day": 3, "user": 7}
    (parcel,) = render(rows.rows)
    (without,) = render(rows.rows[:-1])
    assert len(parcel.rows) == 3 and len(parcel.messages) == len(without.messages) > 1  # no message for the button
    assert [m.content for m in parcel.messages] == [m.content for m in without.messages]  # nor a blank line
    *first, last = parcel.messages
    assert all(m.buttons is None for m in first)
    [button] = buttons_for(last.buttons or {})
    assert (button.label, button.custom_id) == ("Your orders", "brbot:ord:1:3:7:show")
    check_payload(last)


def test_a_post_with_a_picture_keeps_room_for_it_in_its_first_message():
    """The picture is drawn at delivery: the first message keeps the caption's room and its two components, the
    picture's place right under the title; a long post goes on in complete messages of its own."""
    sections = [("Deaths", [f"Student {n:04d} of the class of Shiroiwa has died." for n in range(200)])]
    messages = pack_post("Step 3", ["The sun rises."], sections, ("Fair play", ["Seed."]), lambda t: f"{t} (continued)",
                         picture=True)
    assert len(messages) >= 3
    first, *rest = messages
    assert isinstance(first.blocks[1], PictureBlock) and all(m.picture is None for m in rest)
    assert first.text_length() <= TEXT_LIMIT - CAPTION_ROOM
    for layout in messages:
        assert_within_limits(Outgoing(nonce="n", layout=layout))
    lines = [line for m in messages for name, body in m.sections() if name.startswith("Deaths") for line in body.split("\n")]
    assert lines == sections[0][1]  # every row whole, in order, none lost or repeated
    assert [m.title for m in messages] == ["Step 3"] + ["Step 3 (continued)"] * len(rest)
    assert messages[-1].sections()[-1] == ("Fair play", "Seed.")


def test_a_picture_not_drawn_leaves_the_post_whole():
    (layout,) = pack_post("Step 3", ["The sun rises."], [], None, str, picture=True)
    assert layout.with_picture(None, "").blocks == (TextBlock("Step 3", "The sun rises.", 2),)
    words = layout.with_picture(None, "The board in words.")  # too big to attach: its words alone
    assert words.texts() == ["## Step 3\nThe sun rises.", "The board in words."] and words.picture is None


def test_a_row_longer_than_a_message_is_cut_between_sentences_and_every_piece_fits():
    row = " ".join(f"Sentence {n} of a very long report from the battlefield." for n in range(300))
    messages = pack_post("T" * 300, [], [("S" * 300, [row])], None, lambda t: f"{t} (continued)")
    for layout in messages:
        assert_within_limits(Outgoing(nonce="n", layout=layout))
        assert all(len(h) <= 256 for h in layout.headings())
    bodies = [body for m in messages for _, body in m.sections()]
    assert " ".join(bodies) == row and all(b.endswith("battlefield.") for b in bodies)
