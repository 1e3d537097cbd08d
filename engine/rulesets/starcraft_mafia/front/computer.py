"""StarCraft Mafia's computer players at sign-up (`brbot simulate`, the benchmarks) and the studies of
`brbot balance`: win rates by team and player count, mean game length, and how often each order is given.

The computer players themselves are the ruleset's (`StarCraftMafia.computer_orders`, autoplayer.py). The
studies play whole games in memory with the engine alone, each game from its own seed derived from the
study's seed, so the same seed gives the same figures.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.texts import text
from engine.rulesets.starcraft_mafia.orders import Attack, DayOrders
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.study import play

NAMES = [
    "Raynor", "Kerrigan", "Tychus", "Mengsk", "Duke", "Stetmann", "Swann", "Hanson", "Horner", "Matt",
    "Tosh", "Nova", "Findlay", "Warfield", "Valerian", "Selendis", "Zeratul", "Fenix", "Artanis", "Stukov",
]  # fmt: skip
REQUEST_CHANCE = 30  # % of computer players who ask for a class
GAMES_MAX = 100  # a study plays at most this many games per player count, whatever `--trials` asks
PLAYER_COUNTS = range(5, 21)
FAIR = 50.0  # the "expected" win rate of each team: a fair share (issue 11: neither under 25% at 8-12)


def roster(players: int, rng: RecordingRng) -> list[SignUp]:
    """Sign-ups named after StarCraft's people; some ask for a class (by id, as `/join role:` does)."""
    classes = catalog().class_ids()
    out = []
    for index in range(players):
        seat = f"p{index:03d}"
        name = NAMES[index] if index < len(NAMES) else f"Soldier {index + 1}"
        requests: dict[str, Any] = {}
        if rng.percent(REQUEST_CHANCE, f"sim class request {seat}"):
            requests = {"role": rng.choice(classes, f"sim class pick {seat}")}
        out.append(SignUp(seat=seat, name=name, requests=requests))
    return out


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
    """One whole game with computer players (`study.play`): (final state, order kinds counted, orders given)."""
    counted: Counter[str] = Counter()
    given = 0

    def tally(orders: dict[str, DayOrders]) -> None:
        nonlocal given
        for o in orders.values():
            counted.update(action_kinds(o))
            given += 1

    state = play(players, seed, settings, signups=roster, watch=tally)
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
