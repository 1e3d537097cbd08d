"""`Front`: a game's face as one value built from small declared parts, each read by the one service that uses it.

A game composes the parts it has (`Front(title=..., orders=Orders(...), cards=Cards(...), ...)`); a part left
out is the feature turned off (no `picture`: no `/map`; no `trade`: no proposals). Everything in a part is
data or a pure function of what it is given: the same inputs give the same output, and nothing reads more
than the view it is handed.

Where a part's default depends on another (a game's `/help` lists its commands; a post is titled with the
game's name), `Front` fills it in when the value is made, so every service reads one field and never a
fallback of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from engine.dice.words import DiceWords
from engine.front.cards import Card, CardField, Picture
from engine.front.commands import (
    CHOICES_MAX,
    Asked,
    Change,
    Chooser,
    Command,
    Form,
    Moderation,
    OrderPart,
    Refused,
    StepButton,
)
from engine.front.community import Community
from engine.front.signup import Signup
from engine.front.words import Words
from engine.keyed import joined

View = dict[str, Any]
ViewCards = Callable[[View], list[Card]]


def _refuse_all(asked: Asked) -> Change:  # filled in by `Front` with the game's name
    raise Refused(f"/{asked.command} is not a command of this game.")


def _no_form(name: str, view: View, current: dict[str, Any]) -> Form | str:  # filled in by `Front`
    return f"/{name} is not a command of this game."


def _orders_as_data(orders: dict[str, Any] | None, view: View) -> list[str]:
    return [str(orders)] if orders else []


@dataclass(frozen=True)
class Orders:
    """How players give orders.

    - `commands`: the order commands and their options. Names are top-level (`/attack`, `/vote mark`) or filed
      under a shared grouped command (`grouped`: `/skill action:stim`); the bot registers one Discord command
      per name for all installed games and hands each use to the game the command is about.
    - `choosers`: source name -> chooser; `choices` gives an option's autocomplete from the asking player's
      own view and their own current orders (never the state), so a choice list cannot leak a secret.
    - `apply(asked)`: a command's options become the player's new orders (a `Change`), or `Refused` with the
      player-facing reason; the engine's `validate` still checks the whole orders afterwards.
    - `describe(orders, view)`: orders in words, for confirmations and `/orders`; `when_idle`: what a player
      who sends nothing does, in words ("": the game says nothing of it).
    - `forms` and `form(name, view, current)`: commands answered with a menu of selects (`/day0`), and the
      form for this player now, or a player-facing reason why there is none.
    - `step_buttons(view, current)`: buttons for the player's next step (at most `STEP_BUTTONS_MAX`), attached
      to the message telling them a step waits (None: the game is played with its commands only);
      `step_hint(view)`: a line that message ends with, saying how the step is given when it takes more than
      one command (None: one command gives a step).
    - `parts(orders, view)`: the orders one by one (`OrderPart`), for the orders card's buttons to change or
      withdraw each (None: the orders are one whole, changed by choosing a verb and withdrawn at once).
    - `usable(command, view)`: whether this player may give the command at all, from their own view (a class's
      abilities); the verbs the orders card and the `action` choices offer are those (None: every verb of the
      phase). Validation still refuses what the rules forbid, with its reason."""

    commands: tuple[Command, ...] = ()
    apply: Callable[[Asked], Change] = _refuse_all
    describe: Callable[[dict[str, Any] | None, View], list[str]] = _orders_as_data
    choosers: Mapping[str, Chooser] = field(default_factory=dict)
    when_idle: str = ""
    forms: tuple[Command, ...] = ()
    form: Callable[[str, View, dict[str, Any]], Form | str] = _no_form
    step_buttons: Callable[[View, dict[str, Any]], list[StepButton]] | None = None
    step_hint: Callable[[View], str] | None = None
    parts: Callable[[dict[str, Any], View], list[OrderPart]] | None = None
    usable: Callable[[Command, View], bool] | None = None

    def offered(self, command: Command, view: View) -> bool:
        """Whether the verb is offered to this player now: open in their phase, and usable by them."""
        if command.phases and view.get("phase") not in command.phases:
            return False
        return self.usable is None or self.usable(command, view)

    def command(self, name: str) -> Command | None:
        return next((c for c in self.commands if c.name == name), None)

    def choices(
        self,
        source: str,
        view: View,
        typed: str,
        values: Mapping[str, Any],
        current: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """(label, value) pairs for an option whose `source` is this, at most 25; [] for an unknown source.
        `current` is the player's own current orders for the day (None: none yet)."""
        chooser = self.choosers.get(source)
        return chooser(view, typed, values, current or {})[:CHOICES_MAX] if chooser else []

    def listed(self, orders: dict[str, Any] | None, view: View) -> list[OrderPart]:
        """The player's orders one by one for the orders card ([]: none given); a game that declares no
        `parts` has its orders as one whole, in the words `describe` gives them."""
        if not orders:
            return []
        if self.parts is not None:
            return self.parts(orders, view)
        return [OrderPart(line="; ".join(self.describe(orders, view)))]

    def buttons(self, view: View, current: dict[str, Any]) -> list[StepButton]:
        """The buttons for this player's next step now ([] when the game has none)."""
        return self.step_buttons(view, current) if self.step_buttons is not None else []


