"""StarCraft Mafia's order commands as declarations (issue 11's names).

One main action a day (attack, sleep, heal, repair, probe, nothing), each replacing the day's main
action, and the extras (give, pickup, steal, and one offensive ability: stim, cloak, sabotage; with the
`day_vote` house rule, /vote lynch), each filling or, with `undo`, emptying its own slot. Options naming
players, items and kinds get their choices from the player's view (`choosers.py`); `form` and `infest` are
offered only to the infested. How options become orders is in `apply.py`; `EXAMPLES` feed /help.
"""

from __future__ import annotations

from engine.front import Command, Option, grouped, slotted
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.front.texts import text

MAIN, EXTRAS = "main", "extras"


def _undo() -> Option:
    return Option("undo", text("opt_undo"), type="boolean", default=False)


COMMANDS: tuple[Command, ...] = (
    Command(
        "attack",
        text("cmd_attack"),
        (
            Option("target", text("opt_attack_target"), required=True, source="attack_targets"),
            Option("weapon", text("opt_weapon"), source="weapons"),
            Option("form", text("opt_form"), source="forms"),
            Option("infest", text("opt_infest"), source="infest"),
        ),
        MAIN,
    ),
    Command("sleep", text("cmd_sleep"), (), MAIN),
    Command(
        "heal", text("cmd_heal"), (Option("target", text("opt_heal_target"), required=True, source="others"),), MAIN
    ),
    Command(
        "repair",
        text("cmd_repair"),
        (
            Option("target", text("opt_repair_target"), required=True, source="repair_targets"),
            Option("item", text("opt_repair_item"), source="repair_items"),
        ),
        MAIN,
    ),
    Command(
        "probe", text("cmd_probe"), (Option("target", text("opt_probe_target"), required=True, source="others"),), MAIN
    ),
    Command("nothing", text("cmd_nothing"), (), MAIN),
    Command(
        "give",
        text("cmd_give"),
        (
            Option("item", text("opt_give_item"), required=True, source="my_items"),
            Option("to", text("opt_give_to"), source="others"),
            _undo(),
        ),
        EXTRAS,
    ),
    Command(
        "pickup",
        text("cmd_pickup"),
        (Option("item", text("opt_pickup_item"), required=True, source="body_items"), _undo()),
        EXTRAS,
    ),
    Command(
        "steal",
        text("cmd_steal"),
        (
            Option("target", text("opt_steal_target"), source="others"),
            Option("item", text("opt_steal_item"), source="steal_kinds"),
            _undo(),
        ),
        EXTRAS,
    ),
    Command("stim", text("cmd_stim"), (_undo(),), EXTRAS),
    Command("cloak", text("cmd_cloak"), (_undo(),), EXTRAS),
    Command(
        "vote lynch",
        text("cmd_vote_lynch"),
        (Option("player", text("opt_vote_player"), source="others"), _undo()),
        EXTRAS,
        group_description=text("cmd_vote"),
    ),
    Command(
        "sabotage",
        text("cmd_sabotage"),
        (
            Option("target", text("opt_sabotage_target"), source="others"),
            Option("item", text("opt_sabotage_item"), source="sabotage_kinds"),
            _undo(),
        ),
        EXTRAS,
    ),
)

# The verbs filed under the shared grouped commands (`/item action:...`, `/skill action:...`, `/act action:...`)
# rather than top-level: docs/rulesets.md, "Command budget".
COMMANDS = grouped(
    COMMANDS,
    {
        "give": "item",
        "pickup": "item",
        "heal": "skill",
        "repair": "skill",
        "probe": "skill",
        "steal": "skill",
        "stim": "skill",
        "cloak": "skill",
        "sabotage": "skill",
        "sleep": "act",
        "nothing": "act",
    },
)

COMMANDS = slotted(
    COMMANDS,
    {"target": "target", "weapon": "with", "form": "how", "player": "target"},
    {
        "repair": {"item": "how"},
        "give": {"item": "with", "to": "target"},
        "pickup": {"item": "target"},
        "steal": {"item": "how"},
        "sabotage": {"item": "how"},
    },
)

EXAMPLES: dict[str, tuple[str, ...]] = {  # as typed: the shared options (a command typed alone opens its menu)
    "attack": (
        "/attack target:Raynor",
        "/attack target:Raynor with:C-14 Rifle",
        "/attack target:Raynor how:zerg",
    ),
    "sleep": ("/act action:sleep",),
    "heal": ("/skill action:heal target:Tychus",),
    "repair": ("/skill action:repair target:Tychus", "/skill action:repair target:yourself how:C-7 Pistol"),
    "probe": ("/skill action:probe target:Kerrigan",),
    "nothing": ("/act action:nothing",),
    "give": ("/item action:give with:C-7 Pistol target:Tychus", "/item action:give (its menu: undo)"),
    "pickup": ("/item action:pickup target:C-10 Rifle",),
    "steal": ("/skill action:steal target:Raynor how:C-14 Rifle",),
    "stim": ("/skill action:stim (its menu: give it, or undo)",),
    "cloak": ("/skill action:cloak (its menu: give it, or undo)",),
    "sabotage": ("/skill action:sabotage target:Raynor how:C-14 Rifle", "/skill action:sabotage target:Raynor"),
    "vote lynch": ("/vote lynch target:Kerrigan", "/vote lynch (its menu: undo)"),
}


# The verbs only some classes have, by the ability each needs ("Players, teams, classes"; validate.py refuses
# the others with "no_ability"): the card and the `action` choices offer a player only those of their class.
ABILITY_OF = {
    "heal": "heal",
    "probe": "psychic_probe",
    "repair": "repair",
    "stim": "stim_pack",
    "cloak": "cloak",
    "sabotage": "sabotage",
}


def usable(command: Command, view: dict) -> bool:
    """Whether the player's class has what the verb needs (from their own view: their class)."""
    me, needed = view.get("me"), ABILITY_OF.get(command.name)
    if needed is None or not me:
        return True
    return needed in catalog().cls(me["cls"]).abilities
