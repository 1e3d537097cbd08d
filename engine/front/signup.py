"""What a game takes at sign-up and creation: a role and `Pairing` requests, a moderator's data file and a
player's character sheet (`DataFile`, read by the game's `load`), put together as the front's `Signup` part."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any


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
    `now` and `refused` (to the one who answered), `no_proposal`, `proposer_gone`, `out_of_play` {game} (a
    proposal in a game whose setup does not put `role` in play, `Signup.in_play`)."""

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
class DataFile:
    """A file a moderator may attach when creating a game (`/game create`), replacing one of the game's tables
    (Battle Royale: the map), or a player's character sheet (`Signup.sheet`: `setting` is then the sign-up
    request it fills). `setting` is the settings field it fills, `label` what moderators call it ("map"),
    `description` what the create command says of it, `max_bytes` the largest file taken. The bot reads the
    file (YAML or JSON, a mapping at the top) and hands the data to the `Upload`'s `load`."""

    setting: str
    label: str
    description: str
    max_bytes: int = 64 * 1024


@dataclass(frozen=True)
class Sections:
    """What a `Load` returns for a file that fills more than its one setting (Battle Royale's map file with its
    optional `items:` and `roles:`): `main` the value of the file's `setting` (None when the file holds none of
    it), `more` each other setting it fills, by name, as JSON data."""

    main: Any
    more: Mapping[str, Any] = field(default_factory=dict)


Load = Callable[[dict[str, Any]], tuple[Any, str]]
"""Reads a file's data: (its value as JSON data, or `Sections`, and what was loaded in words), or raises
`Refused` with the reason."""


def _no_template() -> str:
    return ""


def _every_role(settings: Any) -> Collection[str] | None:
    return None


@dataclass(frozen=True)
class Upload:
    """A file the game reads (`file` declares it) and how it reads it (`load`)."""

    file: DataFile
    load: Load


@dataclass(frozen=True)
class Sheet(Upload):
    """A player's character sheet, attached before the start (`/sheet upload`): read like a data file, kept in
    their sign-up's requests under `file.setting` for `new_game`; `template()` is an example file to edit (YAML,
    with comments saying what each field means). During play the sheet is shown as the cards `Cards.sheet`."""

    template: Callable[[], str] = _no_template


def character_sheet(text: Callable[..., str], load: Load, template: Callable[[], str]) -> Sheet:
    """The character sheet of a game whose texts name it `sheet_label` and `sheet_description`, kept in the
    sign-up's `sheet` request."""
    return Sheet(
        DataFile(setting="sheet", label=text("sheet_label"), description=text("sheet_description")), load, template
    )


@dataclass(frozen=True)
class Signup:
    """What a game takes at sign-up and creation.

    A player may ask for one of `roles` ((label, value); `default_role` when they ask for none) and make the
    `pairings`' requests. `role_texts` has `requested` {role} and `choose` (the /role choose description),
    `option` (the role option's description), `join_option` (/join's role option), `unknown` {role} (a role
    the game does not have) and `not_chosen` (a role taken only through a pairing, asked for with /role
    choose), `out_of_play` {role} {roles} {game} (a role the game's setup does not put in play; `roles`: those
    it does). `in_play(settings)`: the values of the roles (of `roles` and of the pairings' `role`) the game's
    house rules (parsed) can grant, or None for every one (the default): the sign-up offers only these and
    refuses the others at once; a request made before a moderator took its role out stays, for `new_game` to
    refuse at the start. `data`: a file a moderator may attach when creating a game (`/game create file:`),
    replacing one of its tables; `sheet`: a character sheet a player may attach. None: the game takes no such
    file."""

    roles: tuple[tuple[str, str], ...] = ()
    default_role: str | None = None
    pairings: tuple[Pairing, ...] = ()
    role_texts: Mapping[str, str] = field(default_factory=dict)
    in_play: Callable[[Any], Collection[str] | None] = _every_role
    data: Upload | None = None
    sheet: Sheet | None = None
