"""Provably fair randomness and order receipts.

When a day opens, a secret seed is drawn and its SHA-256 commitment published with the day; the day's
public results reveal the seed, so anyone can check the commitment and re-run the day (`brbot verify`).
Each accepted order gets a receipt: a short hash of the order and the player's secret salt, which the
player can check against the published log once the game is over.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from engine.rng import RecordingRng

SeedSource = Callable[[], str]


def new_seed() -> str:
    """A fresh secret seed from the operating system's CSPRNG."""
    return secrets.token_hex(32)


def seeded_source(seed: int) -> SeedSource:
    """A reproducible seed source for simulations and tests (never for real games)."""
    import random

    generator = random.Random(seed)
    return lambda: f"{generator.getrandbits(256):064x}"


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def rng_for(seed: str) -> RecordingRng:
    return RecordingRng(int(seed, 16))


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def receipt(payload: dict[str, Any] | None, salt: str) -> str:
    return hashlib.sha256((canonical(payload) + salt).encode()).hexdigest()[:12]


def outcome_hash(state: dict[str, Any] | None, events: list[dict[str, Any]]) -> str:
    return hashlib.sha256(canonical({"state": state, "events": events}).encode()).hexdigest()
