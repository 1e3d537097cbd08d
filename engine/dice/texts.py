"""Every word of the dice notation a player reads: the refusals and the pieces of a result."""

from __future__ import annotations

TEXTS = {
    "empty": "Nothing to roll: give dice such as `2d6`, `d100` or `3#2d6+1`.",
    "too_long": "That expression is {length} characters long; at most {most} are read.",
    "label_too_long": "The label is {length} characters long; at most {most}.",
    "unreadable": (
        "I cannot read `{expression}`: use dice (`2d6`, `d20`, `d100`), whole numbers, `+` and `-`, "
        "and `N#` in front to repeat (`3#2d6`).{known}"
    ),
    "known_words": " Tables here: {tables}.",
    "known_options": " Options here: {options}.",
    "too_many_terms": "`{expression}` has {count} terms; at most {most}.",
    "number_too_big": "`{number}` is too big; numbers go up to {most:,}.",
    "no_dice": "`{expression}` rolls no dice.",
    "zero_dice": "`{term}` rolls no dice: roll at least one.",
    "zero_sides": "`{term}`: a die needs at least one side.",
    "too_many_sides": "`{term}`: dice have at most {most:,} sides.",
    "too_many_dice": "`{expression}` rolls {count} dice; at most {most} in one roll (repetitions count).",
    "repeat_range": "`{repeat}#`: repeat from 1 to {most} times.",
    "table_alone": "`{name}` is a table: roll it alone (`{name}` or `3#{name}`).",
    "option_twice": "`{option}` is given twice.",
    "option_range": "`{option}` goes from {low} to {high} (you gave {value}).",
    "option_mixed": "`{first}` and `{second}` belong to different games' dice: use one game's at a time.",
    "option_table": "Options do not apply to a table draw such as `{name}`.",
    "purpose": "/roll {expression}, repetition {repetition}: {dice}",
}


def text(key: str, **values: object) -> str:
    return TEXTS[key].format(**values)
