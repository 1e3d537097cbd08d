"""What a sensible player concludes from what he may know (a seat's `view`), for the scripted players.

Nothing here reads the hidden state. Public clues are the same for everyone, so every uninfested player who
reasons from them picks the same suspect: that is how scripted players, who cannot talk, still gang up and
vote together, as a mafia town does in its thread.

- `known_infested(view)`: living players the seat knows are infested: revealed by a public transformation
  (rulings, "Public": transformations are posted), or read "infested" by the seat's own Psychic Probe.
- `cleared(view)`: living players the seat's own probe read as clean.
- `consensus(view, exclude)`: the public suspect: a revealed infested first (the weakest Zerg form, which
  dies soonest), else the player whose human form is untouched (a Zerg attack leaves the attacker's human
  form whole, while the uninfested take hits in their fights), ties broken by a public draw of the day (a
  hash of day and seat, the same for everyone: no private rng, so all agree).
"""

from __future__ import annotations

import zlib
from collections.abc import Collection
from typing import Any

from engine.rulesets.starcraft_mafia.catalog import catalog

Entry = dict[str, Any]


def living(view: dict[str, Any]) -> list[Entry]:
    return [p for p in view["players"] if p["alive"]]


def full_hp(p: Entry) -> tuple[int, int]:
    """A class's (suit, body) maximum: classes are public, so everyone knows them."""
    defn = catalog().cls(p["cls"])
    return defn.suit.hp, defn.body.hp


def readings(me: Entry) -> dict[str, bool]:
    """The seat's own probe readings (the ghost's): target -> infested, the latest reading kept."""
    return {r["target"]: r["infested"] for r in me.get("readings", []) if r["infested"] is not None}


def revealed(p: Entry) -> bool:
    """Shown infested in public: a transformation was posted (or the human form is at 0 body HP, which only an
    infested can survive)."""
    return p.get("revealed_day") is not None or p.get("body_hp") == 0


def known_infested(view: dict[str, Any]) -> list[Entry]:
    read = readings(view.get("me") or {})
    return [p for p in living(view) if revealed(p) or read.get(p["seat"])]


def cleared(view: dict[str, Any]) -> set[str]:
    read = readings(view.get("me") or {})
    return {seat for seat, infested in read.items() if not infested}


def draw(day: int, seat: str) -> int:
    return zlib.crc32(f"{day}:{seat}".encode())


def untouched(view: dict[str, Any], p: Entry) -> bool:
    return view["day"] > 1 and (p["suit_hp"], p["body_hp"]) == full_hp(p)


def ranking(view: dict[str, Any], exclude: Collection[str] = ()) -> list[Entry]:
    """The living (less `exclude`), most suspect first, by public clues only (so every seat agrees)."""
    pool = [p for p in living(view) if p["seat"] not in exclude]
    return sorted(pool, key=lambda p: (not revealed(p), not untouched(view, p), draw(view["day"], p["seat"])))


def consensus(view: dict[str, Any], exclude: Collection[str] = ()) -> Entry | None:
    ranked = ranking(view, exclude)
    return ranked[0] if ranked else None
