"""Sign-up to Day 1: the player count, the infested drawn by `infested_table`, classes and starting items.

Rulings, "Players, teams, classes": 5-20 players; infested drawn at random by the table; the starting
count announced (`announce_infested_count`); class requests granted in sign-up order while the class has
fewer than ceil(N/5) players, the others placed in random order in a class with the fewest players (ties at
random); classes public. Rulebook, class sheets: each class's suit, body and items.
"""

from __future__ import annotations

import math
from fractions import Fraction

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from engine.events import MODERATORS, PUBLIC, Event, to_players
from engine.keyed import joined
from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.starcraft_mafia.catalog import catalog
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from engine.rulesets.starcraft_mafia.state import Player, SCMState
from engine.rulesets.starcraft_mafia.texts import listing, say


class SetupError(ValueError):
    """The roster cannot start a game; the message is the reason, for the moderator."""


class SignUpRequest(BaseModel):
    """What a player may ask for at sign-up: a class (by id or name, any case), as `role` (what the bot's
    sign-up writes: `/join role:`) or `cls`."""

    model_config = ConfigDict(extra="forbid")

    cls: str | None = Field(None, validation_alias=AliasChoices("role", "cls"))


def _event(kind: str, audience, key: str, data: dict | None = None, **values: object) -> Event:
    return Event(kind=kind, audience=audience, text=say(key, **values), data=data or {}, day=1, phase="day")


def _request(entry: SignUp) -> str | None:
    """The class a player asked for, or a SetupError naming the sign-up field that is not understood."""
    try:
        return _class_id(entry.seat, SignUpRequest.model_validate(entry.requests).cls)
    except ValidationError as error:
        fields = joined(", ", [str(e["loc"][0]) for e in error.errors() if e["loc"]])
        raise SetupError(say("bad_request", seat=entry.seat, fields=fields or "?")) from None


def _class_id(seat: str, requested: str | None) -> str | None:
    if requested is None or not requested.strip():
        return None
    wanted = requested.strip().lower()
    for c in catalog().classes:
        if wanted in (c.id, c.name.lower()):
            return c.id
    choices = joined(", ", [c.name for c in catalog().classes])
    raise SetupError(say("unknown_class", seat=seat, requested=requested, choices=choices))


def check_roster(roster: list[SignUp], settings: SCMSettings) -> None:
    count = len(roster)
    if count < settings.min_players:
        raise SetupError(say("too_few_players", minimum=settings.min_players, count=count))
    if count > settings.max_players:
        raise SetupError(say("too_many_players", maximum=settings.max_players, count=count))


def class_weights(settings: SCMSettings | None) -> dict[str, int]:
    """The classes in play, each with its weight, in the table's order (every class once when the setup chooses
    none, as the rulings deal them)."""
    chosen = None if settings is None else settings.classes
    return {c: 1 if chosen is None else chosen[c] for c in catalog().class_ids() if chosen is None or chosen.get(c)}


def assign_classes(roster: list[SignUp], rng: RecordingRng, settings: SCMSettings | None = None) -> dict[str, str]:
    """Seat -> class. `roster` is in sign-up order. Requests are granted in that order while the class has
    fewer than ceil(N/5) players; the others, in random order, each go to a class with the fewest players.
    A setup's `classes` (their weights w, totalling W) generalise both: a class takes requests while it has fewer
    than ceil(N*w/W) players, and the others go to a class with the fewest players for its weight (players/w);
    a class out of play takes none (its requests are refused and placed as the others are)."""
    weights = class_weights(settings)
    total = sum(weights.values())
    caps = {c: math.ceil(Fraction(len(roster) * w, total)) for c, w in weights.items()}
    counts = {c: 0 for c in weights}
    out: dict[str, str] = {}
    rest: list[str] = []
    for entry in roster:
        wanted = _request(entry)
        if wanted is not None and counts.get(wanted, 0) < caps.get(wanted, 0):
            out[entry.seat] = wanted
            counts[wanted] += 1
        else:
            rest.append(entry.seat)
    for seat in rng.shuffled(rest, "class placement order"):
        fewest = min(Fraction(n, weights[c]) for c, n in counts.items())
        cls = rng.choice([c for c, n in counts.items() if Fraction(n, weights[c]) == fewest], f"class for {seat}")
        out[seat] = cls
        counts[cls] += 1
    return out


