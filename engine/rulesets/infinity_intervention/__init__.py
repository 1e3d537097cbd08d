"""Infinity: Intervention combat (GM-run, one post at a time, face-offs, Infinity Points and Heat): the pure
engine and its front; registered in engine/registry.py. Modules: `settings` (the rulings' house rules), `catalog`
(items and roster YAML, the sheet schema), `state`, `orders`, `rolls` (TN, critical range, saves), `faceoff`,
`attack`, `post` (one post's actions), `turns` (post order, turns, the end), `script` (scripted actors), `heat`
(moderator actions), `view`, `texts`, `ruleset` (the contract), `front/` (commands, choosers, cards, posts,
computer players, studies). See docs/rules/infinity-intervention.md.
"""

from engine.registry import register
from engine.rulesets.infinity_intervention.ruleset import RULESET as _RULESET

RULESET = register(_RULESET)

__all__ = ["RULESET"]
