"""StarCraft Mafia (issue 11): a hidden-team game of soldiers and Infested Terrans, one 24-hour day per turn.

Work in progress: the settings, the data tables, the state, the set-up, order validation and the day's
resolution are built; the Discord front, moderation and scripted players are not, and the game is
deliberately not registered (engine/registry.py), so it does not appear in `brbot rulesets` or on Discord.
See docs/rules/starcraft-mafia.md.
"""
