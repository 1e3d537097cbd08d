"""Mazeworld combat (`mazeworld-mechanics.txt` and `mazeworld-rulings.md`). So far only its dice words
(`dice.py`: the @bodyaim and @critwin tables and the FT/IR bands of "Attack rolls"); the ruleset is not
registered yet, and whoever builds it declares `DICE` as its front's `dice`."""
