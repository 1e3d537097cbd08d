"""What a game declares for its front ends, as data and pure functions: no Discord, no database, no clock.

The shared layers (the Discord bot, the command line, the web pages) know no game's words. They build
everything a player or a moderator sees of a game from its `Front`, one value made of small parts
(`engine.front.game`), each read by the one service that uses it:

- `orders` (`Orders`): the order commands and their options, the choosers of their autocomplete, `apply`
  (options -> new orders, or `Refused`), `describe` (orders in words), `when_idle`, the forms (`/day0`) and
  the buttons of a player's next step (`engine.front.commands`: `Command`, `Option`, `Asked`, `Change`,
  `Form`, `StepButton`, `grouped`);
- `cards` (`Cards`): status, public status (the web page), the moderators' cards, the sheet, rules and help
  (`engine.front.cards`: `Card`, `CardField`);
- `picture` (`Pictures`): the game drawn, its own command, posted after each step or not;
- `posts` (`Posts`): how a resolution's public events are grouped and titled;
- `signup` (`Signup`): roles, pairings, a moderator's data file and a player's character sheet
  (`engine.front.signup`);
- `trade` (`Trade`): proposals to another player with Accept and Decline;
- `groups` (`Groups`): the private chats of the ruleset's groups;
- `community` (`Community`): the headline figures profiles count, whether the dead may read secrets;
- `words` (`Words`): what one resolution is called ("Day 3", "Turn 3") in the shared texts;
- `moderation` (`Moderation`): the moderators' `/mod` actions, applied by `Ruleset.moderate`;
- `dice`: the game's words for the shared `/roll` (`engine.dice.words.DiceWords`).

A part left out is the feature turned off. What reads the whole state (computer players, game length, the
outcome, studies) is the rules' side: `engine.play.Play`, a ruleset's `play`.

A game's front lives in its package (`engine/rulesets/<name>/front/`) and is found through the ruleset's
`front_module` (see `engine.registry.front`). Pillow and other heavy imports stay inside the functions that
need them, so listing the games imports no picture library.
"""

from engine.front.cards import Card, CardField, Picture, rules_and_settings, setting_lines, settings_catalogue
from engine.front.commands import (
    ACTION_OPTION,
    CHOICES_MAX,
    GROUPED_COMMANDS,
    GROUPED_SLOTS,
    OPTION_TYPES,
    OWN_COMMANDS_BUDGET,
    SHARED_COMMANDS,
    SLOT_TYPES,
    SLOTS,
    STEP_BUTTONS_MAX,
    STEP_LABEL_MAX,
    Asked,
    Change,
    Chooser,
    Command,
    Form,
    Moderation,
    Option,
    OrderPart,
    Refused,
    Select,
    StepButton,
    grouped,
    slotted,
)
from engine.front.community import AUDIENCE, Community, Counted
from engine.front.game import (
    Cards,
    Front,
    Groups,
    Orders,
    Pictures,
    Posts,
    Trade,
    commands_help,
    group_intro,
    group_title,
    step_titles,
)
from engine.front.signup import DataFile, Pairing, Sections, Sheet, Signup, Upload, character_sheet
from engine.front.words import Words, words_of

__all__ = [
    "ACTION_OPTION",
    "AUDIENCE",
    "CHOICES_MAX",
    "GROUPED_COMMANDS",
    "GROUPED_SLOTS",
    "OPTION_TYPES",
    "OWN_COMMANDS_BUDGET",
    "SHARED_COMMANDS",
    "SLOTS",
    "SLOT_TYPES",
    "STEP_BUTTONS_MAX",
    "STEP_LABEL_MAX",
    "Asked",
    "Card",
    "CardField",
    "Cards",
    "Change",
    "Chooser",
    "Command",
    "Community",
    "Counted",
    "DataFile",
    "Form",
    "Front",
    "Groups",
    "Moderation",
    "Option",
    "Orders",
    "Pairing",
    "Picture",
    "Pictures",
    "Posts",
    "Refused",
    "Sections",
    "Select",
    "Sheet",
    "Signup",
    "OrderPart",
    "StepButton",
    "Trade",
    "Upload",
    "Words",
    "words_of",
    "character_sheet",
    "commands_help",
    "group_intro",
    "group_title",
    "grouped",
    "rules_and_settings",
    "setting_lines",
    "settings_catalogue",
    "slotted",
    "step_titles",
]