def new_game(roster: list[SignUp], settings: SCMSettings, rng: RecordingRng) -> tuple[SCMState, list[Event]]:
    check_roster(roster, settings)
    if len({p.seat for p in roster}) != len(roster):
        raise SetupError("Each seat may sign up only once.")
    classes = assign_classes(roster, rng, settings)
    seats = sorted(p.seat for p in roster)
    count = settings.infested_count(len(roster))
    infested = set(rng.sample(seats, count, "infested at the start"))
    state = SCMState(settings=settings, infested_at_start=count)
    for entry in sorted(roster, key=lambda p: p.seat):
        defn = catalog().cls(classes[entry.seat])
        player = Player(
            id=entry.seat,
            name=entry.name,
            cls=defn.id,
            requested_class=_request(entry),
            suit_hp=defn.suit.hp,
            suit_max=defn.suit.hp,
            body_hp=defn.body.hp,
            body_max=defn.body.hp,
        )
        if entry.seat in infested:
            player.team, player.infested_day, player.zerg_hp = "infested", 0, catalog().zerg.body.hp
        player.items = [state.new_item(kind) for kind in defn.items]
        state.players[player.id] = player
    state = SCMState.model_validate(state.model_dump())  # re-sorts the players by seat
    return state, _opening(state)


def _opening(state: SCMState) -> list[Event]:
    players = list(state.players.values())
    events = [_event("game_start", PUBLIC, "game_starts", {"players": len(players)}, count=len(players))]
    if state.settings.announce_infested_count:
        n = state.infested_at_start
        events.append(
            _event(
                "infested_count",
                PUBLIC,
                "infested_count",
                {"count": n},
                count=n,
                verb=say("verb_is") if n == 1 else say("verb_are"),
            )
        )
    names = [say("name_and_class", name=p.name, cls=catalog().cls(p.cls).name) for p in players]
    events.append(
        _event("classes", PUBLIC, "classes_public", {"classes": {p.id: p.cls for p in players}}, listing=listing(names))
    )
    team = [p for p in players if p.infested]
    for p in players:
        cls_name = catalog().cls(p.cls).name
        if p.requested_class is None:
            granted = say("no_request")
        elif p.requested_class == p.cls:
            granted = say("request_granted")
        elif p.requested_class not in class_weights(state.settings):
            granted = say("request_not_in_play", requested=catalog().cls(p.requested_class).name, cls=cls_name)
        else:
            granted = say("request_denied", requested=catalog().cls(p.requested_class).name, cls=cls_name)
        team_name = say(f"team_{p.team}")
        if granted:
            text = say("your_class", name=p.name, cls=cls_name, team=team_name, granted=granted)
        else:  # no request to answer: the sentence alone (the English had "{granted}" left empty and stripped)
            text = say("your_class_alone", name=p.name, cls=cls_name, team=team_name)
        data = {"cls": p.cls, "team": p.team}
        events.append(Event(kind="role", audience=to_players(p.id), text=text, data=data, day=1, phase="day"))
    if team:
        events.append(
            _event(
                "infested_team",
                to_players(*[p.id for p in team]),
                "infested_team",
                {"infested": [p.id for p in team]},
                listing=listing([p.name for p in team]),
            )
        )
    events.append(
        Event(
            kind="setup",
            audience=MODERATORS,
            text=say("setup_told", listing=joined("; ", [say("setup_line", **_line(p)) for p in players])),
            data={"players": {p.id: {"cls": p.cls, "team": p.team} for p in players}},
            day=1,
            phase="day",
        )
    )
    return events


def _line(p: Player) -> dict[str, str]:
    return {"name": p.name, "cls": catalog().cls(p.cls).name, "team": say(f"team_{p.team}")}
