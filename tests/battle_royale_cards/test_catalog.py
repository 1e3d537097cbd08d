"""The deck as data (rulings, "Cards", the default deck table), validated on load, and fixed layouts."""

from __future__ import annotations

import re

import pytest

from engine.rulesets.battle_royale_cards import catalog, grid
from engine.rulesets.battle_royale_cards.catalog import default_deck, parse, parse_layout
from tests.battle_royale_cards.helpers import IN_ORDER
from tests.shared_rules import rulings_text

RULINGS = "battle-royale-card-game-rulings.md"  # in ../shared/rules (tests/shared_rules.py)


def _raw_deck() -> list[dict]:
    return [c.model_dump(exclude_defaults=True) for c in default_deck().cards]


def test_default_deck_is_the_rulings_table():
    """Rulings, "Cards": id, card, worth and ability of every row of the default deck."""
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| (\d+) \| ([^|]+) \|$", rulings_text(RULINGS), re.M)
    assert len(rows) == 25
    got = [(c.id, c.name, c.worth, c.ability) for c in default_deck().cards]
    assert got == [(int(i), n.strip(), int(w), a.strip()) for i, n, w, a in rows]


def test_default_deck_effects():
    """Rulings, "Cards": each ability as an effect; Curses are 21-25."""
    deck = default_deck()
    assert [c.id for c in deck.cards if c.curse] == [21, 22, 23, 24, 25]
    effects = {
        c.name: c.model_dump(exclude={"id", "name", "worth", "ability"}, exclude_defaults=True) for c in deck.cards
    }
    assert effects["Motorbike"] == {"movements": 2}
    assert effects["Adrenaline"] == {"actions": 1, "movements": 1}
    assert effects["Crowbar"] == {"card_attack": 2}
    assert effects["Katana"] == {"battle_die": 2}
    assert effects["Riot Shield"] == {"shield": 2}
    assert effects["Black Death"] == {"curse": True, "card_attack": -1, "forfeit": True}
    assert effects["Hangover"] == {"curse": True, "resurrect_actions": 2}
    assert effects["Golden Idol"] == {}


def test_the_package_deck_file_loads():
    assert catalog.load().cards == default_deck().cards
    assert parse(_raw_deck()) == default_deck()  # a bare list of cards is a deck too


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[:24], "exactly 25 cards, one per square; this one has 24"),
        (lambda d: d[:24] + [dict(d[0])], "card id 1 is listed twice"),
        (lambda d: d[:24] + [dict(d[24], name="sneakers")], "card name 'sneakers' is listed twice"),
        (lambda d: [dict(d[0], worth=19)] + d[1:], "worth"),
        (lambda d: [dict(d[0], orthogonal=True)] + d[1:], "card 1 \\(Sneakers\\) has the Curse effect orthogonal"),
        (lambda d: [dict(d[0], speed=3)] + d[1:], "speed"),
    ],
)
def test_a_broken_deck_is_refused_clearly(change, message):
    with pytest.raises(ValueError, match=message):
        parse({"cards": change(_raw_deck())})


def test_a_deck_must_be_a_mapping_or_list():
    with pytest.raises(ValueError, match="a deck must be a mapping"):
        parse("Sneakers")


def test_fixed_layout_by_ids_names_or_squares():
    """Rulings, "Reading order": a moderator can load a fixed layout, laid in reading order A4, B3 ... G4."""
    deck = default_deck()
    assert parse_layout(IN_ORDER, deck) == IN_ORDER
    names = [deck.card(i).name.upper() for i in reversed(IN_ORDER)]
    assert parse_layout(names, deck) == list(reversed(IN_ORDER))
    by_square = {s: i for s, i in zip(["A4", "B3", "B4"], [3, 2, 1], strict=True)}
    rest = dict(zip(grid.SQUARES[3:], IN_ORDER[3:], strict=True))
    assert parse_layout(by_square | rest, deck)[:3] == [3, 2, 1]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("random", "a layout is a list"),
        (IN_ORDER[:24], "needs 25 cards"),
        (IN_ORDER[:24] + ["Jetpack"], "puts 'Jetpack' on G4, which is not a card"),
        (IN_ORDER[:24] + [1], "lays a card twice: Sneakers"),
        ({"A4": 1, "H9": 2}, "squares that are not on the grid: H9"),
        ({"A4": 1}, "gives no card for B3"),
    ],
)
def test_a_broken_layout_is_refused_clearly(raw, message):
    with pytest.raises(ValueError, match=message):
        parse_layout(raw, default_deck())
