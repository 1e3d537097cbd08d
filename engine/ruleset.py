"""The contract every ruleset fulfils, whatever its shape of play.

A ruleset is pure data-in, data-out:

- `new_game(roster, settings, rng)` builds the first state from the sign-up roster.
- `awaiting(state)` says whose orders the current phase waits for (everyone alive for a
  simultaneous night; the acting combatant in an initiative turn; the current player in a card game).
- `validate(state, player, orders)` returns a player-facing reason for refusal, or None.
- `default_orders(state, player)` is what an idle player does.
- `resolve(state, orders, rng)` resolves the phase and returns `Resolution(state, events)`.
- `view(state, player)` is everything that player may know, and nothing more.
- `moderate(state, action, params)` (optional) applies a moderator's change (Battle Royale: kill, revive,
  give, take; declared for the bot by the game's front, `engine.front.Moderation`) with the ruleset's own
  consequences; `moderation_choices` lists what such an action's options may name.

Pacing, with defaults that fit a game of simultaneous orders where every actor is a player's seat:

- `pacing`: "simultaneous" (everyone awaited orders at once; resolved at the deadline, or as soon as all
  awaited have acted) or "sequential" (one actor at a time: each step resolves as soon as its one awaited
  actor acts, and each step has its own deadline).
- `step_hours`: the deadline rule the game suggests: None for a daily deadline at the game's time of day,
  or the hours each step (day, turn) lasts. The bot stores it per game, and moderators may change it.
  `step_hours_setting` names a house rule of the game's (a number of hours) that sets it too: when the
  game is created and whenever a moderator changes that rule (the card game's `turn_hours`).
- `actors(state)`: everyone who can be ordered, each with its `controller`: a player's seat, or None for the
  game master (an NPC, ordered by a moderator acting `as` it). An id that is not listed is a player's own
  seat, controlling itself (the default: `actors` lists nobody). One controller may hold several actors.
- `npc_orders(state, actor, rng)`: the scripted policy that orders for an NPC nobody ordered by the deadline.
- `groups(state)`: the private groups the game has now and who is in each (group key -> sorted seats), like a
  mafia's team that knows itself; the bot keeps a private chat for each (default: none).
- `pending(state)`: the question a resolution stopped on, or None. While one is pending, `awaiting` names only
  the asked actor, `default_orders` is the question's default answer, and `resolve(state, {actor: answer})`
  goes on from where it stopped. The bot asks the question's player by DM, with its own deadline.
- `orders_anytime(state, seat)`: whether a seat the game does not await now may still give orders (checked by
  `validate` as any others): orders that may be given at any time, kept for the current step and handed to
  `resolve` with the awaited actors' (Infinity: a move in the post order). Default: no one.
- `ready(state, seat, orders)`: whether an awaited seat's orders are complete, so that early resolution need not
  wait for more (default: any orders are). Infinity's post, built over several commands, is ready once sent.
- `same_turn(before, after)`: whether a resolved step left the same actor's turn going on (default: never).
  When it does, the bot keeps the deadline the turn began with instead of giving the next step a new one, so
  a turn of several steps lasts `step_hours` in all (the card game's `turn_hours`).

Every call to `resolve` is one step and advances the state's `day` (a day, a turn, an answered question): the
bot keeps one resolution record, one seed and one deadline per step.

States and orders are pydantic models that dump to JSON; `resolve` never mutates its input.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, Field

from engine.events import Event
from engine.play import Play
from engine.rng import RecordingRng, Roll

StateT = TypeVar("StateT", bound=BaseModel)
OrdersT = TypeVar("OrdersT", bound=BaseModel)
SettingsT = TypeVar("SettingsT", bound=BaseModel)


@dataclass
class Resolution(Generic[StateT]):
    """What one resolution produced: the new state, the events (with audiences) and the rolls."""

    state: StateT
    events: list[Event] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)

    def to_json(self) -> str:
        """The whole outcome as canonical JSON: the same state, orders and seed give the same text."""
        return json.dumps(
            {
                "state": self.state.model_dump(mode="json"),
                "events": [e.model_dump(mode="json") for e in self.events],
                "rolls": [r.as_dict() for r in self.rolls],
            },
            sort_keys=True,
            separators=(",", ":"),
        )


class SignUp(BaseModel):
    """One player on the roster as the sign-up phase left them; `requests` is ruleset-specific."""

    seat: str
    name: str
    requests: dict[str, Any] = Field(default_factory=dict)


class ModerationRefused(Exception):
    """Raised by `Ruleset.moderate` when the action cannot apply; carries the moderator-facing reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Actor:
    """Someone who can be ordered: a player's character or an NPC. `controller` is the seat of the player who
    orders for it, or None when the game master does (moderators act `as` it). Ids are at most 20 characters
    (the bot stores orders by actor id) and never look like a seat (`s` and digits)."""

    id: str
    name: str
    controller: str | None


