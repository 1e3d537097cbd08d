"""Turning pending outbox rows into the messages Discord will receive. Pure: no I/O, no clock.

`render(rows)` takes rows in id order and returns `Parcel`s: one per resolution post or per single row, each with
its messages in order. Only rows that one resolution wrote together are ever grouped: `write_events` marks each of
them with the same `post` token in its payload (`POST`). A game channel's rows with one token, and the fair-play row
the resolution writes right after them (the day's `seed_reveal`, or at the start Day 0's `commitment`), become one
post: a Components V2 message (`bot.screens.step_post.Layout`) with a headline and the narration, the picture after
the step, the sections of the game's events, and the revealed seed with the next commitment under "Fair play";
several such messages, each complete, beyond Discord's limits. The title and each row's section come from the game's
front, written into the payload with the events (`placement`): rendering knows no game. A player's DM rows with one
token become one DM (their private results of that resolution, with the orders card's button when the step it
opened awaits them: a row of the post with no text, `bot.services.orders.pacing.orders_on_results`), and the
moderators' rows with one token one message to the moderators (every note of that resolution, one a line, split
only at Discord's 2,000 characters). Everything
else (a moderator's `/mod kill` announcement, a pause, a reminder, a question the game master must answer) is plain
text of its own, even when it carries a `day`: it never gets a resolution's title and never joins a resolution's
post.

Only an event's `text` is ever shown; a payload contributes the post's title and sections and the buttons.
A resolution's row asking for the picture after the step (`ATTACH`: a game that posts its picture after every
step) puts the picture into the post's first message, `Outgoing.picture` naming the game and the step; the
worker draws it at delivery from the step's stored state (`pictures`), so no picture is stored in the database.
Every message carries a nonce derived from its group's identity and its index: the `post` token and the
target for a resolution's rows (whichever of them a pass happens to hold), the row's own nonce otherwise.
Rendering the same rows again (a retry after a crash) gives the same nonces, and Discord drops the duplicate.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.languages import ENGLISH
from bot.screens.split import split_text
from bot.screens.step_post import FAIR_PLAY, Layout, resolution_post, wants_picture

CONTENT_LIMIT = 2000
NONCE_LENGTH = 25

GROUPED = ("channel", "dm", "moderators")  # targets whose rows of one resolution (one `post` token) go together
POST = "post"  # payload key: the token `write_events` gives every row of one resolution


class Row(Protocol):
    """What rendering reads of an outbox row (`bot.db.models.Outbox` fits)."""

    id: int
    game_id: int
    target: str
    target_id: int | None
    text: str
    payload: dict[str, Any]
    nonce: str


@dataclass(frozen=True)
class Outgoing:
    """One Discord message: plain content or a Components V2 layout (a step post), its nonce, and the payload
    whose buttons it carries."""

    nonce: str
    content: str | None = None
    layout: Layout | None = None  # a step post's message (sent flagged IS_COMPONENTS_V2, without content)
    buttons: dict[str, Any] | None = None
    mention_user_ids: tuple[int, ...] = ()  # users this message may ping (none unless set)
    picture: tuple[int, int] | None = None  # (game id, day): the worker draws that picture into the layout
    file: tuple[str, bytes] | None = None  # (file name, bytes) attached to the message
    language: str = ENGLISH  # its reader's: the buttons' labels are in it

    def view(self):
        """The buttons, from `bot.ui.buttons.button_view` (the one source of buttons); None for most."""
        if not self.buttons:
            return None
        from bot.ui.buttons import button_view

        return button_view(self.buttons, self.language)


@dataclass
class Parcel:
    """Rows delivered together to one target, and the messages they make."""

    rows: list[Any]
    messages: list[Outgoing] = field(default_factory=list)
    language: str = ENGLISH  # its reader's (`bot.delivery.readers`): the post's own headings are in it

    @property
    def first(self) -> Any:
        return self.rows[0]

    @property
    def key(self) -> tuple[int, str, int | None]:
        """Deliveries to one key keep their order: (game, target kind, target id)."""
        return target_key(self.first)

    @property
    def ids(self) -> list[int]:
        return [row.id for row in self.rows]


def target_key(row: Row) -> tuple[int, str, int | None]:
    return (row.game_id, row.target, row.target_id)


def message_nonce(row_nonces: Sequence[str], index: int) -> str:
    """A nonce for message `index` of a parcel: the same rows always give the same nonce (<= 25 chars)."""
    digest = hashlib.sha256(("|".join(row_nonces) + f"#{index}").encode()).hexdigest()
    return digest[:NONCE_LENGTH]


def continues_group(previous: Row, row: Row) -> bool:
    """True if `row` belongs to the same message as `previous` (the row just before it for this target):
    rows of one resolution (the same `post` token), and in the channel the fair-play row that closes them."""
    if target_key(row) != target_key(previous):
        return False
    before, now = previous.payload or {}, row.payload or {}
    post = before.get(POST)
    if post is None or row.target not in GROUPED:
        return False
    if now.get(POST) == post:
        return True
    if row.target != "channel" or now.get(POST) is not None or now.get("kind") not in FAIR_PLAY or "day" not in now:
        return False
    if now["kind"] == "commitment":  # the start's events are day -1; the commitment is for Day 0
        return now["day"] in (before.get("day"), (before.get("day") or 0) + 1)
    return now["day"] == before.get("day")


def group_identity(rows: Sequence[Row]) -> list[str]:
    """What a parcel's nonces derive from: a resolution's token and the target (stable whichever of its rows
    are present), else the rows' own nonces."""
    first = rows[0]
    post = (first.payload or {}).get(POST)
    if post is not None:
        return [f"{first.game_id}:{post}:{first.target}:{first.target_id}"]
    return [row.nonce for row in rows]