def _no_cards(view: View) -> list[Card]:
    return []


def _same_as_status(view: View) -> list[Card]:  # replaced by `Cards.status`
    raise AssertionError("filled in by Cards")


def _no_rules() -> list[Card]:
    return []


def _commands_by_section() -> list[Card]:  # filled in by `Front` from its commands
    raise AssertionError("filled in by Front")


def commands_help(title: str, commands: tuple[Command, ...], sections: Mapping[str, str] | None = None) -> list[Card]:
    """A game's `/help` by default: its commands grouped by section, from their declarations. `sections` titles
    each section (`Command.section`, a key) with the game's text for it, so that a reader of another language
    reads it in theirs; a section it leaves out is titled with its key."""
    titles = sections or {}
    grouped: dict[str, list[str]] = {}
    for cmd in commands:
        grouped.setdefault(cmd.section, []).append(joined("", [f"`/{cmd.typed}`: ", cmd.description]))
    fields = tuple(CardField(name=titles.get(s, s), lines=tuple(lines)) for s, lines in grouped.items())
    return [Card(title=title, fields=fields)]


@dataclass(frozen=True)
class Cards:
    """What a game shows as cards (embeds in the bot, panels on the web page).

    `status(view)`: the player's own `/status`; `public(view)`: the public figures now (who lives, the scores)
    from the public view (`Ruleset.public_view`) alone, the web page's cards (default: `status` of that view);
    `gm(view)`: the moderators' cards of the whole game (`/mod view`), from `Ruleset.gm_view`; `sheet(view)`:
    the player's own character sheet during play (default: their status cards); `rules()`: the rules in short;
    `help()`: the command list (default: the game's commands by section)."""

    status: ViewCards = _no_cards
    public: ViewCards = _same_as_status
    gm: ViewCards = _no_cards
    sheet: ViewCards = _same_as_status
    rules: Callable[[], list[Card]] = _no_rules
    help: Callable[[], list[Card]] = _commands_by_section

    def __post_init__(self) -> None:
        for name in ("public", "sheet"):
            if getattr(self, name) is _same_as_status:
                object.__setattr__(self, name, self.status)


def _same_as_drawn(view: View) -> Picture | None:  # replaced by `Pictures.draw`
    raise AssertionError("filled in by Pictures")


@dataclass(frozen=True)
class Pictures:
    """A game drawn as a PNG: `draw(view)` from a player's view (`/map`); `public(view)` from the public view
    alone, posted in the game's channel (default: `draw` of that view); `command` names a command of the
    game's own that shows it besides `/map` (the card game's `/board`), `description` what Discord shows for
    it (the game's words; default: the bot's); `after_each_step`: post `public` with the post of every step
    resolved. Pillow and other heavy imports stay inside the functions."""

    draw: Callable[[View], Picture | None]
    public: Callable[[View], Picture | None] = _same_as_drawn
    command: str | None = None
    after_each_step: bool = False
    description: str = ""

    def __post_init__(self) -> None:
        if self.public is _same_as_drawn:
            object.__setattr__(self, "public", self.draw)


def _narration(kind: str) -> str | None:
    return None


def _game_results(day: int) -> str:  # filled in by `Front` with the game's name
    raise AssertionError("filled in by Front")


def _step_named(day: int) -> str:  # filled in by `Front` with the game's words
    raise AssertionError("filled in by Front")


@dataclass(frozen=True)
class Posts:
    """How a resolution's public events become one post: `section_of(kind)` is the heading an event of this kind
    is listed under (None: narration), `sections` the headings in the order a post lists them; `title(day)` the
    post's title (`day` -1: the start; default "<game>: results"); `day_title(day)` a day as the headings of
    `brbot simulate` name it (default: the game's `words`); `step_group(view)`: in a game of many short steps,
    the group ("Round 3") of a step played in this public view, under which the web page lists its steps
    (None: one by one)."""

    sections: tuple[str, ...] = ()
    section_of: Callable[[str], str | None] = _narration
    title: Callable[[int], str] = _game_results
    day_title: Callable[[int], str] = _step_named
    step_group: Callable[[View], str | None] | None = None

    def rank(self, section: str | None) -> int:
        """Where a section comes in a post: its place in `sections` (one not listed comes after them)."""
        return self.sections.index(section) if section in self.sections else len(self.sections)


