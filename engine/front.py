"""What a game declares for its front ends, as data and pure functions: no Discord, no database, no clock.

The shared layers (the Discord bot, the command line) know no game's words. They build everything a player
or a moderator sees of a game from its `Front`:

- `commands`: the order commands and their options. Names are top-level (`/attack`, `/move`, `/vote mark`)
  whatever the game; the bot registers one Discord command per name for all installed games and hands each
  use to the front of the game the command is about. A verb the game marks `under` a shared grouped command
  (`grouped(commands, {"stim": "skill"})`) is not top-level: it is the `action` of that command
  (`/skill action:stim`), offered by autocomplete from the player's own game and phase, with its own
  options, so a game adds few top-level commands (docs/rulesets.md, "Command budget").
- `choices(source, view, typed, values, current)`: the autocomplete choices of an option whose `source` names
  one, built from the asking player's own view (never the state) and their own current orders for the day
  (what they already ordered may bring choices, like an item picked up tonight), so a choice list cannot
  leak a secret.
- `apply(asked)`: how a command's options become the player's new orders (a `Change`), or a `Refused` with
  the player-facing reason. The engine's `validate` still checks the whole orders afterwards.
- `describe(orders, view)`: orders in words, for confirmations and `/orders`; `when_idle()`: what a player
  who sends nothing does, in words.
- `public_status(view)`: the public figures now, as cards, from the public view (the web site's game page).
- `status(view)`, `picture(view)`, `rules()`, `help()`: cards (embeds, in the bot), a PNG, the rules in
  short and the command list. `gm_status(view)`: the moderators' cards of the whole game (`/mod view`), from
  the ruleset's `gm_view(state)`.
- `moderation`: the moderators' `/mod` actions on a player (kill, revive, ...) and their words; the ruleset's
  `moderate` applies them, `moderation_choices` lists what their options may name.
- `section_of(kind)`, `post_sections` and `post_title(day)`: how a resolution's public events are grouped into one
  post (the bot writes each event's title and section into its outbox row when the events are stored);
  `day_title(day)` names a day in the simulation's log.
- `words` (`Words`): the game's own words in the shared texts: what one resolution is called ("Day 3",
  "Turn 3", "Step 3") and what a player does after signing up; `step_name(day)` names one with them.
- `dice`: the game's own words for the shared `/roll` (`engine.dice.words.DiceWords`: named tables like a
  hit-location die, options that mark the dice rolled), known in the game's channels.
- `data_file` and `load_data(data)`: a file a moderator may attach when creating a game, replacing one of its
  tables (Battle Royale: the map), checked by the game with a clear reason when it will not do.
- `sheet_file`, `load_sheet(data)`, `sheet_template()` and `sheet_cards(view)`: a character sheet a player may
  attach before the start (`/sheet upload`), read like `data_file` and checked by the game, kept in their
  sign-up's requests (under `sheet_file.setting`) for `new_game`; an example file to edit; and, during play,
  the player's own sheet as cards (default: their status cards).
- `signup_options`: what a player may ask for when signing up: a role (`/join role:`, `/role choose`) and
  requests naming another player (`Pairing`: mutual like Lovers, or one-sided like a Rival: `/role <name>`).
- `form(name, view, current)`: a command answered with a menu of selects rather than options (`/day0`).
- `step_buttons(view, current)`: buttons for the player's next step (`StepButton`: a declared command and
  its option values, with a label), which the bot attaches to the message telling a player that a step
  waits for them; a click runs the same path as typing the command. `step_hint(view)`: a line that message
  ends with, saying how the game's step is given (Infinity: a post built over commands, then sent).
- `picture_after_each_step` and `public_picture(view)`: a game that opts in has the picture of the public
  view (`Ruleset.public_view`: what everyone may know) posted with the post of every step resolved.
- `picture_command`: the name of a command of the game's own that shows `picture(view)` like `/map` does
  (the card game's `/board`), or None.
- `offer_to(orders, seat)`, `offer_text(...)` and `accept(...)`: an order that proposes something to another
  player (a trade): whenever a command changes the terms offered to a seat, the bot sends that player the
  proposal in words with Accept and Decline buttons; accepting gives them new orders.
- `group_title(key)` and `group_intro(key)`: the name and the first message of the private chat of a group
  the ruleset declares (`Ruleset.groups`: a mafia's team).
- `autoplayer(state, seat, rng)`, `computer_signups(players, rng)` and `studies()`: the computer players of
  `brbot simulate` and the studies of `brbot balance`.

A game's front lives in its package (`engine/rulesets/<name>/front/`) and is found through the ruleset's
`front_module` (see `engine.registry.front`). Pillow and other heavy imports stay inside the functions that
need them, so listing the games imports no picture library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.dice.words import DiceWords
from engine.front_parts import AUDIENCE, Community, Counted, Words  # noqa: F401  (a game's declared parts)
from engine.rng import RecordingRng

OPTION_TYPES = ("text", "integer", "number", "boolean", "user")

ACTION_OPTION = "action"  # the option of a grouped command naming the verb (`/skill action:stim`)
GROUPED_COMMANDS = ("item", "skill", "act")  # the shared grouped commands games file their verbs under
SHARED_COMMANDS = ("attack", "move", "vote", "cover")  # top-level verbs any game may declare (merged)
OWN_COMMANDS_BUDGET = 2  # top-level commands a game may add besides those two lists (docs/rulesets.md)

CHOICES_MAX = 25  # Discord shows at most 25 choices (the bot checks every other limit: bot/ui/declared.py)


@dataclass(frozen=True)
class Option:
    """One option of a command.

    `source` names a chooser of the front: the option's choices come from the player's own view as they
    type. `choices` are fixed (label, value) pairs instead. `default` is what the front receives when the
    player leaves the option out (the bot itself never fills in a game's defaults)."""

    name: str
    description: str
    type: str = "text"
    required: bool = False
    default: Any = None
    choices: tuple[tuple[str, str], ...] = ()
    source: str | None = None
    min_value: int | float | None = None
    max_value: int | float | None = None
    max_length: int | None = None


@dataclass(frozen=True)
class Command:
    """A command players use to give orders: `name` is top-level ("attack") or a group's subcommand
    ("vote mark", with `group_description` saying what the group is). `section` groups it in /help;
    `phases` lists the phases of the game (the view's "phase") in which it applies (empty: every phase).
    `under` names the shared grouped command the verb is chosen in instead of being top-level ("skill":
    `/skill action:stim`, see `grouped`); the front still receives `name` ("stim") in `Asked.command`."""

    name: str
    description: str
    options: tuple[Option, ...] = ()
    section: str = "orders"
    phases: tuple[str, ...] = ()
    group_description: str = ""
    under: str = ""

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.name.split())

    @property
    def top_level(self) -> str:
        """The top-level command a player types for it: the grouped command it is under, or its own first word."""
        return self.under or self.path[0]

    @property
    def usage(self) -> str:
        """How a player types it, without the slash: "attack", "vote mark", "skill action:stim"."""
        return f"{self.under} {ACTION_OPTION}:{self.name}" if self.under else self.name

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)


