"""The status card (`/status`), the rules card, and the board in words: the picture's text fallback, for
screen readers. All from the player's view alone."""

from __future__ import annotations

from typing import Any

from engine.front import Card, CardField, rules_and_settings, setting_lines
from engine.keyed import joined
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.front.texts import SETTINGS_DOMAIN, text
from engine.rulesets.battle_royale_cards.settings import CardSettings


def _names(view: dict[str, Any]) -> dict[str, str]:
    return {p["seat"]: p["name"] for p in view["players"]}


def worth_label(card: dict[str, Any]) -> str:
    """A card's name and its worth, "Katana (13)": the name still a text of the data catalogue (not an f-string)."""
    return joined("", [card["name"], f" ({card['worth']})"])


def _active(cards: list[dict[str, Any]]) -> str:
    return joined(", ", [worth_label(c) for c in cards]) or text("none")


def drinking_table() -> str:
    """The resurrection price list of the text (3.5), the same words as the event after a resurrection."""
    from engine.rulesets.battle_royale_cards.texts import say

    return say("drinking_table")


def now_line(view: dict[str, Any]) -> str:
    names = _names(view)
    if view["phase"] == "over":
        return text("status_over", winners=joined(text("and"), [names[s] for s in view["winners"]]))
    if view["phase"] == "placement":
        return text("status_placement", name=names[view["placing"]])
    turn = view["turn"]
    if not turn["preturn_done"]:
        return text("status_turn_new", name=names[turn["seat"]])
    return text("status_turn", name=names[turn["seat"]], actions=turn["actions"], movements=turn["movements"])


def status_cards(view: dict[str, Any]) -> list[Card]:
    lines = [now_line(view)]
    if view["last_card"]:
        lines.append(text("status_last_card", square=view["last_card"]))
    fields = []
    me = next((p for p in view["players"] if p["seat"] == view["you"]), None)
    if me is not None:
        state = text("alive" if me["alive"] else "dead")
        fields.append(
            CardField(
                text("field_you"),
                (text("you_line", square=me["square"] or "-", state=state, active=_active(me["active"])),),
            )
        )
        aside = tuple(
            text("card_line", name=c["name"], worth=c["worth"], ability=c["ability"]) for c in view["me"]["aside"]
        )
        fields.append(CardField(text("field_aside"), aside, empty=text("none")))
    others = tuple(
        text(
            "player_line",
            name=p["name"],
            square=p["square"] or "-",
            state=text("alive" if p["alive"] else "dead"),
            active=_active(p["active"]),
            aside=p["aside_count"],
        )
        for p in view["players"]
    )
    fields.append(CardField(text("field_players"), others))
    if view["scores"]:
        names = _names(view)
        cards = {p["seat"]: p["cards"] for p in view["players"]}
        scores = tuple(text("score_line", name=names[s], score=v, cards=cards[s]) for s, v in view["scores"].items())
        fields.append(CardField(text("field_scores"), scores))
    if view.get("drinking_table"):  # rulings: shown only when a moderator turns it on
        fields.append(CardField(text("field_drinks"), (drinking_table(),)))
    colour = "gold" if view["phase"] == "over" else "blurple"
    return [
        Card(
            title=text("status_title", round=view["round"]),
            description=joined("\n", lines),
            fields=tuple(fields),
            colour=colour,
        )
    ]


def board_text(view: dict[str, Any]) -> str:
    """The grid in words, row by row: each square's card (or empty) and who stands there."""
    by_square: dict[str, list[str]] = {}
    for p in view["players"]:
        if p["square"]:
            label = p["name"] if p["alive"] else text("board_dead", name=p["name"])
            by_square.setdefault(p["square"], []).append(label)
    rows = []
    for row in grid.ROWS:
        squares = []
        for square in (s for s in grid.SQUARES if s[0] == row):
            card = view["board"][square]
            people = by_square.get(square)
            squares.append(
                text(
                    "board_square",
                    square=square,
                    card=joined(" ", [card["name"], str(card["worth"])]) if card else text("board_empty"),
                    people=text("board_people", names=joined(", ", people)) if people else "",
                )
            )
        rows.append(text("board_row", row=row, squares=joined("; ", squares)))
    return joined("\n", [*rows, now_line(view)])


def _setting_value(value: Any) -> str:
    """A house rule's value as a moderator types it: a fixed layout as its card ids, a switch as `true`/`false`."""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def rules_cards() -> list[Card]:
    """The rules in short, then every house rule of `CardSettings` with its default and what it does (the deck is
    the game's data, a moderator's file: not listed)."""
    rules = Card(title=text("rules_title"), description=text("rules_text"))
    lines = setting_lines(CardSettings(), text, _setting_value, SETTINGS_DOMAIN, skip=("deck",))
    return rules_and_settings(rules, text("settings_title"), text("settings_intro"), text("settings_field"), lines)
