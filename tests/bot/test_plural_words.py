"""A word after a count reads right for one and for many (issue 29, point 5: "1 games", "1 ready players"):
the `{count:one|many}` spec of `bot.text.render`, which `say` and `ui` both use, and the texts that use it."""
from __future__ import annotations

from bot.screens.profile import board_lines, profile_lines
from bot.services.people import profiles, records
from bot.text import listed, render, say


def test_the_spec_picks_the_word_for_the_count():
    template = "{n} {n:game|games}"
    assert [render(template, n=n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert render("{x:>4}|{y:.1f}", x=7, y=2.25) == "   7|2.2"  # the usual specs are untouched


def test_names_are_listed_as_a_sentence_lists_them():
    assert [listed(names) for names in ([], ["Cal"], ["Cal", "Dee"], ["Ann", "Cal", "Dee"])] == [
        "", "Cal", "Cal and Dee", "Ann, Cal and Dee"]


def test_one_game_one_win_one_step():
    record = records.Record(user_id=1, games_played=1, games_finished=1, steps_given=1)
    stats = profiles.GameTypeStats(ruleset="battle_royale", title="Island", games=1, wins=1, survivals=0, figures={})
    lines = profile_lines(profiles.Profile(user_id=1, name="A", record=record, games=[stats]), own=True)
    text = "\n".join(lines)
    assert "1 game played" in text and "1 step with orders" in text and "Island: 1 game, 1 win," in text
    standing = profiles.Standing(rank=1, user_id=1, name="A", games=1, wins=1, survivals=1, figures={})
    assert "1 win in 1 game," in board_lines("Island", [standing])[1]
    many = profiles.Standing(rank=2, user_id=2, name="B", games=3, wins=2, survivals=1, figures={})
    assert "2 wins in 3 games," in board_lines("Island", [many])[1]


def test_the_sign_up_and_absence_texts_take_the_counts_number():
    assert "needs at least 1 player)" in say("lobby_places", left=1, minimum=1)
    assert "only 1 of the 2 players it needs has joined" in say("start_at_too_few", name="G", count=1, minimum=2)
    assert "missed 1 step in a row" in say("absence_offer", name="A", game="G", missed=1)
    assert "started with 1 player." in say("moderators_started", game="G", players=1, one="step")


def test_a_team_message_counts_its_members_in_their_number():
    assert say("group_relayed", group="Hive", count=1) == "Sent by DM to the 1 other member of Hive."
    assert say("group_relayed", group="Hive", count=3) == "Sent by DM to the 3 other members of Hive."
