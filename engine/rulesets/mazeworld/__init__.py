"""Mazeworld combat (`mazeworld-mechanics.txt` and `mazeworld-rulings.md`), a GM-run game: the pure engine
(`ruleset.py`: settings, data tables, state, orders, validation, the turn's resolution, views, scripted
policies) and its dice words for `/roll` (`dice.py`). Not registered yet: the Discord front is still to be
built (docs/rules/mazeworld.md); whoever registers it declares `DICE` as its front's `dice`."""