def step_titles(text: Callable[..., str], key: str, start: str = "post_start") -> Callable[[int], str]:
    """A `Posts.title` or `Posts.day_title` from the game's own texts: `text(key, day=day)`, and `text(start)`
    for the start (day -1)."""

    def title(day: int) -> str:
        return text(key, day=day) if day >= 0 else text(start)

    return title


@dataclass(frozen=True)
class Trade:
    """An order that proposes something to another player: whenever a command changes the terms offered to a
    seat, the bot sends that player the proposal in words with Accept and Decline buttons.

    `offer_to(orders, seat)`: the terms offered to `seat` in these orders (None: none), as JSON data;
    `offer_text(terms, proposer, game, view)`: the proposal as its addressee reads it (`proposer` the
    proposer's name, `game` the game's, `view` the proposer's own view); `accept(terms, proposer, view,
    current)`: the orders of the player who accepts terms offered by seat `proposer`."""

    offer_to: Callable[[dict[str, Any] | None, str], dict[str, Any] | None]
    offer_text: Callable[[dict[str, Any], str, str, View], str]
    accept: Callable[[dict[str, Any], str, View, dict[str, Any]], Change]


def group_title(key: str) -> str:
    """A group's name when the game gives none: its key in words ("Infested")."""
    return key.replace("_", " ").capitalize()


def group_intro(game: str, title: str) -> str:
    """A group's first message when the game gives none."""
    return (
        f"{title}: a private chat for this group of {game}. Only its members and the"
        " moderators read it; the bot adds whoever joins the group and removes whoever leaves it."
    )


def _private_chat(key: str) -> str:  # filled in by `Front` with the game's name
    raise AssertionError("filled in by Front")


@dataclass(frozen=True)
class Groups:
    """The private chats of the groups a ruleset declares (`Ruleset.groups`: a mafia's team): `title(key)` their
    name as members read it, `intro(key)` their first message (who it is for and what it is for)."""

    title: Callable[[str], str] = group_title
    intro: Callable[[str], str] = _private_chat


@dataclass(frozen=True)
class Front:
    """A game's face: its name, its words in the shared texts, and the parts it has (see the module)."""

    title: str
    words: Words = Words()
    orders: Orders = field(default_factory=Orders)
    cards: Cards = field(default_factory=Cards)
    picture: Pictures | None = None
    posts: Posts = field(default_factory=Posts)
    signup: Signup = field(default_factory=Signup)
    trade: Trade | None = None
    groups: Groups = field(default_factory=Groups)
    community: Community = Community()
    moderation: tuple[Moderation, ...] = ()  # the `/mod` actions of this game (`Ruleset.moderate`)
    dice: DiceWords | None = None  # the game's own words for `/roll`: tables, options that mark dice

    def __post_init__(self) -> None:
        orders, cards, posts, groups = self.orders, self.cards, self.posts, self.groups
        if orders.apply is _refuse_all:
            orders = replace(orders, apply=partial(_not_a_command, self.title))
        if orders.form is _no_form:
            orders = replace(orders, form=partial(_no_such_form, self.title))
        if cards.help is _commands_by_section:
            cards = replace(cards, help=partial(commands_help, self.title, orders.commands))
        if posts.title is _game_results:
            posts = replace(posts, title=partial(_results_title, self.title))
        if posts.day_title is _step_named:
            posts = replace(posts, day_title=partial(_day_title, self.words))
        if groups.intro is _private_chat:
            groups = replace(groups, intro=partial(_group_intro, self.title, groups.title))
        for name, part in (("orders", orders), ("cards", cards), ("posts", posts), ("groups", groups)):
            object.__setattr__(self, name, part)

    def moderation_action(self, name: str) -> Moderation | None:
        return next((m for m in self.moderation if m.name == name), None)


def _not_a_command(title: str, asked: Asked) -> Change:
    raise Refused(f"/{asked.command} is not a command of {title}.")


def _no_such_form(title: str, name: str, view: View, current: dict[str, Any]) -> Form | str:
    return f"/{name} is not a command of {title}."


def _results_title(title: str, day: int) -> str:
    return f"{title}: results" if day >= 0 else title


def _day_title(words: Words, day: int) -> str:
    return words.name(day) if day >= 0 else "Start"


def _group_intro(game: str, title: Callable[[str], str], key: str) -> str:
    return group_intro(game, title(key))
