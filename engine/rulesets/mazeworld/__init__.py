"""Mazeworld combat (`mazeworld-mechanics.txt` and `mazeworld-rulings.md`), a GM-run game: the pure engine
(`ruleset.py`: settings, data tables, state, orders, validation, the turn's resolution, views, scripted
policies), its dice words for `/roll` (`dice.py`, the front's `dice`) and the front (`front/`: commands,
choosers, cards, posts, the roster file, computer players, studies); registered in engine/registry.py. See
docs/rules/mazeworld.md."""

from engine.registry import register
from engine.rulesets.mazeworld.ruleset import RULESET as _RULESET

RULESET = register(_RULESET)

__all__ = ["RULESET"]
