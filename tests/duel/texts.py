"""Every word of the duel, in one place: `text(key, **values)`."""
from __future__ import annotations

TEXTS = {
    "title": "Duel",
    "bandit": "the Bandit",
    "not_your_turn": "It is not your turn: {name} acts now.",
    "choose_action": "Choose /strike or /guard.",
    "not_your_question": "The question is not yours to answer.",
    "answer_needed": "Answer with /react: dodge or parry.",
    "over": "The duel is over.",
    "no_such_target": "{target} is not a hero still standing.",
    "heroes_strike_the_bandit": "Heroes can only strike the Bandit.",
    "guard": "{name} raises their guard.",
    "strike": "{name} strikes {target} for {damage} (now {hp} HP).",
    "swing": "{name} swings at {target}!",
    "question": "{name} swings at you for {damage}: dodge (half the time no harm) or parry (half the harm)?",
    "dodged": "{target} dodges the blow.",
    "hit": "{target} takes {damage} (now {hp} HP).",
    "won_heroes": "The Bandit falls: the heroes win.",
    "won_bandit": "The last hero falls: the Bandit wins.",
    "cmd_strike": "Strike your foe (the game master names the Bandit's target)",
    "opt_target": "Whom the Bandit strikes",
    "cmd_guard": "Raise your guard: the next blow against you does 1 less",
    "cmd_react": "Answer the question your foe's blow asks",
    "opt_choice": "Dodge or parry",
    "dodge": "Dodge",
    "parry": "Parry",
    "said_strike": "Strike {target}",
    "said_strike_any": "Strike",
    "said_guard": "Guard",
    "said_answer": "Answer: {answer}",
    "status_title": "Duel, step {day}",
    "status_turn": "{name} acts now.",
    "status_question": "{name} must answer: dodge or parry?",
    "status_over": "The duel is over.",
    "hp_line": "{name}: {hp} HP",
    "hp_field": "Health",
    "group_heroes": "Heroes' camp",
    "group_fallen": "The fallen",
    "group_intro": "{title}: only you and your companions read this.",
}


def text(key: str, **values: object) -> str:
    return TEXTS[key].format(**values)
