"""Shared helpers for the StarCraft Mafia tests: rosters, a seeded new game, hand-built states."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.setup import new_game
from engine.rulesets.starcraft_mafia.state import Player, SCMState


def signup(seat: str, cls: str | None = None) -> SignUp:
    return SignUp(seat=seat, name=seat.upper(), requests={"cls": cls} if cls else {})


def roster(n: int, cls: str | None = None) -> list[SignUp]:
    return [signup(f"p{i:02d}", cls) for i in range(n)]


def game(players: list[SignUp], seed: int = 1, **settings):
    return new_game(players, SCMSettings(**settings), RecordingRng(seed))


def player(state: SCMState, seat: str, cls: str, team: str = "human") -> Player:
    """Put a fresh player of `cls` (with the class's starting items) into a hand-built state."""
    defn = catalog().cls(cls)
    p = Player(
        id=seat,
        name=seat.upper(),
        cls=cls,
        team=team,  # type: ignore[arg-type]
        suit_hp=defn.suit.hp,
        suit_max=defn.suit.hp,
        body_hp=defn.body.hp,
        body_max=defn.body.hp,
        zerg_hp=catalog().zerg.body.hp if team == "infested" else None,
        infested_day=0 if team == "infested" else None,
    )
    p.items = [state.new_item(kind) for kind in defn.items]
    state.players[seat] = p
    return p


def table(*specs: tuple[str, str] | tuple[str, str, str]) -> SCMState:
    """A state with the given (seat, class[, team]) players, on Day 1."""
    state = SCMState()
    for spec in specs:
        player(state, *spec)
    state.players = dict(sorted(state.players.items()))
    return state


def item_of(state: SCMState, seat: str, kind: str) -> str:
    return next(i.uid for i in state.players[seat].items if i.kind == kind)
