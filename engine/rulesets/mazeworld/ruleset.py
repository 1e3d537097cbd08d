"""The Mazeworld ruleset object: the engine contract over this package's modules. A GM-run game: players
control contestants (id = their seat), the game master the NPCs; one `resolve` is one combat turn.
Registered by the package (`__init__`); its front is `front/` (`front_module`)."""

from __future__ import annotations

from typing import Any

from engine.keyed import named
from engine.rng import RecordingRng
from engine.ruleset import Actor, Resolution, Ruleset, SignUp
from engine.rulesets.mazeworld.autoplayer import npc_orders
from engine.rulesets.mazeworld.catalog import DOMAIN, catalog
from engine.rulesets.mazeworld.moderation import moderate
from engine.rulesets.mazeworld.orders import MazeOrders, Skip
from engine.rulesets.mazeworld.play import PLAY
from engine.rulesets.mazeworld.resolve import awaited, resolve_turn
from engine.rulesets.mazeworld.roster import build_state, sheet_for
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.state import MazeState
from engine.rulesets.mazeworld.turn import Turn
from engine.rulesets.mazeworld.validate import gm_orders_after_combat, validate
from engine.rulesets.mazeworld.view import gm_view, public_view, view


class Mazeworld(Ruleset[MazeState, MazeOrders, MazeworldSettings]):
    name = "mazeworld"
    version = "0"
    title = "Mazeworld"
    min_players = 1
    max_players = 8
    step_hours = 24
    step_hours_setting = "turn_hours"  # rulings "The turn": "Deadline `turn_hours = 24`" sets each turn's deadline
    state_model = MazeState
    orders_model = MazeOrders
    settings_model = MazeworldSettings
    front_module = "engine.rulesets.mazeworld.front.game"
    play = PLAY

    def new_game(self, roster: list[SignUp], settings: MazeworldSettings, rng: RecordingRng) -> Resolution[MazeState]:
        """Contestants from their sheets (the roster's sheet under the player's name, else a sign-up's `sheet`
        request, else the demo's sheet named after them)
        against the settings' encounter; the creature counts go to the moderators."""
        start = len(rng.rolls)
        sheets = {}
        for signup in sorted(roster, key=lambda s: s.seat):
            sheets[signup.seat] = sheet_for(signup.name, signup.requests.get("sheet"), settings.encounter)
        state = build_state(sheets, settings.encounter, settings, rng)
        turn = Turn(state, rng)
        made = {c.species for c in state.creatures if c.controller is None}
        for group in settings.encounter.groups:
            if group.species in made:
                made.discard(group.species)
                count = sum(1 for c in state.creatures if c.species == group.species and c.controller is None)
                dice = group.count or catalog().species[group.species].count
                turn.moderators(
                    "count",
                    "count",
                    {"species": group.species, "count": count},
                    species=named(DOMAIN, "creature", group.species),
                    count=count,
                    dice=dice,
                )
        return Resolution(state=state, events=turn.events, rolls=rng.rolls[start:])

    def awaiting(self, state: MazeState) -> list[str]:
        return awaited(state)

    def actors(self, state: MazeState) -> list[Actor]:
        return [Actor(c.id, c.name, c.controller) for c in state.creatures if c.controller is None]

    def orders_anytime(self, state: MazeState, seat: str) -> bool:
        """After a moderator ended combat the NPCs are not awaited, but from the next turn on a moderator may still
        order a hostile one (an attack starts combat again)."""
        found = state.get(seat)
        return found is not None and gm_orders_after_combat(state, found)

    def validate(self, state: MazeState, seat: str, orders: MazeOrders) -> str | None:
        return validate(state, seat, orders)

    def default_orders(self, state: MazeState, seat: str) -> MazeOrders:
        return MazeOrders(action=Skip())

    def npc_orders(self, state: MazeState, actor_id: str, rng: RecordingRng) -> MazeOrders:
        return npc_orders(state, actor_id)

    def resolve(self, state: MazeState, orders: dict[str, MazeOrders], rng: RecordingRng) -> Resolution[MazeState]:
        start = len(rng.rolls)
        new, turn = resolve_turn(state, orders, rng)
        return Resolution(state=new, events=turn.events, rolls=rng.rolls[start:])

    def view(self, state: MazeState, seat: str) -> dict[str, Any]:
        return view(state, seat)

    def public_view(self, state: MazeState) -> dict[str, Any]:
        return public_view(state)

    def gm_view(self, state: MazeState) -> dict[str, Any]:
        return gm_view(state)

    def is_over(self, state: MazeState) -> bool:
        return state.phase == "over"

    def moderate(self, state: MazeState, action: str, params: dict[str, Any]) -> Resolution[MazeState]:
        return moderate(state, action, params)

    def actor_name(self, state: MazeState, seat: str) -> str | None:
        found = state.get(seat)
        return found.name if found else None


RULESET = Mazeworld()
