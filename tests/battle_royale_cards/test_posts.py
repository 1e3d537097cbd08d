"""Issue 23, the card game's posts as the channel reads them: a step told in the order it happened (a card
attack above the end of the turn it ended), a failed card attack's death under Cards, a battle's spoils told
once. Each step's public events are placed by the game's front and rendered by the bot's delivery, as
`write_events` and the outbox worker do."""

from __future__ import annotations

from bot.delivery.render import render
from bot.services.common import placement
from engine.rulesets.battle_royale_cards.front.game import FRONT
from tests.battle_royale_cards.helpers import Dice, ready, square_of, step
from tests.bot.test_render import Rows

CARD = {"kind": "attack_card"}
FIGHT = {"kind": "attack_player", "target": "s1"}


def post_fields(events: list, day: int = 2) -> list[tuple[str, str]]:
    """The headline's fields of the step's channel post: (heading, text) in the order shown."""
    rows = Rows()
    for event in events:
        if event.audience.kind == "public":
            rows.add(event.text, event.kind, day, "step").payload |= placement(FRONT, event.kind, day)
    ((post,),) = [p.messages for p in render(rows.rows)]
    return [field for embed in post.embeds for field in embed.fields]


def test_a_step_is_told_in_the_order_it_happened():
    """Text, 3.2: a player's last action ends his turn; his card attack stands above "ends the turn" and the
    next player's turn, not below them because Turns ranks first."""
    state = ready(at={"s0": square_of(8)}, actions=1)  # Four-Leaf Clover, worth 9; the last action
    _, events = step(state, "s0", Dice(faces=[2, 3, 4]), step=CARD)
    fields = post_fields(events)
    headings = [name for name, _ in fields]
    assert headings == ["Cards", "Turns"], fields
    assert fields[0][1].startswith("P0 attacks the card on") and "P0 ends the turn." in fields[1][1]


def test_a_failed_card_attacks_death_stands_under_cards():
    """Text, 3.3: "If the player fails to win the card, he dies": told with the attack, under Cards (not
    under Battles: there was no battle)."""
    state = ready(at={"s0": square_of(8)})
    _, events = step(state, "s0", Dice(faces=[1, 2, 5]), step=CARD)
    fields = post_fields(events)
    assert "Battles" not in [name for name, _ in fields]
    assert fields[0][0] == "Cards" and "P0 fails and dies" in fields[0][1], fields


def test_a_battles_spoils_are_told_once():
    """Text, 3.4: the winner takes one card of the loser: the post says it once, where the card went."""
    state = ready(at={"s0": "D4", "s1": "D4"}, active={"s0": [1], "s1": [9]})
    _, events = step(state, "s0", Dice(faces=[6, 1] * 3), step=FIGHT)
    public = [e.text for e in events if e.audience.kind == "public"]
    named = [line for line in public if "Crowbar" in line]
    assert named == ["P0 takes Crowbar from P1 and equips it."], public
