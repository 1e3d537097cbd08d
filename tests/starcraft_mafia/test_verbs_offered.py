"""The verbs a StarCraft Mafia player is offered are their class's (issue 33: "the verb select lists verbs the
class can't use"; "Players, teams, classes"): the orders card's Add an order and the `action` choices offer heal,
repair, probe, stim, cloak and sabotage only to a class with that ability, every class the verbs anyone has, and
a verb offered is never one validation then refuses for want of the ability."""

from __future__ import annotations

import pytest

from engine import registry
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.commands import ABILITY_OF

FRONT = registry.front("starcraft_mafia")


def _view(cls: str) -> dict:
    return {"phase": "day", "me": {"cls": cls, "seat": "p1"}}


@pytest.mark.parametrize("cls", [c.id for c in catalog().classes])
def test_a_class_is_offered_its_own_abilities_and_every_common_verb(cls):
    offered = {c.name for c in FRONT.orders.commands if FRONT.orders.offered(c, _view(cls))}
    abilities = set(catalog().cls(cls).abilities)
    for verb, ability in ABILITY_OF.items():
        assert (verb in offered) == (ability in abilities), (cls, verb)
    assert {"attack", "sleep", "nothing", "give", "pickup", "steal"} <= offered


def test_the_classes_differ_in_what_they_are_offered():
    offered = {
        cls.id: frozenset(c.name for c in FRONT.orders.commands if FRONT.orders.offered(c, _view(cls.id)))
        for cls in catalog().classes
    }
    assert len(set(offered.values())) > 1


def test_every_ability_verb_names_an_ability_of_the_table():
    known = {a.id for a in catalog().abilities}
    assert set(ABILITY_OF.values()) <= known
    assert set(ABILITY_OF) <= {c.name for c in FRONT.orders.commands}
