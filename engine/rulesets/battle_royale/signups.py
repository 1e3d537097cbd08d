"""Battle Royale's computer players at sign-up: names and a few role requests, for `brbot simulate`, the
benchmarks and the property tests (a Lovers pair, some Lone Wolf requests, some Rivals)."""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale.selection import offered

NAMES = [
    "Mrblarney",
    "Precisionk",
    "Funkywaltdogg",
    "Infidel",
    "Darian",
    "Egos",
    "JaysonFour",
    "Lucedes",
    "The Anonymous",
    "Void Slayer",
    "Ringo",
    "Frostmist",
    "Daius",
    "Snowdown",
    "Gumpy",
    "adventfalls",
    "Mundanesoul",
    "durax",
    "smeej",
    "jdarksun",
]


def roster(players: int, rng: RecordingRng, settings: Any = None) -> list[SignUp]:
    """Sign-ups with a few role requests: one Lovers pair, some Lone Wolf requests, some Rivals; a role the
    (parsed) `settings` leave out of play is never asked for (nor its chance rolled)."""
    roles = offered(settings)
    lovers = roles is None or "lovers" in roles
    wolves = roles is None or "lone_wolf" in roles
    ids = [f"p{i:03d}" for i in range(players)]
    out = []
    for index, pid in enumerate(ids):
        name = NAMES[index] if index < len(NAMES) else f"Student {index + 1}"
        requests: dict = {}
        if index in (0, 1) and players >= 4 and lovers:
            requests = {"role": "lovers", "lover": ids[1 - index]}
        elif wolves and rng.percent(15, f"sim lone wolf request {pid}"):
            requests = {"role": "lone_wolf"}
        candidates = [i for i in ids[2:] if i != pid]
        if candidates and rng.percent(20, f"sim rival {pid}"):
            requests["rival"] = rng.choice(candidates, f"sim rival pick {pid}")
        out.append(SignUp(seat=pid, name=name, requests=requests))
    return out
