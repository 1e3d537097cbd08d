"""The general dice of `/roll`, shared by every game: the notation (`notation`), rolling it with the rng given
(`rolling`), and the words a game adds (`words`: named tables, options that mark the dice).

    parsed = parse("3#2d6 Shots", vocabulary)       # DiceRefused with the reason, before any draw
    rolled = roll(parsed, vocabulary, rng)          # rolled.text: "3#2d6: [4, 3] = 7; [6, 6] = 12; [1, 1] = 2"

Pure: no I/O, no clock, randomness only from the `RecordingRng` passed in. Why the notation is our own and not
a library's: docs/dice.md.
"""

from engine.dice.notation import DiceRefused, Parsed, parse
from engine.dice.rolling import Rolled, roll, roll_text
from engine.dice.words import DiceGroup, DiceTable, DiceWords, Vocabulary, WordOption

__all__ = [
    "DiceGroup",
    "DiceRefused",
    "DiceTable",
    "DiceWords",
    "Parsed",
    "Rolled",
    "Vocabulary",
    "WordOption",
    "parse",
    "roll",
    "roll_text",
]
