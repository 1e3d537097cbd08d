"""StarCraft Mafia (issue 11): a hidden-team game of soldiers and Infested Terrans, one 24-hour day per turn.

Work in progress: the settings, the data tables, the state, the set-up and the day's order validation are
built; the day's resolution is not, and the game is deliberately not registered (engine/registry.py), so it
does not appear in `brbot rulesets` or on Discord. See docs/rules/starcraft-mafia.md.
"""
