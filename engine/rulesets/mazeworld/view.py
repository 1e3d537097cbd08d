"""What one player may know (rulings "Visibility"): their own sheets in full (Pain %, limbs, ammunition,
cleanliness); of everyone else only what is public: name, side, cover and conditions in words, never an NPC's
numbers; an enemy in stealth on another side is not seen (nor offered as a target). `public_view` is what
anyone may know (the picture posted in the channel): everyone present and not in stealth, in words. `gm_view`
is the moderators' whole picture."""

from __future__ import annotations

from typing import Any

from engine.rulesets.mazeworld.damage import conditions
from engine.rulesets.mazeworld.rules import hostile
from engine.rulesets.mazeworld.state import Creature, MazeState


def public_card(me: Creature) -> dict[str, Any]:
    return {
        "id": me.id,
        "name": me.name,
        "species": me.species,
        "team": me.team,
        "side": me.side,
        "cover": me.cover,
        "conditions": conditions(me),
    }


def unseen(c: Creature, mine: list[Creature]) -> bool:
    """In stealth on a side none of `mine` stands on, and an enemy of theirs ("Stealth": not targetable from
    other sides): a player's contestant does not see a hidden wolf, nor the game master's wolf (ordered with
    `as`) a hidden contestant. With no creature of one's own, hidden hostiles are unseen."""
    if not c.stealth or c.side in {m.side for m in mine}:
        return False
    return any(hostile(m, c) for m in mine) if mine else c.team == "hostile"


def view(state: MazeState, seat: str) -> dict[str, Any]:
    """The view of a player's seat, or of an NPC's id (what the game master orders it from, with `as`)."""
    npc = state.get(seat)
    mine = [npc] if npc is not None and npc.controller is None else state.of_seat(seat)
    own = {c.id for c in mine}
    others = [
        public_card(c) for c in state.creatures if c.id not in own and c.status != "escaped" and not unseen(c, mine)
    ]
    return _shaped(state, seat, [c.model_dump(mode="json") for c in mine], others)


def public_view(state: MazeState) -> dict[str, Any]:
    """The view of no one's seat, for the game's channel: the same shape as `view` with nothing of one's own
    (`mine` empty), and of the creatures only the public card of those present and not in stealth (a
    creature in stealth is not announced in public, whatever its team: docs/rules/mazeworld.md)."""
    return _shaped(
        state, None, [], [public_card(c) for c in state.creatures if c.status != "escaped" and not c.stealth]
    )


def _shaped(
    state: MazeState, you: str | None, mine: list[dict[str, Any]], others: list[dict[str, Any]]
) -> dict[str, Any]:
    """A view: whose it is, the turn, the phase, each side's cover, one's own sheets, the others, the kills."""
    return {
        "you": you,
        "turn": state.day,
        "phase": state.phase,
        "cover": {str(k): v for k, v in state.cover.items()},
        "mine": mine,
        "others": others,
        "tally": state.tally,
    }


def gm_view(state: MazeState) -> dict[str, Any]:
    return state.model_dump(mode="json")
