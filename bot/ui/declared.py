"""The slash commands of every installed game, merged into one set of top-level commands.

Players keep the names they know whatever the game (`/attack`, `/move`, `/vote mark`): each name is
registered once, for all installed games, and a use goes to the game the command is about (the channel's,
or the `game` option in a DM), whose front reads the options. Two games that both declare `/attack` share
one Discord command whose options are the union of theirs: an option is required only if every game that
declares the command requires it (the service asks for the others by name), keeps fixed choices only if
every game offers the same ones (otherwise its choices come from the game by autocomplete), and must have
the same type in every game (a clash is a packaging error, raised when the bot builds its commands).

A verb a game files `under` a grouped command (`engine.front.grouped`: `/skill action:<verb>`) is not a
top-level command: every installed game's verbs under one name make one command whose first option,
`action`, is the verb (offered by autocomplete from the player's own game), followed by the union of those
verbs' options, none required by Discord (the service asks for the options the chosen verb requires). A
name may not be both a grouped command and a top-level command; `top_level_names(front)` is what one game
adds to Discord's list of top-level commands (its budget: docs/rulesets.md).

`check_limits` proves the result fits Discord: names of 1-32 lowercase characters, descriptions of 1-100,
at most 25 options, 25 choices and 25 subcommands, 100 top-level commands and 4,000 characters a command,
numbers' bounds within ±(2^53 - 1) and texts' maximum lengths within 6,000. (The bot bounds every option
a game leaves open: `bot.cogs.game_commands._annotation`.)
Pure: no Discord, no database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.front import (
    ACTION_OPTION,
    GROUPED_COMMANDS,
    GROUPED_SLOTS,
    SHARED_COMMANDS,
    SLOT_TYPES,
    SLOTS,
    Command,
    Front,
    Option,
)

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
INTEGER_LIMIT = 2**53 - 1  # Discord's integer and number options carry at most this (either sign)
TEXT_MAX = 6000  # Discord's longest text option
DESCRIPTION_MAX, OPTIONS_MAX, CHOICES_MAX, SUBCOMMANDS_MAX, COMMANDS_MAX, COMMAND_CHARS_MAX = 100, 25, 25, 25, 100, 4000


@dataclass
class MergedOption:
    name: str
    description: str
    type: str
    required: bool
    choices: tuple[tuple[str, str], ...] = ()  # fixed choices, the same in every game
    autocomplete: bool = False  # choices come from the game (a `source`, or fixed choices that differ)
    min_value: int | float | None = None
    max_value: int | float | None = None
    max_length: int | None = None


@dataclass
class MergedCommand:
    name: str  # "attack" or "vote mark"
    description: str
    options: list[MergedOption] = field(default_factory=list)
    group_description: str = ""
    games: list[str] = field(default_factory=list)
    grouped: bool = False  # a grouped command: its first option, `action`, names a game's verb filed under it

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.name.split())


class DeclarationClash(ValueError):
    """Two games declare the same command or option in ways Discord cannot hold as one."""


def _one(values: list[str], fallback: str) -> str:
    return values[0] if len(set(values)) == 1 else fallback


def _described(name: str, commands: list[Command], fallback: str) -> str:
    """What Discord shows for a name: the one description every game gives it, else the games' shared
    `brief` (the first game's that declares one), else `fallback` with the name in it."""
    descriptions = {c.description for c in commands}
    if len(descriptions) == 1:
        return commands[0].description
    briefs = [c.brief for c in commands if c.brief]
    return briefs[0] if briefs else fallback.format(name=name)


def _merge_option(name: str, declared: list[Option], games_with_command: int) -> MergedOption:
    types = {o.type for o in declared}
    if len(types) > 1:
        raise DeclarationClash(f"option {name!r} has different types in different games: {sorted(types)}")
    choice_sets = {o.choices for o in declared}
    fixed = choice_sets.pop() if len(choice_sets) == 1 and not any(o.source for o in declared) else ()
    return MergedOption(
        name=name,
        description=_one([o.description for o in declared], declared[0].description),
        type=declared[0].type,
        required=len(declared) == games_with_command and all(o.required for o in declared),
        choices=fixed,
        autocomplete=not fixed and any(o.source or o.choices for o in declared),
        min_value=_bound([o.min_value for o in declared], min),
        max_value=_bound([o.max_value for o in declared], max),
        max_length=_bound([o.max_length for o in declared], max),
    )


@dataclass(frozen=True)
class SlotTexts:
    """The bot's words for the shared options of the order commands (`SLOTS`) and for the commands whose
    games describe them differently: `slots` slot -> description, `commands` name -> description."""

    slots: Mapping[str, str]
    commands: Mapping[str, str] = field(default_factory=dict)


def _slots(used: set[str], order: tuple[str, ...], texts: SlotTexts) -> list[MergedOption]:
    """The shared options `used`, in their order, none required by Discord (the menu asks for the rest)."""
    return [
        MergedOption(s, texts.slots[s], SLOT_TYPES[s], required=False, autocomplete=SLOT_TYPES[s] == "text")
        for s in order
        if s in used
    ]


def _bound(values: list, pick):
    """The loosest bound of all games (each game's own bound is checked by its front and engine)."""
    return None if any(v is None for v in values) else pick(values)


def merge(
    fronts: Mapping[str, Front],
    generic_description: str = "Give this order in your game (see /help)",
    declared: Callable[[Front], Sequence[Command]] = lambda front: front.orders.commands,
    grouped_description: str = "An action of your game, picked in `action` (see /help)",
    action_description: str = "The action: your game's, as you type",
    slots: SlotTexts | None = None,
) -> list[MergedCommand]:
    """One command per name over all games, in the order the games (sorted by name) declare them, and one
    grouped command per name verbs are filed `under`; `declared` picks which of a front's commands (the
    players' `commands`, the moderators' `moderation`).

    With `slots` (the order commands) a command's options are the shared options (`SLOTS`) its verbs file
    options in, whatever each game calls them, and every grouped command carries the same ones (those of all
    grouped verbs): any verb works from any of them. Without, the options are the games' own, merged."""
    by_name: dict[str, list[tuple[str, Command]]] = {}
    under: dict[str, list[tuple[str, Command]]] = {}
    for game in sorted(fronts):
        for command in declared(fronts[game]):
            if command.under:
                if len(command.path) > 1:
                    raise DeclarationClash(f"/{command.name}: a subcommand cannot be filed under /{command.under}")
                under.setdefault(command.under, []).append((game, command))
            else:
                by_name.setdefault(command.name, []).append((game, command))
    both = sorted(set(under) & {name.split()[0] for name in by_name})
    if both:
        raise DeclarationClash(f"/{both[0]} is both a grouped command and a command of its own")
    merged = []
    if slots is not None:
        return _merge_slotted(by_name, under, generic_description, grouped_description, action_description, slots)
    for name, declarations in by_name.items():
        options: dict[str, list[Option]] = {}
        for _, command in declarations:
            for option in command.options:
                options.setdefault(option.name, []).append(option)
        commands = [c for _, c in declarations]
        built = MergedCommand(
            name=name,
            description=_described(name, commands, generic_description),
            group_description=_one([c.group_description for c in commands], generic_description),
            games=[g for g, _ in declarations],
        )
        try:
            built.options = [_merge_option(o, decl, len(declarations)) for o, decl in options.items()]
        except DeclarationClash as clash:
            raise DeclarationClash(f"/{name}: {clash}") from None
        built.options.sort(key=lambda o: not o.required)  # Discord lists required options first
        merged.append(built)
    for name, declarations in under.items():
        merged.append(_grouped(name, declarations, grouped_description, action_description))
    return merged


def _merge_slotted(
    by_name: dict[str, list[tuple[str, Command]]],
    under: dict[str, list[tuple[str, Command]]],
    generic: str,
    grouped_description: str,
    action_description: str,
    texts: SlotTexts,
) -> list[MergedCommand]:
    merged = []
    groups: dict[str, list[str]] = {}  # a group's description, as each game gives it
    for name, declarations in by_name.items():
        if " " in name:
            groups.setdefault(name.split()[0], []).extend(c.group_description for _, c in declarations)
    for name, declarations in by_name.items():
        commands = [c for _, c in declarations]
        used = {o.slot for c in commands for o in c.options if o.slot}
        group = name.split()[0]
        merged.append(
            MergedCommand(
                name=name,
                description=_described(name, commands, texts.commands.get(name) or generic),
                group_description=_one(groups.get(group, [""]), texts.commands.get(group) or generic).format(
                    name=group
                ),
                games=[g for g, _ in declarations],
                options=_slots(used, SLOTS, texts),
            )
        )
    every = {o.slot for ds in under.values() for _, c in ds for o in c.options if o.slot}
    for name, declarations in under.items():
        action = MergedOption(ACTION_OPTION, action_description, "text", required=True, autocomplete=True)
        merged.append(
            MergedCommand(
                name=name,
                description=texts.commands.get(name) or grouped_description.format(name=name),
                games=sorted({g for g, _ in declarations}),
                grouped=True,
                options=[action, *_slots(every, GROUPED_SLOTS, texts)],
            )
        )
    return merged


def slot_problems(front: Front) -> list[str]:
    """Every way a game's order commands do not fit the shared options: a slot a command cannot carry (a
    grouped command carries `GROUPED_SLOTS`), two options in one slot, a type the slot cannot take (a text
    slot takes texts and whole numbers, `amount` numbers), or a free text left to the menu (a menu offers
    only choices: a chooser's, fixed ones, yes or no, numbers)."""
    problems = []
    for command in front.orders.commands:
        where = f"/{command.usage}"
        allowed = GROUPED_SLOTS if command.under else SLOTS
        seen: set[str] = set()
        for option in command.options:
            if not option.slot:
                if option.type == "text" and not (option.source or option.choices):
                    problems.append(f"{where} {option.name}: a free text must be typed in a shared option")
                continue
            if option.slot not in allowed:
                problems.append(f"{where} {option.name}: /{command.top_level} has no shared option {option.slot!r}")
            if option.slot in seen:
                problems.append(f"{where} {option.name}: two options in {option.slot!r}")
            seen.add(option.slot)
            kinds = ("text", "integer") if SLOT_TYPES[option.slot] == "text" else ("integer", "number")
            if option.type not in kinds:
                problems.append(f"{where} {option.name}: a {option.type} cannot be typed in {option.slot!r}")
        for option in command.options:
            for bound in (option.min_value, option.max_value):
                if bound is not None and abs(bound) > INTEGER_LIMIT:
                    problems.append(f"{where} {option.name}: the bound {bound} is beyond Discord's ±(2^53 - 1)")
            if option.max_length is not None and not 1 <= option.max_length <= TEXT_MAX:
                problems.append(f"{where} {option.name}: a maximum length must be 1-{TEXT_MAX}")
    return problems


def _grouped(
    name: str, declarations: list[tuple[str, Command]], description: str, action_description: str
) -> MergedCommand:
    """The grouped command `name`: `action` (the verb, by autocomplete), then every verb's options, optional."""
    options: dict[str, list[Option]] = {}
    for _, command in declarations:
        for option in command.options:
            if option.name == ACTION_OPTION:
                raise DeclarationClash(f"/{name}: the option name {ACTION_OPTION!r} is the bot's own")
            options.setdefault(option.name, []).append(option)
    built = MergedCommand(name=name, description=description, games=sorted({g for g, _ in declarations}), grouped=True)
    built.options = [MergedOption(ACTION_OPTION, action_description, "text", required=True, autocomplete=True)]
    try:
        for option_name, decl in options.items():
            merged = _merge_option(option_name, decl, len(declarations) + 1)  # never required by Discord
            merged.autocomplete = merged.autocomplete or bool(merged.choices)  # the verb's own choices
            merged.choices = ()
            built.options.append(merged)
    except DeclarationClash as clash:
        raise DeclarationClash(f"/{name}: {clash}") from None
    return built


def top_level_names(front: Front) -> set[str]:
    """The top-level commands this game registers: its order commands (a grouped verb counts as the
    command it is under), its forms and its picture command."""
    names = {command.top_level for command in front.orders.commands} | {form.path[0] for form in front.orders.forms}
    command = front.picture.command if front.picture else None
    return names | ({command} if command else set())


def _chars(command: MergedCommand) -> int:
    return (
        len(command.path[-1])
        + len(command.description)
        + sum(
            len(o.name) + len(o.description) + sum(len(label) + len(value) for label, value in o.choices)
            for o in command.options
        )
    )


def check_limits(
    commands: list[MergedCommand], extra_options: int = 0, other_top_level: int = 0, reserved: tuple[str, ...] = ()
) -> list[str]:
    """Every way these commands break Discord's limits (none: an empty list). `extra_options` counts the
    options the bot adds to each command (named in `reserved`, which a game may not declare);
    `other_top_level` the bot's own commands."""
    problems: list[str] = []
    top_level: dict[str, int] = {}
    for command in commands:
        where = f"/{command.name}"
        for part in command.path:
            if not NAME.match(part):
                problems.append(f"{where}: the name {part!r} is not 1-32 lowercase letters, digits, - or _")
        if len(command.path) > 2:
            problems.append(f"{where}: at most one level of subcommands is used")
        for text in (command.description, command.group_description if len(command.path) > 1 else "x"):
            if not 1 <= len(text) <= DESCRIPTION_MAX:
                problems.append(f"{where}: a description must have 1-{DESCRIPTION_MAX} characters: {text!r}")
        if len(command.options) + extra_options > OPTIONS_MAX:
            problems.append(f"{where}: {len(command.options) + extra_options} options, more than {OPTIONS_MAX}")
        if _chars(command) > COMMAND_CHARS_MAX:
            problems.append(f"{where}: more than {COMMAND_CHARS_MAX} characters of names, descriptions and choices")
        for option in command.options:
            if option.name in reserved:
                problems.append(f"{where}: the option name {option.name!r} is the bot's own")
            if not NAME.match(option.name):
                problems.append(f"{where}: option name {option.name!r} is not 1-32 lowercase letters, digits, - or _")
            if not 1 <= len(option.description) <= DESCRIPTION_MAX:
                problems.append(f"{where} {option.name}: a description must have 1-{DESCRIPTION_MAX} characters")
            for bound in (option.min_value, option.max_value):
                if bound is not None and abs(bound) > INTEGER_LIMIT:
                    problems.append(f"{where} {option.name}: the bound {bound} is beyond Discord's ±(2^53 - 1)")
            if option.max_length is not None and not 1 <= option.max_length <= TEXT_MAX:
                problems.append(f"{where} {option.name}: a maximum length must be 1-{TEXT_MAX}")
            if len(option.choices) > CHOICES_MAX:
                problems.append(f"{where} {option.name}: more than {CHOICES_MAX} choices")
            for label, value in option.choices:
                if not 1 <= len(label) <= 100 or not 1 <= len(value) <= 100:
                    problems.append(f"{where} {option.name}: a choice's name and value must have 1-100 characters")
        top_level[command.path[0]] = top_level.get(command.path[0], 0) + 1
    for group, count in top_level.items():
        if count > SUBCOMMANDS_MAX:
            problems.append(f"/{group}: {count} subcommands, more than {SUBCOMMANDS_MAX}")
    if len(top_level) + other_top_level > COMMANDS_MAX:
        problems.append(f"{len(top_level) + other_top_level} top-level commands, more than {COMMANDS_MAX}")
    return problems


def own_top_level(front: Front) -> set[str]:
    """The top-level commands this game adds besides the shared verbs and grouped commands every game may
    use (`engine.front.SHARED_COMMANDS`, `GROUPED_COMMANDS`): what `OWN_COMMANDS_BUDGET` bounds."""
    return top_level_names(front) - set(SHARED_COMMANDS) - set(GROUPED_COMMANDS)
