"""Infinity: Intervention's front: what the bot shows of the combat (commands, choosers, cards, posts, rules),
over the player's own view. `game.FRONT` is the object the registry finds through the ruleset's `front_module`."""