@dataclass(frozen=True)
class Question:
    """A decision a resolution stopped on: `actor` is asked `prompt`, answering with one of `choices`
    ((label, value) pairs) through the game's command `command`; `default` is the answer given for them when
    the deadline passes, which is `hours` from the asking (None: the game's own deadline rule)."""

    actor: str
    prompt: str
    choices: tuple[tuple[str, str], ...]
    default: str
    command: str
    hours: int | None = None


PACINGS = ("simultaneous", "sequential")
SPECTATOR = ""  # the seat of nobody: `Ruleset.public_view` is the view of this seat


class Ruleset(ABC, Generic[StateT, OrdersT, SettingsT]):
    """Base class of a ruleset; subclasses are registered in `engine.registry`."""

    name: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str] = ""  # the game's name as players read it
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int | None] = None  # None: as many as the game's sign-up cap allows
    front_module: ClassVar[str | None] = None  # the module whose `FRONT` is the game's `engine.front.Front`
    play: ClassVar[Play] = Play()  # computer players, length, outcome, studies (`engine.play`): no front needed
    pacing: ClassVar[str] = "simultaneous"  # or "sequential" (see the module's docstring)
    step_hours: ClassVar[int | None] = None  # None: a daily deadline at the game's time of day
    # The house rule that holds the hours of a step, when the game's rules name one (StarCraft Mafia's
    # `day_hours`): the bot's deadline follows it, and `/game settings` changes both as one.
    step_hours_setting: ClassVar[str | None] = None
    # When the day's seeds are revealed: "daily" (with each day's results) or "at_end" (when the game ends), for
    # a game with hidden teams, where a day's seed with its public results lets a player replay the day under
    # guesses of the hidden orders and keep the guesses that match. The commitment is published either way.
    seeds_revealed: ClassVar[Literal["daily", "at_end"]] = "daily"
    state_model: ClassVar[type[BaseModel]]
    orders_model: ClassVar[type[BaseModel]]
    settings_model: ClassVar[type[BaseModel]]

    @abstractmethod
    def new_game(self, roster: list[SignUp], settings: SettingsT, rng: RecordingRng) -> Resolution[StateT]:
        """Build the opening state (and its announcements) from the roster."""

    @abstractmethod
    def awaiting(self, state: StateT) -> list[str]:
        """Actor ids (players' seats, NPCs) whose orders the current phase waits for, sorted."""

    @abstractmethod
    def validate(self, state: StateT, seat: str, orders: OrdersT) -> str | None:
        """None if the orders are acceptable now, else a clear player-facing reason."""

    @abstractmethod
    def default_orders(self, state: StateT, seat: str) -> OrdersT:
        """The orders of a player who submitted nothing."""

    @abstractmethod
    def resolve(self, state: StateT, orders: dict[str, OrdersT], rng: RecordingRng) -> Resolution[StateT]:
        """Resolve the current phase. Pure: the same state, orders and seed give the same result."""

    @abstractmethod
    def view(self, state: StateT, seat: str) -> dict[str, Any]:
        """Everything this player may know about the game now, and nothing more."""

    def public_view(self, state: StateT) -> dict[str, Any]:
        """What anyone may know of the game now, for a post in the game's channel (the picture after a step:
        `Pictures.after_each_step`). Default: the view of a seat no player holds (`SPECTATOR`); a game
        whose `view` cannot give one overrides this. Nothing in it may be one player's secret."""
        return self.view(state, SPECTATOR)

    @abstractmethod
    def is_over(self, state: StateT) -> bool:
        """True once the game has ended."""

    def moderate(self, state: StateT, action: str, params: dict[str, Any]) -> Resolution[StateT]:
        """Apply a moderator's action outside resolution; pure like `resolve`. Raises `ModerationRefused`
        with a reason, also when the ruleset has no such action."""
        raise ModerationRefused(f"This game has no moderator action {action!r}.")

    def moderation_choices(self, state: StateT, action: str, seat: str | None = None) -> list[tuple[str, str]]:
        """(value, label) pairs a moderator's option may name; `action` is the option's `source` in the front's
        `Moderation` declaration (Battle Royale: item kinds to give, a player's items to take)."""
        return []

    def orders_anytime(self, state: StateT, seat: str) -> bool:
        """Whether `seat` (a seat or an actor id), though not awaited now, may still give orders, which `validate`
        checks as usual and `resolve` receives with the awaited actors' (default: no; the bot refuses anyone the
        game does not await)."""
        return False

    def ready(self, state: StateT, seat: str, orders: OrdersT) -> bool:
        """Whether `seat`'s current orders (an awaited seat or actor's) are complete, so that a game resolving early
        need not wait for more from it. Default: yes, any orders are (an actor's step is one order). A game whose
        step is built over several commands says no until it is complete (Infinity: a post until it is sent, or
        until it leaves nothing to spend). The deadline resolves whatever orders there are, ready or not."""
        return True

    def scripted_now(self, state: StateT, actor: str) -> bool:
        """Whether the awaited `actor` is played by the script alone (no moderator may order it), so a game
        resolving early need not wait for its deadline: its scripted orders (`npc_orders`) are given at once.
        Default: no (the game master's NPCs are awaited until the deadline, then scripted)."""
        return False

    def actors(self, state: StateT) -> list[Actor]:
        """Everyone who can be ordered besides the players' own seats, with their controllers (default: none)."""
        return []

    def controller(self, state: StateT, actor_id: str) -> str | None:
        """The seat that orders for `actor_id` (None: the game master); an unlisted id is a seat of its own."""
        return next((a.controller for a in self.actors(state) if a.id == actor_id), actor_id)

    def npc_orders(self, state: StateT, actor_id: str, rng: RecordingRng) -> OrdersT:
        """What the scripted policy orders for an NPC nobody ordered by the deadline (default: its defaults)."""
        return self.default_orders(state, actor_id)

    def pending(self, state: StateT) -> Question | None:
        """The question the last resolution stopped on, waiting for its answer (default: never any)."""
        return None

    def same_turn(self, before: StateT, after: StateT) -> bool:
        """Whether the step that led from `before` to `after` left the same turn going on, so its deadline
        holds for the next step (default: False, every step has a deadline of its own)."""
        return False

    def groups(self, state: StateT) -> dict[str, list[str]]:
        """The private groups of players now, from the state alone: group key (snake_case, at most 50
        characters, stable for the whole game) -> the sorted seats in it. A group's members know each other
        and talk in private (a mafia's team); the bot keeps one private chat per group, adding whoever joins
        and removing whoever leaves (the dead, say). Return no group to have none (the default, or a house
        rule that turns the chat off). The front names each group (`Groups.title`, `group_intro`)."""
        return {}

    def gm_view(self, state: StateT) -> dict[str, Any]:
        """Everything the moderators may see of the game (`/mod view`, shown by `Cards.gm`): by default
        the whole state as JSON."""
        return state.model_dump(mode="json")

    def actor_name(self, state: StateT, seat: str) -> str | None:
        """The name of the character in `seat` as the players know it (a substitute is told whose place they
        take); None if the game gives none (the player's own name is used)."""
        return None

    def parse_state(self, data: dict[str, Any]) -> StateT:
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def parse_orders(self, data: dict[str, Any]) -> OrdersT:
        return self.orders_model.model_validate(data)  # type: ignore[return-value]

    def house_rules(self) -> list[str]:
        """The settings a moderator sees and changes (`/game settings`) and a game row keeps: every one but
        the game's tables (a setting that is a model of its own, like a map), which are its data."""
        return [
            name
            for name, setting in self.settings_model.model_fields.items()
            if not (isinstance(setting.annotation, type) and issubclass(setting.annotation, BaseModel))
        ]

    def parse_settings(self, data: dict[str, Any] | None) -> SettingsT:
        return self.settings_model.model_validate(data or {})  # type: ignore[return-value]