@dataclass(frozen=True)
class Moderation(Command):
    """A moderator's action on one player's seat, used as `/mod <name> user: ...` and applied by the
    ruleset's `moderate(state, name, params)`. The bot adds the `user` option (the player) to `options`,
    unless the action is not about a player (`about_player=False`: the seat is None, `done` has no {name}).

    An option with a `source` is offered by autocomplete from `Ruleset.moderation_choices(state, source,
    seat)` (the seat of the `user` chosen so far, if any). `params` names the `moderate` parameter an option
    fills (default: the option's own name). The audit log records each option's value under its name, or
    the name `audited_as` gives it, and the `recorded` keys of the events' data (what the action made, like
    a new item's id). `done` {name} tells the moderator it is done; `help` is its line in /help (None: made
    from the name and description; "": another action's line covers it)."""

    params: Mapping[str, str] = field(default_factory=dict)
    audited_as: Mapping[str, str] = field(default_factory=dict)
    recorded: tuple[str, ...] = ()
    done: str = "{name}: done."
    about_player: bool = True  # False: a game master's action on the fight, with no `user` option (seat None)
    help: str | None = None

    @property
    def help_line(self) -> str:
        return f"`/mod {self.name}` {self.description}" if self.help is None else self.help


class Refused(Exception):
    """A command's options cannot become orders: `reason` is what the player is told."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Asked:
    """A use of a command, as the front's `apply` receives it: every declared option (the player's value,
    or the option's default), the player's own view and their current orders (or the game's default)."""

    command: str
    values: dict[str, Any]
    view: dict[str, Any]
    current: dict[str, Any]


@dataclass
class Change:
    """What a command does to the player's orders: the whole new orders and, in words, what changed."""

    orders: dict[str, Any]
    summary: list[str]
    removed: bool = False  # the command took something off the orders (an `undo`): confirmed as removed
    reply: str | None = None  # what the player is told instead of the summary (the bot adds the receipt)
    offered: tuple[str, ...] = ()  # seats this command proposes to: their proposal is sent even if unchanged


@dataclass(frozen=True)
class CardField:
    """A field of a card: lines joined by `sep`, or `empty` when there are none."""

    name: str
    lines: tuple[str, ...]
    sep: str = "\n"
    inline: bool = False
    empty: str | None = None


@dataclass(frozen=True)
class Card:
    """A titled card (a Discord embed): `colour` is a name the bot maps ("green", "grey", "blue", "gold",
    "purple", "teal", "red", "blurple", or "plain" for none); long fields are continued by the bot within
    Discord's limits."""

    title: str
    description: str = ""
    fields: tuple[CardField, ...] = ()
    colour: str = "blurple"
    footer: str = ""


@dataclass(frozen=True)
class Picture:
    png: bytes
    filename: str
    caption: str


@dataclass(frozen=True)
class Pairing:
    """A sign-up request naming another player, used as `/role <name> <option>:` (`option`: "player" unless
    the game names it otherwise).

    `mutual`: both must agree (a proposal by DM with Accept/Decline buttons; once accepted both take `role`,
    like Lovers); otherwise one-sided, like a Rival, and `clearable` lets the player withdraw it by naming
    nobody. `key` is the request the ruleset's `new_game` reads (its value: the other player's seat).
    `excludes` lists keys of other pairings that may not name the same player (a Rival is never your Lover).
    `texts` holds the words, by key: `sent` {partner}, `set` {partner}, `cleared`, `own` (naming yourself),
    `excluded` (the same player as an excluded pairing), `not_signed_up`; for mutual ones also `proposed`
    {name} {game} (the DM), `accepted` {name} {game}, `declined` {name} {game} (to the proposer),
    `now` and `refused` (to the one who answered), `no_proposal`, `proposer_gone`."""

    name: str
    key: str
    description: str
    option_description: str
    option: str = "player"  # the name of the command's option naming the other player
    mutual: bool = False
    role: str | None = None
    excludes: tuple[str, ...] = ()
    clearable: bool = False
    texts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SignupOptions:
    """What a player may ask for at sign-up: one of `roles` ((label, value); `default_role` when they ask
    for none) and the `pairings`. `role_texts` has `requested` {role} and `choose` (the /role choose
    description), `option` (the role option's description), `join_option` (/join's role option), `unknown`
    {role} (a role the game does not have) and `not_chosen` (a role taken only through a pairing, asked for
    with /role choose)."""

    roles: tuple[tuple[str, str], ...] = ()
    default_role: str | None = None
    pairings: tuple[Pairing, ...] = ()
    role_texts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DataFile:
    """A file a moderator may attach when creating a game (`/game create`), replacing one of the game's tables
    (Battle Royale: the map), or a player's character sheet (`Front.sheet_file`: `setting` is then the sign-up
    request it fills). `setting` is the settings field it fills, `label` what moderators call it ("map"),
    `description` what the create command says of it, `max_bytes` the largest file taken. The bot reads the
    file (YAML or JSON, a mapping at the top) and hands the data to `Front.load_data`."""

    setting: str
    label: str
    description: str
    max_bytes: int = 64 * 1024


@dataclass(frozen=True)
class Select:
    """One select menu of a form: `choices` are (label, value, description); at most `most` may be picked
    (`least` at least); `chosen` are preselected. The bot pages a list longer than Discord's 25 options."""

    name: str
    placeholder: str
    choices: tuple[tuple[str, str, str], ...]
    least: int = 1
    most: int = 1
    chosen: tuple[str, ...] = ()
    more: str = ""  # the label of the option that shows the next page ({page} {pages}); empty: the bot's words


@dataclass(frozen=True)
class Form:
    """A menu a command answers with (`/day0`): a card on top (the bot adds the game's name to its title),
    the selects, and a submit button. Submitting calls `Front.apply` with the form's command name and every
    select's values (lists of values)."""

    card: Card
    selects: tuple[Select, ...]
    submit_label: str


STEP_BUTTONS_MAX = 25  # Discord: 5 rows of 5 buttons
STEP_LABEL_MAX = 80  # Discord: a button's label


@dataclass(frozen=True)
class StepButton:
    """A button for the player's next step: clicking it uses the game's command `command` with the option
    values `values` ((option, value) pairs; options left out get their defaults, as when typed), exactly as
    the slash command would. `label` is what the button says (at most 80 characters); `style` one of
    "primary", "secondary", "success", "danger"."""

    label: str
    command: str
    values: tuple[tuple[str, Any], ...] = ()
    style: str = "secondary"


def grouped(commands: tuple[Command, ...], under: Mapping[str, str]) -> tuple[Command, ...]:
    """The commands with each verb named in `under` (verb -> grouped command, one of `GROUPED_COMMANDS` or a
    name of the game's own) filed under that grouped command instead of being top-level."""
    unknown = set(under) - {c.name for c in commands}
    if unknown:
        raise ValueError(f"no such command to group: {sorted(unknown)}")
    return tuple(replace(c, under=under[c.name]) if c.name in under else c for c in commands)


Chooser = Callable[[dict[str, Any], str, Mapping[str, Any], Mapping[str, Any]], list[tuple[str, str]]]
"""A chooser: (view, text typed so far, options chosen so far, the player's current orders ({}: none)) -> pairs."""


def setting_lines(
    settings: Any, line: str, value_of: Callable[[Any], str], skip: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """One line per setting of a game's settings model (pydantic), in the model's order, for its rules help:
    the game's `line` template with `{name}`, `{value}` (as `value_of` writes it) and `{description}` (the
    field's). `skip`: settings that are the game's data, not house rules (a roster)."""
    return tuple(
        line.format(name=name, value=value_of(getattr(settings, name)), description=field.description or "")
        for name, field in type(settings).model_fields.items()
        if name not in skip
    )


def rules_and_settings(
    rules: Card, settings_title: str, settings_intro: str, settings_field: str, lines: tuple[str, ...]
) -> list[Card]:
    """A game's `/rules`: its rules card, then a card of every house rule with its value (`setting_lines`), in the
    rules card's colour."""
    settings = Card(
        title=settings_title,
        description=settings_intro,
        colour=rules.colour,
        fields=(CardField(settings_field, lines),),
    )
    return [rules, settings]


class NoComputerPlayers(Exception):
    """Asked of a game that has no computer players (`Front.has_computer_players` is False): `brbot simulate`
    and the benchmarks check that first and refuse in one line."""

    def __init__(self, game: str) -> None:
        super().__init__(f"{game} has no computer players")


class Front:
    """The base of a game's front: a game overrides what it has. Everything is pure: the same inputs give
    the same output, and nothing reads more than the player's view it is given."""

    title: str = ""
    words: Words = Words()  # the game's words in the shared texts: "Turn 3", "each turn's orders"
    commands: tuple[Command, ...] = ()
    choosers: Mapping[str, Chooser] = {}

    def command(self, name: str) -> Command | None:
        return next((c for c in self.commands if c.name == name), None)

    moderation: tuple[Moderation, ...] = ()  # the `/mod` actions of this game (`Ruleset.moderate`)

    def moderation_action(self, name: str) -> Moderation | None:
        return next((m for m in self.moderation if m.name == name), None)

    signup_options: SignupOptions = SignupOptions()
    community: Community = Community()  # what the shared lobby, profiles and dead's thread need of the game
    dice: DiceWords | None = None  # the game's own words for `/roll`: tables, options that mark dice (engine.dice)
    data_file: DataFile | None = None  # a file moderators may load when creating a game (`load_data`)

    def load_data(self, data: dict[str, Any]) -> tuple[Any, str]:
        """The value of the `data_file` setting read from a moderator's file (as JSON data), and in words what
        was loaded; raises `Refused` with the reason when the data will not do."""
        raise Refused(f"{self.title} takes no data file.")

    # A character sheet players may attach before the start: `setting` names the sign-up request it fills.
    sheet_file: DataFile | None = None

    def load_sheet(self, data: dict[str, Any]) -> tuple[Any, str]:
        """A player's sheet read from their file: its value as JSON data (what `new_game` reads from the sign-up's
        requests) and in words what it is (the player's and the moderators' summary); raises `Refused` with the
        reason when the sheet will not do."""
        raise Refused(f"{self.title} takes no character sheet.")

    def sheet_template(self) -> str:
        """An example sheet file (YAML, with comments saying what each field means) a player may edit."""
        return ""

    def sheet_cards(self, view: dict[str, Any]) -> list[Card]:
        """The player's own sheet during play, from their own view (default: their status cards)."""
        return self.status(view)

    forms: tuple[Command, ...] = ()  # commands answered with a form (`form`) rather than options

    def form(self, name: str, view: dict[str, Any], current: dict[str, Any]) -> Form | str:
        """The form of command `name` for this player now, or a player-facing reason why there is none."""
        return f"/{name} is not a command of {self.title}."

    picture_command: str | None = None  # a command of the game's own showing `picture` (besides /map)
    # Post `public_picture` with the public post of every step (or day) resolved, in the game's channel.
    picture_after_each_step: bool = False

    def public_picture(self, view: dict[str, Any]) -> Picture | None:
        """The picture posted in the game's channel after a step, from the public view (`Ruleset.public_view`,
        what everyone may know) and nothing else. Default: `picture` of that view."""
        return self.picture(view)

    def step_buttons(self, view: dict[str, Any], current: dict[str, Any]) -> list[StepButton]:
        """The buttons for this player's next step now, from their view and current orders ({}: none), at most
        `STEP_BUTTONS_MAX` (default: none, the game is played with its commands only)."""
        return []

    def step_hint(self, view: dict[str, Any]) -> str:
        """A line the message telling a player that their step opened ends with, from their view: how the step is
        given, when the game's step takes more than one command (default: '', nothing to add)."""
        return ""

    def offer_to(self, orders: dict[str, Any] | None, seat: str) -> dict[str, Any] | None:
        """The terms of the proposal to `seat` in these orders (None: there is none), as JSON data."""
        return None

    def accept(self, terms: dict[str, Any], proposer: str, view: dict[str, Any], current: dict[str, Any]) -> Change:
        """The orders of the player who accepts `terms` offered by seat `proposer`."""
        raise Refused(f"{self.title} has no proposals to accept.")

    def offer_text(self, terms: dict[str, Any], proposer: str, game: str, view: dict[str, Any]) -> str:
        """The proposal as its addressee reads it (the DM above Accept and Decline): `proposer` is the
        proposer's name, `game` the game's, `view` the proposer's own view (the terms name what they see)."""
        return f"{proposer} makes you a proposal in {game}."

    def choices(
        self,
        source: str,
        view: dict[str, Any],
        typed: str,
        values: Mapping[str, Any],
        current: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """(label, value) pairs for an option whose `source` is this, at most 25; [] for an unknown source.
        `current` is the player's own current orders for the day (None: none yet)."""
        chooser = self.choosers.get(source)
        return chooser(view, typed, values, current or {})[:CHOICES_MAX] if chooser else []

    def apply(self, asked: Asked) -> Change:
        raise Refused(f"/{asked.command} is not a command of {self.title}.")

    def when_idle(self) -> str:
        """What a player who sends no orders does, in words ("": the game says nothing of it)."""
        return ""

    def describe(self, orders: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
        return [str(orders)] if orders else []

    def status(self, view: dict[str, Any]) -> list[Card]:
        return []

    def picture(self, view: dict[str, Any]) -> Picture | None:
        return None

    def public_status(self, view: dict[str, Any]) -> list[Card]:
        """The public figures now (who lives, who died, the scores), from the public view
        (`Ruleset.public_view`) alone: the cards of a game's web page. Default: `status` of that view."""
        return self.status(view)

    def gm_status(self, view: dict[str, Any]) -> list[Card]:
        """The moderators' cards of the whole game (`/mod view`, ephemeral), from `Ruleset.gm_view`: every
        secret and number ([]: the game shows none)."""
        return []

    def rules(self) -> list[Card]:
        return []

    def help(self) -> list[Card]:
        """The game's commands grouped by section, from their declarations."""
        sections: dict[str, list[str]] = {}
        for cmd in self.commands:
            sections.setdefault(cmd.section, []).append(f"`/{cmd.usage}`: {cmd.description}")
        return [
            Card(title=self.title, fields=tuple(CardField(name=s, lines=tuple(lines)) for s, lines in sections.items()))
        ]

    post_sections: tuple[str, ...] = ()  # the headings `section_of` gives, in the order a post lists them

    def section_of(self, kind: str) -> str | None:
        """The heading a public event of this kind is listed under in a resolution's post (None: narration)."""
        return None

    def section_rank(self, section: str | None) -> int:
        """Where a section comes in a post: its place in `post_sections` (one not listed comes after them)."""
        return self.post_sections.index(section) if section in self.post_sections else len(self.post_sections)

    def post_title(self, day: int) -> str:
        """The title of the post of a resolution (`day` -1: the start)."""
        return f"{self.title}: results" if day >= 0 else self.title

    def day_title(self, day: int) -> str:
        """A day (or step) as the headings of `brbot simulate` name it (`day` -1: the start)."""
        return self.step_name(day) if day >= 0 else "Start"

    def step_name(self, day: int | None) -> str:
        """A day (or step, or turn) as the shared texts name it, in the game's `words`: "Day 3 is open until
        ...", "Turn 3 seed revealed", "Order saved for Step 3"."""
        return self.words.name(day)

    @property
    def resolutions_called(self) -> str:
        """What several resolutions are called, plural ("days", "steps", "turns"): `brbot simulate`."""
        return self.words.steps

    def group_title(self, key: str) -> str:
        """The name of the private chat of the group `key` (`Ruleset.groups`), as its members read it."""
        return key.replace("_", " ").capitalize()

    def group_intro(self, key: str) -> str:
        """The first message of the group's private chat: who it is for and what it is for."""
        return (
            f"{self.group_title(key)}: a private chat for this group of {self.title}. Only its members and the"
            " moderators read it; the bot adds whoever joins the group and removes whoever leaves it."
        )

    @property
    def has_computer_players(self) -> bool:
        """Whether the game gives computer players (`autoplayer` and `computer_signups`): `brbot simulate`."""
        own = type(self)
        return own.autoplayer is not Front.autoplayer and own.computer_signups is not Front.computer_signups

    def autoplayer(self, state: Any, seat: str, rng: RecordingRng) -> dict[str, Any]:
        """The orders a computer player gives for `seat` now (`brbot simulate`, the benchmark)."""
        raise NoComputerPlayers(self.title)

    def length(self, state: Any) -> int | None:
        """How many days (or steps) the game lasts at most, for progress bars; None if it cannot tell."""
        return None

    def outcome(self, state: Any) -> dict[str, list[str]]:
        """The end of a game as `brbot simulate` reports it: `winners` and `survivors`, as seats."""
        return {"winners": [], "survivors": []}

    def step_group(self, view: dict[str, Any]) -> str | None:
        """In a game of many short steps, the group ("Round 3") of a step played in this public view (the view
        after the step before it): the web page's contents list its steps under these. None (the default): one
        by one."""
        return None

    def computer_signups(self, players: int, rng: RecordingRng) -> list[Any]:
        """The sign-ups of `players` computer players (`engine.ruleset.SignUp`: name and requests, whose
        pairing keys name other sign-ups' seats) for `brbot simulate`."""
        raise NoComputerPlayers(self.title)

    def studies(
        self, trials: int, seed: int, settings: dict[str, Any] | None = None
    ) -> dict[str, dict[str, dict[str, Any]]]:
        """`brbot balance`: study name -> row name -> figures, each row with at least `measured` and
        `expected` (the rulebook's figure); `trials` per row, randomness from `seed` alone; `settings` are house
        rules to study instead of the defaults (`brbot balance --set NAME=VALUE`, already checked against the
        game's settings model), for a study that plays games; a study they do not change ignores them."""
        return {}
