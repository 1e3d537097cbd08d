"""Sign-up to the first turn (text, 1 and 2; rulings, "The grid", "Before the game").

2-6 players. Turn order: everyone rolls a die, highest first; players who tie re-roll among themselves, as
often as needed, to order their tie. The deck is laid face up in reading order (shuffled, or the moderator's
fixed layout). Placement: in turn order each player picks a free outer square (`placement = choose`); the
default is the first free square clockwise from ring position floor(i x 12 / N).
"""

from __future__ import annotations

from engine.events import Event
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.news import public
from engine.rulesets.battle_royale_cards.settings import CardSettings
from engine.rulesets.battle_royale_cards.state import CardState, Player, Turn
from engine.rulesets.battle_royale_cards.texts import say


class SetupError(ValueError):
    """The roster cannot start a game; the message is the reason, for the moderator."""


def new_game(roster: list[SignUp], settings: CardSettings, rng: RecordingRng) -> tuple[CardState, list[Event]]:
    count = len(roster)
    if count < settings.min_players:
        raise SetupError(say("too_few_players", minimum=settings.min_players, count=count))
    if count > settings.max_players:
        raise SetupError(say("too_many_players", maximum=settings.max_players, count=count))
    players = {s.seat: Player(seat=s.seat, name=s.name) for s in sorted(roster, key=lambda s: s.seat)}
    state = CardState(settings=settings, players=players)
    state.order = roll_off(state, sorted(players), rng, 0)
    ids = rng.shuffled(settings.deck.ids(), "layout") if settings.layout == "random" else list(settings.layout)
    state.board = dict(zip(grid.SQUARES, ids, strict=True))
    rolls = joined(", ", [f"{players[s].name} {'/'.join(map(str, players[s].roll))}" for s in state.order])
    events = [
        public("start", "game_starts", {"order": state.order}, count=count),
        public(
            "order",
            "turn_order",
            {"order": state.order},
            rolls=rolls,
            order=joined(", ", [players[s].name for s in state.order]),
        ),
    ]
    if settings.placement == "spread":
        while state.phase == "placement":
            place(state, state.order[state.placing], default_square(state, state.placing), events)
    else:
        events.append(
            public(
                "placement",
                "placement_turn",
                {"seat": state.order[0]},
                name=players[state.order[0]].name,
                squares=joined(", ", grid.RING),
            )
        )
    return state, events


def roll_off(state: CardState, seats: list[str], rng: RecordingRng, depth: int) -> list[str]:
    """Seats by falling roll; each tied group re-rolls among itself until ordered ("those players roll the
    dice again until one gets a higher result")."""
    label = "turn order roll" if depth == 0 else f"turn order re-roll {depth}"
    rolls = {s: rng.randint(1, 6, f"{label} {s}") for s in seats}
    for s in seats:
        state.players[s].roll.append(rolls[s])
    ordered: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == value]
        ordered += tied if len(tied) == 1 else roll_off(state, tied, rng, depth + 1)
    return ordered


def default_square(state: CardState, index: int) -> str:
    """The first free outer square clockwise from ring position floor(index x 12 / N)."""
    ring = grid.RING
    start = index * len(ring) // len(state.order)
    taken = {p.square for p in state.players.values()}
    return next(ring[(start + k) % len(ring)] for k in range(len(ring)) if ring[(start + k) % len(ring)] not in taken)


def place(state: CardState, seat: str, square: str, events: list[Event]) -> None:
    """Put `seat` on `square`; after the last player, the first turn begins."""
    player = state.players[seat]
    player.square = square
    events.append(public("placed", "placed", {"seat": seat, "square": square}, name=player.name, square=square))
    state.placing += 1
    if state.placing < len(state.order):
        nxt = state.players[state.order[state.placing]]
        events.append(
            public(
                "placement",
                "placement_turn",
                {"seat": nxt.seat},
                name=nxt.name,
                squares=joined(", ", [s for s in grid.RING if s not in _taken(state)]),
            )
        )
        return
    state.phase, state.round = "turn", 1
    start_turn(state, state.order[0], events)


def _taken(state: CardState) -> set[str]:
    return {p.square for p in state.players.values() if p.square is not None}


def start_turn(state: CardState, seat: str, events: list[Event]) -> None:
    state.turn = Turn(seat=seat)
    player = state.players[seat]
    key = "turn_starts" if player.alive else "turn_starts_dead"
    events.append(public("turn", key, {"seat": seat, "round": state.round}, name=player.name, round=state.round))
