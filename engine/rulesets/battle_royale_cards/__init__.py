"""The Battle Royale card game (issue 14): 2-6 players on a diamond of 25 face-up cards, one step at a time.

Work in progress: the rules engine (settings, the deck as data, set-up, every step of a turn, card attacks,
battles, curses, the end and the scores, a scripted player) is built and tested; the Discord front and the
picture are not, and the game is deliberately not registered (engine/registry.py), so it does not appear in
`brbot rulesets` or on Discord yet. See docs/rules/battle-royale-cards.md.
"""
