"""The games by name: `get("battle_royale")` is the ruleset, `front("battle_royale")` what the bot shows of it.

The project's own games are listed in `BUILT_IN` (name -> package) and imported when first asked for. A
package outside the project adds a game through the entry-point group `brbot.rulesets`: each entry point
names a `Ruleset` object (`my_game.rules:RULESET`), loaded when the games are listed or one is asked for by
name. `register` adds a ruleset directly (the tests' own games use it).
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass

from engine import DEFAULT_GAME
from engine.dice.words import DiceWords, Vocabulary
from engine.front import Front
from engine.ruleset import Ruleset

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "brbot.rulesets"
BUILT_IN = {
    "battle_royale": "engine.rulesets.battle_royale",
    "starcraft_mafia": "engine.rulesets.starcraft_mafia",
    "mazeworld": "engine.rulesets.mazeworld",
    "battle_royale_cards": "engine.rulesets.battle_royale_cards",
    "infinity_intervention": "engine.rulesets.infinity_intervention",
}
# Dice words of built-in games whose ruleset is not installed yet (module -> its `DICE`): `/roll` knows them
# outside any game's channel. A game that is installed declares its words as its front's `dice` instead.
DICE_ONLY: dict[str, str] = {}
DEFAULT = DEFAULT_GAME  # the game a new game or a command plays when none is named (`engine.DEFAULT_GAME`)

_RULESETS: dict[str, Ruleset] = {}
_FRONTS: dict[str, Front] = {}
_plugins_loaded = False


def register(ruleset: Ruleset, front: Front | None = None) -> Ruleset:
    """Add a game; `front` is given directly or found later through the ruleset's `front_module`."""
    _RULESETS[ruleset.name] = ruleset
    if front is not None:
        _FRONTS[ruleset.name] = front
    else:
        _FRONTS.pop(ruleset.name, None)
    return ruleset


def unregister(name: str) -> None:
    """Remove a game added with `register` (the tests' own games)."""
    _RULESETS.pop(name, None)
    _FRONTS.pop(name, None)


def _load_plugins() -> None:
    """Register the rulesets of installed packages' `brbot.rulesets` entry points, once. A plug-in that fails
    to load is logged and left out: one broken package never stops the others."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points  # here: a built-in game alone never needs it (its import is not light)

    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _RULESETS or point.name in BUILT_IN:
            continue
        try:
            loaded = point.load()
        except Exception:
            log.exception("the game %r (entry point %s) could not be loaded", point.name, point.value)
            continue
        if isinstance(loaded, Ruleset):
            register(loaded)
        else:
            log.error("the entry point %s of %s is not a Ruleset", point.value, ENTRY_POINT_GROUP)


def get(name: str) -> Ruleset:
    if name not in _RULESETS and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])
    if name not in _RULESETS:
        _load_plugins()
    try:
        return _RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known rulesets: {', '.join(names())}") from None


def front(name: str) -> Front:
    """The front of a game: declared by its ruleset's `front_module` (imported once), or registered with it."""
    if name not in _FRONTS:
        module = get(name).front_module
        _FRONTS[name] = importlib.import_module(module).FRONT if module else Front(title=get(name).title or name)
    return _FRONTS[name]


def title(name: str) -> str:
    """A game's title as players read it ("Battle Royale"), or its name when it has none or is not installed
    any more (a finished game of a game since removed still shows on profiles and pages)."""
    try:
        return front(name).title or name
    except KeyError:
        return name


def names() -> list[str]:
    _load_plugins()
    return sorted(set(_RULESETS) | set(BUILT_IN))


@dataclass(frozen=True)
class Listed:
    """A game as `brbot rulesets` lists it."""

    name: str
    title: str
    version: str
    players: str
    pacing: str


def listing() -> list[Listed]:
    """Every installed game: name, title, version, how many players, and how its turns go."""
    out = []
    for name in names():
        ruleset = get(name)
        most = ruleset.max_players
        players = f"{ruleset.min_players}+" if most is None else f"{ruleset.min_players}-{most}"
        out.append(
            Listed(
                name=name, title=ruleset.title or name, version=ruleset.version, players=players, pacing=ruleset.pacing
            )
        )
    return out


def fronts() -> dict[str, Front]:
    """The front of every installed game, by name (the bot builds its commands from all of them)."""
    return {name: front(name) for name in names()}


def dice_words() -> dict[str, DiceWords]:
    """Every installed game's dice words (its front's `dice`), and those of `DICE_ONLY`, by game name."""
    found = {name: words for name, front in fronts().items() if (words := front.dice) is not None}
    for name, module in DICE_ONLY.items():
        found.setdefault(name, importlib.import_module(module).DICE)
    return found


def dice_vocabulary(game: str | None) -> Vocabulary:
    """The dice words `/roll` knows: in a game's channel that game's own (none if it declares none);
    anywhere else every game's that declares some (in name order, the first wins a name two games use)."""
    if game is not None:
        words = front(game).dice if game in names() else dice_words().get(game)
        return Vocabulary((words,) if words is not None else ())
    return Vocabulary(tuple(words for _, words in sorted(dice_words().items())))
