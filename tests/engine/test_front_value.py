"""A game's face is one value of small parts (issue 30, point 1: engine/front/game.py, engine/play.py).

A part left out is the feature off; where a part's default depends on another, `Front` fills it in when the
value is made; computer players, length, outcome and studies are the rules' side (`Ruleset.play`), so a
simulation plays a game with no front at all.
"""
from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from engine import registry
from engine.front import Asked, Card, Cards, Command, Front, Groups, Orders, Pictures, Posts, Refused, Words
from engine.play import NoComputerPlayers, Play
from engine.rng import RecordingRng

GAMES = registry.names()


def test_a_front_with_no_parts_turns_every_feature_off_and_says_so_in_its_own_name():
    bare = Front(title="Parlour")
    assert bare.picture is None and bare.trade is None and bare.dice is None
    assert bare.signup.data is None and bare.signup.sheet is None and bare.signup.roles == ()
    assert bare.orders.commands == () and bare.orders.buttons({}, {}) == [] and bare.orders.step_hint is None
    with pytest.raises(Refused, match=r"^/guess is not a command of Parlour\.$"):
        bare.orders.apply(Asked(command="guess", values={}, view={}, current={}))
    assert bare.orders.form("pick", {}, {}) == "/pick is not a command of Parlour."
    assert bare.cards.status({}) == [] and bare.cards.gm({}) == [] and bare.cards.rules() == []
    assert bare.posts.title(3) == "Parlour: results" and bare.posts.title(-1) == "Parlour"
    assert bare.posts.day_title(-1) == "Start" and bare.posts.step_group is None


def test_defaults_that_depend_on_another_part_are_filled_in_when_the_value_is_made():
    shown = [Card(title="You")]
    front = Front(
        title="Duel",
        words=Words(step="Round", steps="rounds"),
        orders=Orders(commands=(Command("strike", "Strike a foe", section="Fighting"),)),
        cards=Cards(status=lambda view: shown),
        groups=Groups(title=lambda key: f"The {key}"),
    )
    [help_card] = front.cards.help()
    assert help_card.title == "Duel" and [(f.name, f.lines) for f in help_card.fields] == [
        ("Fighting", ("`/strike`: Strike a foe",))
    ]
    assert front.cards.public({}) is shown and front.cards.sheet({}) is shown  # default: the status cards
    assert front.posts.day_title(2) == "Round 2"
    assert front.groups.intro("heroes").startswith("The heroes: a private chat for this group of Duel.")
    drawn = Pictures(draw=lambda view: None, command="look")
    assert drawn.public is drawn.draw


def test_a_front_is_a_frozen_value():
    front = registry.front("battle_royale")
    with pytest.raises(dataclasses.FrozenInstanceError):
        front.title = "Another"  # type: ignore[misc]
    assert dataclasses.replace(front, dice=None).orders is front.orders


@pytest.mark.parametrize("name", GAMES)
def test_every_installed_game_plays_by_its_rules_side_alone(name):
    """Computer players, length and outcome are the ruleset's `play`, not the front's (docs/rulesets.md)."""
    rules = registry.get(name)
    assert rules.play.has_computer_players
    rng = RecordingRng(3, record=False)
    signups = rules.play.computer_signups(max(rules.min_players, 2), rng)
    state = rules.new_game(signups, rules.parse_settings({}), rng).state
    for seat in rules.awaiting(state):
        rules.parse_orders(rules.play.computer_orders(state, seat, rng))  # orders the engine accepts
    assert set(rules.play.outcome(state)) == {"winners", "survivors"}
    assert not {"computer_signups", "autoplayer", "outcome", "length", "studies"} & set(dir(registry.front(name)))


def test_a_game_without_computer_players_refuses_to_play_them():
    nobody = Play()
    assert not nobody.has_computer_players
    with pytest.raises(NoComputerPlayers):
        nobody.computer_signups(4, RecordingRng(1))
    with pytest.raises(NoComputerPlayers):
        nobody.computer_orders(None, "s1", RecordingRng(1))
    assert nobody.outcome(None) == {"winners": [], "survivors": []} and nobody.studies(10, 1, None) == {}


def test_the_engines_own_simulation_imports_no_front():
    """`python -m engine.simulate` plays a whole game with the ruleset alone: no game's front is imported."""
    code = (
        "import sys; from engine.simulate import play; "
        "list(play(6, 3, ruleset='starcraft_mafia')); "
        "print(sorted(m for m in sys.modules if m.startswith('engine.rulesets.') and '.front' in m))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
