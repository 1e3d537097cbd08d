"""Provably fair randomness and order receipts.

When a day opens, a secret seed is drawn and its SHA-256 commitment published with the day; the day's
public results reveal the seed, so anyone can check the commitment and re-run the day (`brbot verify`).
Each accepted order gets a receipt: a short hash of the order, where it was given (the game, the day or
step, the seat) and the player's secret salt, which the player can check against the published log once the
game is over. Binding the game, day and seat means no receipt can stand for the same order given on another
day or in another game. Orders stored before that (migration 0009) keep their version 1 receipts, a hash of
the order and the salt alone, and still check (`Order.receipt_version`).
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


RECEIPT_VERSION = 2  # the receipts given now; version 1: before migration 0009


def receipt(
    payload: dict[str, Any] | None, salt: str, game_id: int, day: int, seat: str, version: int = RECEIPT_VERSION
) -> str:
    """The receipt of an order (None: withdrawn) for `seat` on `day` (the step) of game `game_id`: the first 12
    hex digits of the SHA-256 of `{"day":…,"game":…,"order":…,"seat":…}` (canonical JSON) followed by the
    salt. Version 1 (orders stored before migration 0009) hashed the order alone with the salt."""
    if version == 1:
        bound = canonical(payload)
    else:
        bound = canonical({"day": day, "game": game_id, "order": payload, "seat": seat})
    return hashlib.sha256((bound + salt).encode()).hexdigest()[:12]


def outcome_hash(state: dict[str, Any] | None, events: list[dict[str, Any]]) -> str:
    return hash_of_canonical(canonical({"state": state, "events": events}))


def hash_of_canonical(text: str) -> str:
    """The hash of a `canonical` text: `outcome_hash` of a state and events whose text was already made."""
    return hashlib.sha256(text.encode()).hexdigest()
