"""The pure, deterministic rules engine: no I/O, no clock, no global random.

Each ruleset lives in its own package under `engine.rulesets` and registers itself by name
(see `engine.registry`). Everything the engine needs from chance comes from the rng it is given.
"""

DEFAULT_GAME = "battle_royale"  # the game a new game or a command plays when none is named
