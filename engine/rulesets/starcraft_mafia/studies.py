"""StarCraft Mafia's balance studies (issue 11: "both teams win a fair share"), for `brbot balance` and the tests.

Pure like the rest of the engine: `play(players, seed, settings)` plays one game with `autoplayer.orders_for`
for every seat and returns the final state; `outcomes(counts, games, seed, settings)` tallies the ends
(`human`, `infested`, `draw`) per player count. `studies` is what `brbot balance --ruleset starcraft_mafia`
prints: win rates by team and player count, mean game length, and how often each order is given, each game
played with the named sign-ups (`signups.py`) from its own seed derived from the study's, so the same seed gives
the same figures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.autoplayer import orders_for
from engine.rulesets.starcraft_mafia.front.texts import text
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.resolve import resolve_day
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.setup import new_game
from engine.rulesets.starcraft_mafia.signups import roster as named_roster
from engine.rulesets.starcraft_mafia.state import SCMState

GAMES_MAX = 100  # a study plays at most this many games per player count, whatever `--trials` asks
PLAYER_COUNTS = range(5, 21)
FAIR = 50.0  # the "expected" win rate of each team: a fair share (issue 11: neither under 25% at 8-12)


def roster(players: int) -> list[SignUp]:
    """`players` sign-ups with no class request (classes are then spread evenly by the rulings' draw)."""
    return [SignUp(seat=f"s{i:02d}", name=f"Soldier {i + 1}", requests={}) for i in range(players)]


def play(
    players: int,
    seed: int,
    settings: SCMSettings | None = None,
    signups: Callable[[int, RecordingRng], list[SignUp]] | None = None,
    watch: Callable[[dict[str, DayOrders]], None] | None = None,
) -> SCMState:
    """One game from sign-up to its end, every seat ordered by the scripted player. `signups(players, rng)`
    makes the roster (default: `roster`, no class requests); `watch` sees each day's orders."""
    rng = RecordingRng(seed, record=False)
    state, _ = new_game(signups(players, rng) if signups else roster(players), settings or SCMSettings(), rng)
    while state.phase != "over":
        orders = {p.id: orders_for(state, p.id, rng) for p in state.living()}
        if watch is not None:
            watch(orders)
        state, _ = resolve_day(state, orders, rng)
    return state


def outcomes(
    counts: Iterable[int], games: int, seed: int = 0, settings: SCMSettings | None = None
) -> dict[int, Counter[str]]:
    """Per player count, how many of `games` games ended `human`, `infested` or `draw` (seeds from `seed`)."""
    table: dict[int, Counter[str]] = {}
    for n in counts:
        ends: Counter[str] = Counter()
        for g in range(games):
            final = play(n, seed + 1000 * n + g, settings)
            ends[final.end_reason or "draw"] += 1
        table[n] = ends
    return table


def action_kinds(orders: DayOrders) -> list[str]:
    """The kinds of order a day's orders give, as the action study counts them."""
    main: str = orders.main.kind
    if isinstance(orders.main, Attack):
        main = "infest" if orders.main.infest else ("attack (Zerg)" if orders.main.zerg else "attack")
    kinds = [main]
    kinds += [slot for slot in ("give", "pickup", "steal") if getattr(orders, slot) is not None]
    if orders.offensive is not None:
        kinds.append(orders.offensive.kind)
    if orders.vote is not None:
        kinds.append("vote")
    return kinds


def play_one(players: int, seed: int, settings: SCMSettings | None = None) -> tuple[SCMState, Counter[str], int]:
    """One whole game with computer players (`play`): (final state, order kinds counted, orders given)."""
    counted: Counter[str] = Counter()
    given = 0

    def tally(orders: dict[str, DayOrders]) -> None:
        nonlocal given
        for o in orders.values():
            counted.update(action_kinds(o))
            given += 1

    state = play(players, seed, settings, signups=named_roster, watch=tally)
    return state, counted, given


def studies(trials: int, seed: int, settings: dict[str, Any] | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """Win rates (infested, uninfested, draw) and mean length by player count; % of orders of each kind; with
    the house rules `settings` (`brbot balance --set day_vote=true`), else the rulings' defaults."""
    games = max(1, min(trials, GAMES_MAX))
    rules = SCMSettings.model_validate(settings or {})
    wins: dict[str, dict[str, Any]] = {}
    length: dict[str, dict[str, Any]] = {}
    counted: Counter[str] = Counter()
    given = 0
    for n in PLAYER_COUNTS:
        ends: Counter[str] = Counter()
        days = 0
        for g in range(games):
            state, kinds, orders = play_one(n, seed * 1_000_003 + n * 10_007 + g, rules)
            ends[state.end_reason or "draw"] += 1
            days += state.day
            counted += kinds
            given += orders
        for team in ("infested", "human"):
            row = text("row_win", players=n, team=text(f"team_{team}"))
            wins[row] = {"measured": 100.0 * ends[team] / games, "expected": FAIR}
        wins[text("row_draw", players=n)] = {"measured": 100.0 * ends["draw"] / games, "expected": 0.0}
        length[text("row_length", players=n)] = {"measured": days / games, "expected": 0.0}
    actions = {
        text("row_action", action=kind): {"measured": 100.0 * count / max(given, 1), "expected": 0.0}
        for kind, count in sorted(counted.items())
    }
    return {
        text("study_wins", games=games): wins,
        text("study_length", games=games): length,
        text("study_actions", games=games): actions,
    }
