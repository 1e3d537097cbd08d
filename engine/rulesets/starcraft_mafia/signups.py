"""StarCraft Mafia's computer players at sign-up (`brbot simulate`, the benchmarks, `brbot balance`): names
after StarCraft's people, some asking for a class (only one the setup puts in play). Their orders are the
ruleset's (`autoplayer.py`)."""

from __future__ import annotations

from typing import Any

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.setup import class_weights

NAMES = [
    "Raynor", "Kerrigan", "Tychus", "Mengsk", "Duke", "Stetmann", "Swann", "Hanson", "Horner", "Matt",
    "Tosh", "Nova", "Findlay", "Warfield", "Valerian", "Selendis", "Zeratul", "Fenix", "Artanis", "Stukov",
]  # fmt: skip
REQUEST_CHANCE = 30  # % of computer players who ask for a class


def roster(players: int, rng: RecordingRng, settings: Any = None) -> list[SignUp]:
    """Sign-ups named after StarCraft's people; some ask for a class (by id, as `/join role:` does), one of those
    the (parsed) `settings` put in play (`setup.class_weights`: every class without a setup's choice)."""
    classes = list(class_weights(settings))
    out = []
    for index in range(players):
        seat = f"p{index:03d}"
        name = NAMES[index] if index < len(NAMES) else f"Soldier {index + 1}"
        requests: dict[str, Any] = {}
        if rng.percent(REQUEST_CHANCE, f"sim class request {seat}"):
            requests = {"role": rng.choice(classes, f"sim class pick {seat}")}
        out.append(SignUp(seat=seat, name=name, requests=requests))
    return out