def group(rows: Sequence[Row]) -> list[list[Row]]:
    """Rows in id order, grouped into parcels: per target in order; a resolution's public rows together."""
    open_groups: dict[tuple, list[Row]] = {}
    groups: list[list[Row]] = []
    for row in sorted(rows, key=lambda r: r.id):
        key = target_key(row)
        current = open_groups.get(key)
        if current is not None and continues_group(current[-1], row):
            current.append(row)
            continue
        current = [row]
        open_groups[key] = current
        groups.append(current)
    return groups


def render(rows: Sequence[Row], language: str = ENGLISH) -> list[Parcel]:
    """Every parcel these rows make, in order of their first row (their fixed words in `language`: the web page
    renders a game's channel in the game's)."""
    parcels = []
    for rows_of_parcel in group(rows):
        parcel = Parcel(list(rows_of_parcel), language=language)
        parcel.messages = render_parcel(parcel.rows, language)
        parcels.append(parcel)
    return parcels


def render_parcel(rows: Sequence[Row], language: str = ENGLISH) -> list[Outgoing]:
    nonces = group_identity(rows)
    if len(rows) > 1 and rows[0].target == "dm":  # the buttons of its last row with some ("Your orders")
        carried = next((row.payload for row in reversed(rows) if _has_buttons(row.payload or {})), {})
        return plain("\n\n".join(row.text for row in rows if row.text), nonces, carried, language)
    if len(rows) > 1 and rows[0].target == "moderators":  # one resolution's notes: one a line
        return plain("\n".join(row.text for row in rows), nonces, {}, language)
    if len(rows) > 1 or (rows[0].target == "channel" and POST in (rows[0].payload or {})):
        asked = next((row for row in rows if wants_picture(row)), None)
        picture = (asked.game_id, (asked.payload or {}).get("day", 0)) if asked is not None else None
        return [
            Outgoing(
                nonce=message_nonce(nonces, i),
                layout=layout,
                picture=picture if layout.picture is not None else None,  # drawn at delivery, into this message
                language=language,  # its reader's: the picture's caption is in it
            )
            for i, layout in enumerate(resolution_post(rows, language))
        ]
    return plain(rows[0].text, nonces, rows[0].payload or {}, language)


def plain(text: str, nonces: Sequence[str], payload: dict[str, Any], language: str = ENGLISH) -> list[Outgoing]:
    """A plain message split at 2,000 characters; the last part carries the payload's buttons (labelled in the
    reader's `language`)."""
    pieces = split_text(text, CONTENT_LIMIT) or ["\u200b"]
    return [
        Outgoing(
            nonce=message_nonce(nonces, i),
            content=piece,
            buttons=payload if i == len(pieces) - 1 and _has_buttons(payload) else None,
            language=language,
        )
        for i, piece in enumerate(pieces)
    ]


def _has_buttons(payload: dict[str, Any]) -> bool:
    from bot.ui.buttons import buttons_for

    return bool(buttons_for(payload))
