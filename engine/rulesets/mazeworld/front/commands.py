"""Mazeworld's order commands as declarations (one action a turn, rulings "The turn"). Their choices come
from `choosers.py`; the game master orders an NPC with the bot's `as` option on the same commands."""

from __future__ import annotations

from engine.front import Command, Option, grouped, slotted
from engine.rulesets.mazeworld.front.texts import text

COMBAT = ("combat",)
ANY = ("combat", "aftermath")
THEN = ("attack", "execute", "reload", "swap", "use", "move", "escape", "plant", "detonate", "skip")

TARGET = Option("target", text("opt_target"), source="targets")
WEAPON = Option("weapon", text("opt_weapon"), source="my_weapons")
MODE = Option("mode", text("opt_mode"), source="modes")
ROUNDS = Option("rounds", text("opt_rounds"), type="integer", min_value=1, max_value=200)
PART = Option("part", text("opt_part"), source="parts")
CONCENTRATE = Option("concentrate", text("opt_concentrate"), type="boolean")
THROW = Option("throw", text("opt_throw"), type="boolean")
ITEM = Option("item", text("opt_item"), source="my_items")
ACCESSORY = Option("accessory", text("opt_accessory"), source="accessories")
SIDE = Option("side", text("opt_side"), type="integer", min_value=1, max_value=4)

COMMANDS: tuple[Command, ...] = (
    Command(
        "attack",
        text("cmd_attack"),
        (
            Option("target", text("opt_target"), required=True, source="targets"),
            WEAPON,
            MODE,
            ROUNDS,
            PART,
            CONCENTRATE,
            ACCESSORY,
            THROW,
            Option("item", text("opt_throw_item"), source="my_throwables"),
        ),
        phases=COMBAT,
    ),
    Command(
        "cover",
        text("cmd_cover"),
        (
            Option("then", text("opt_then"), choices=tuple((t, t) for t in THEN)),
            TARGET,
            WEAPON,
            MODE,
            ROUNDS,
            PART,
            CONCENTRATE,
            ACCESSORY,
            ITEM,
            SIDE,
        ),
        phases=COMBAT,
    ),
    Command(
        "reload",
        text("cmd_reload"),
        (
            Option("weapon", text("opt_reload_weapon"), source="my_firearms"),
            Option("ammo", text("opt_ammo"), source="ammo_types"),
            Option("accessory", text("opt_reload_accessory"), source="attached"),
        ),
        phases=ANY,
    ),
    Command(
        "swap",
        text("cmd_swap"),
        (Option("weapon", text("opt_swap_weapon"), required=True, source="my_weapons"),),
        phases=ANY,
    ),
    Command(
        "use",
        text("cmd_use"),
        (
            Option("item", text("opt_item"), required=True, source="my_items"),
            Option("weapon", text("opt_clean_weapon"), source="my_firearms"),
        ),
        phases=ANY,
    ),
    Command(
        "move",
        text("cmd_move"),
        (Option("side", text("opt_side"), type="integer", required=True, min_value=1, max_value=4),),
        phases=COMBAT,
    ),
    Command("escape", text("cmd_escape"), (), phases=COMBAT),
    Command(
        "plant",
        text("cmd_plant"),
        (Option("weapon", text("opt_plant_weapon"), required=True, source="my_charges"),),
        phases=COMBAT,
    ),
    Command("detonate", text("cmd_detonate"), (), phases=COMBAT),
    Command(
        "execute",
        text("cmd_execute"),
        (
            Option("target", text("opt_execute_target"), required=True, source="helpless"),
            WEAPON,
            ROUNDS,
            Option("part", text("opt_execute_part"), source="parts"),
        ),
        phases=ANY,
    ),
    Command("skip", text("cmd_skip"), (), phases=ANY),
    Command(
        "freeform",
        text("cmd_freeform"),
        (Option("text", text("opt_text"), required=True, max_length=1000),),
        section="game master",
        phases=ANY,
    ),
    Command(
        "butcher",
        text("cmd_butcher"),
        (Option("target", text("opt_butcher_target"), required=True, source="carcasses"),),
        phases=("aftermath",),
    ),
)

# The verbs filed under the shared grouped commands (`/item action:...`, `/skill action:...`, `/act action:...`)
# rather than top-level: docs/rulesets.md, "Command budget".
COMMANDS = grouped(
    COMMANDS,
    {
        "reload": "item",
        "swap": "item",
        "use": "item",
        "plant": "item",
        "execute": "skill",
        "butcher": "skill",
        "detonate": "skill",
        "escape": "act",
        "skip": "act",
        "freeform": "act",
    },
)

COMMANDS = slotted(
    COMMANDS,
    {"target": "target", "weapon": "with", "mode": "how", "rounds": "amount", "text": "how", "then": "how"},
    {
        "reload": {"ammo": "how"},
        "use": {"item": "with", "weapon": "target"},
        "move": {"side": "target"},
        "execute": {"rounds": ""},
        "cover": {"mode": ""},
    },
)
