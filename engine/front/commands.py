"""The order commands a game declares and what passes through them: `Command` and its `Option`s (with the shared
grouped commands `grouped` files verbs under), a moderator's `Moderation`, a use of a command (`Asked`), what it
does to the orders (`Change`) or why it cannot (`Refused`), the menus some commands answer with (`Form` of
`Select`s) and the buttons of a player's next step (`StepButton`) and one order among a player's orders
(`OrderPart`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.front.cards import Card
from engine.keyed import joined

OPTION_TYPES = ("text", "integer", "number", "boolean", "user")

ACTION_OPTION = "action"  # the option of a grouped command naming the verb (`/skill action:stim`)
GROUPED_COMMANDS = ("item", "skill", "act")  # the shared grouped commands games file their verbs under
SHARED_COMMANDS = ("attack", "move", "vote", "cover")  # top-level verbs any game may declare (merged)
OWN_COMMANDS_BUDGET = 2  # top-level commands a game may add besides those two lists (docs/rulesets.md)

CHOICES_MAX = 25  # Discord shows at most 25 choices (the bot checks every other limit: bot/ui/declared.py)

# The options an order command carries on Discord, the same in every game (docs/rulesets.md, "Command budget"):
# a game files each of a verb's options in one of them (`Option.slot`, `slotted`), or leaves it to the menu.
SLOTS = ("target", "with", "how", "amount")
SLOT_TYPES = {"target": "text", "with": "text", "how": "text", "amount": "integer"}
GROUPED_SLOTS = ("target", "with", "how")  # a grouped command's: its `action` comes first


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
    slot: str = ""  # the shared option (one of SLOTS) it is typed in on Discord; empty: chosen in the menu


@dataclass(frozen=True)
class Command:
    """A command players use to give orders: `name` is top-level ("attack") or a group's subcommand
    ("vote mark", with `group_description` saying what the group is). `section` groups it in /help;
    `phases` lists the phases of the game (the view's "phase") in which it applies (empty: every phase).
    `under` names the shared grouped command the verb is chosen in instead of being top-level ("skill":
    `/skill action:stim`, see `grouped`); the front still receives `name` ("stim") in `Asked.command`.

    `description` is the game's own words for it (its /help line, its label in autocomplete). `brief` is what
    Discord shows for a name several games declare with different descriptions: one line true in every game
    (games sharing a name agree on it: `/mod kill` "Kill a player now"). Both are at most 100 characters of
    plain text (no backticks, no rulebook references: tests/bot/test_command_faces.py)."""

    name: str
    description: str
    options: tuple[Option, ...] = ()
    section: str = "orders"
    phases: tuple[str, ...] = ()
    group_description: str = ""
    under: str = ""
    brief: str = ""

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

    @property
    def typed(self) -> str:
        """How a player types it with its shared options: "attack target: with: amount:" (the rest: its menu)."""
        slots = [f"{slot}:" for slot in SLOTS if self.in_slot(slot) is not None]
        return " ".join([self.usage, *slots])

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def in_slot(self, slot: str) -> Option | None:
        """The option typed in the shared option `slot` (`Option.slot`), or None."""
        return next((o for o in self.options if o.slot and o.slot == slot), None)

    @property
    def menu_only(self) -> tuple[Option, ...]:
        """The options no shared option carries: chosen in the command's menu."""
        return tuple(o for o in self.options if not o.slot)


@dataclass(frozen=True)
class Moderation(Command):
    """A moderator's action on one player's seat, used as `/mod <name> user: ...` and applied by the
    ruleset's `moderate(state, name, params)`. The bot adds the `user` option (the player) to `options`,
    unless the action is not about a player (`about_player=False`: the seat is None, `done` has no {name}).

    An option with a `source` is offered by autocomplete from `Ruleset.moderation_choices(state, source,
    seat)` (the seat of the `user` chosen so far, if any). `params` names the `moderate` parameter an option
    fills (default: the option's own name). The audit log records each option's value under its name, or
    the name `audited_as` gives it, and the `recorded` keys of the events' data (what the action made, like
    a new item's id). `done` {name} tells the moderator it is done (a text of the game's catalogue, kept by key
    where it has a {name} to fill in with `engine.keyed.unfilled`); `help` is its line in /help (None: made
    from the name and description; "": another action's line covers it)."""

    params: Mapping[str, str] = field(default_factory=dict)
    audited_as: Mapping[str, str] = field(default_factory=dict)
    recorded: tuple[str, ...] = ()
    done: str = "{name}: done."
    about_player: bool = True  # False: a game master's action on the fight, with no `user` option (seat None)
    help: str | None = None

    @property
    def help_line(self) -> str:
        """Its line in /help: the command, then its description kept as the game's text (`joined`), so a reader
        of another language reads the description in theirs."""
        return joined("", [f"`/mod {self.name}` ", self.description]) if self.help is None else self.help


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
    the selects, and a submit button. Submitting calls `Orders.apply` with the form's command name and every
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


@dataclass(frozen=True)
class OrderPart:
    """One order among a player's orders for the step, as the orders card lists it with its own buttons:
    `line` in words (as `Orders.describe` says it); `command` the verb whose menu changes it ("": none, the
    card offers the verbs to choose from), opened with `values` ((option, value) pairs) preselected; `rest`
    the whole orders without it, which withdrawing it submits (None: withdrawing it withdraws all the
    orders, the game's default applies)."""

    line: str
    command: str = ""
    values: tuple[tuple[str, Any], ...] = ()
    rest: dict[str, Any] | None = None


def grouped(commands: tuple[Command, ...], under: Mapping[str, str]) -> tuple[Command, ...]:
    """The commands with each verb named in `under` (verb -> grouped command, one of `GROUPED_COMMANDS` or a
    name of the game's own) filed under that grouped command instead of being top-level."""
    unknown = set(under) - {c.name for c in commands}
    if unknown:
        raise ValueError(f"no such command to group: {sorted(unknown)}")
    return tuple(replace(c, under=under[c.name]) if c.name in under else c for c in commands)


def slotted(
    commands: tuple[Command, ...], slots: Mapping[str, str], per_verb: Mapping[str, Mapping[str, str]] | None = None
) -> tuple[Command, ...]:
    """The commands with each option filed in a shared option (`SLOTS`): `slots` maps an option's name to its
    slot in every verb, `per_verb` (verb -> option -> slot, "" for the menu) overrides it for one verb."""
    per_verb = per_verb or {}
    unknown = set(per_verb) - {c.name for c in commands}
    if unknown:
        raise ValueError(f"no such command to file options of: {sorted(unknown)}")
    bad = {slot for slot in [*slots.values(), *(s for m in per_verb.values() for s in m.values())] if slot}
    if bad - set(SLOTS):
        raise ValueError(f"no such shared option: {sorted(bad - set(SLOTS))}")

    def filed(command: Command) -> Command:
        own = per_verb.get(command.name, {})
        options = tuple(replace(o, slot=own.get(o.name, slots.get(o.name, ""))) for o in command.options)
        return replace(command, options=options)

    return tuple(filed(c) for c in commands)


Chooser = Callable[[dict[str, Any], str, Mapping[str, Any], Mapping[str, Any]], list[tuple[str, str]]]
"""A chooser: (view, text typed so far, options chosen so far, the player's current orders ({}: none)) -> pairs."""
