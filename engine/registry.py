"""Rulesets by name: `get("battle_royale")` returns the ruleset object."""
from __future__ import annotations

import importlib

from engine.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}
_KNOWN_PACKAGES = {"battle_royale": "engine.rulesets.battle_royale"}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> Ruleset:
    if name not in _RULESETS and name in _KNOWN_PACKAGES:
        importlib.import_module(_KNOWN_PACKAGES[name])
    try:
        return _RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(set(_RULESETS) | set(_KNOWN_PACKAGES)))
        raise KeyError(f"unknown ruleset {name!r}; known rulesets: {known}") from None


def names() -> list[str]:
    return sorted(set(_RULESETS) | set(_KNOWN_PACKAGES))
