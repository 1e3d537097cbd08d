"""The picture of the battlespace (`Front.picture`, `/map` and `/battlespace`; the channel's picture after each
turn from `Ruleset.public_view`): the room seen from above, Side 2 north at the top, Side 1 south at the
bottom, Side 3 west on the left and Side 4 east on the right (the rulebook's "Doors and positioning": the
north door is Side 2's, going out by the east door, Side 4, enters the next room on Side 3, the west), each
side with its door and its cover level in words and drawn, and everyone the view shows placed on their side:
name, team told apart by shape as well as colour (contestant circle, ally square, hostile diamond), a low wall
for one in cover, a cross for the dead, a hollow token for one blacked or passed out, a gold ring for the
viewer's own, and the conditions in words. The turn and phase in the title, the kills in the footer.

Drawing only, no rules (python-chess's `svg.py` is the model): every word comes from the view through the
status cards' `fighters` (the same words as `/status`), so the picture shows nothing the view does not hold.
The caption says the same in words, for screen readers. The same view gives the same bytes (Pillow's own
font: `engine.drawing`). Pillow is imported here only: the front imports this module when drawing.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.drawing import font, png
from engine.front import Picture
from engine.keyed import joined
from engine.rulesets.mazeworld.front.status import fighters
from engine.rulesets.mazeworld.front.texts import text
from engine.rulesets.mazeworld.texts import CONDITIONS

FILENAME = "battlespace.png"
WIDTH, ROOM_X, ROOM_TOP = 1000, 110, 84  # the room spans ROOM_X..WIDTH-ROOM_X across
HALF = (WIDTH - 2 * ROOM_X) // 2
HEADER, ENTRY, PAD, DOOR = 34, 60, 10, 96
WALL_WIDTH, TOKEN = 7, 15  # token: the half-size of a creature's mark
PAPER, INK, GREY, WALL = (250, 248, 242), (25, 25, 25), (110, 110, 110), (60, 52, 45)
FLOOR = {"none": (238, 232, 220), "light": (224, 232, 210), "heavy": (208, 220, 194)}
COVER_BLOCK, GOLD, DEAD = (140, 100, 60), (222, 160, 0), (150, 150, 150)
TEAM = {"contestant": (40, 90, 200), "ally": (30, 140, 70), "hostile": (200, 40, 40)}
LETTER = {"contestant": "C", "ally": "A", "hostile": "H"}
OUT = ("blacked_out", "passed_out")
MARKED = ("dead", *OUT)  # the states a token shows (crossed, hollow), read from the words of another's card
# Where each side lies: its band ("north", "middle", "south"), its column in the middle band, its wall.
BAND = {1: "south", 2: "north", 3: "middle", 4: "middle"}


def _columns(side: int) -> int:
    return 1 if BAND[side] == "middle" else 2


def _rows(count: int, side: int) -> int:
    return max(1, math.ceil(count / _columns(side)))


def _fit(draw: ImageDraw.ImageDraw, words: str, size: int, width: float) -> str:
    """`words` cut to `width` pixels, with an ellipsis when cut."""
    if draw.textlength(words, font=font(size)) <= width:
        return words
    while words and draw.textlength(words + "...", font=font(size)) > width:
        words = words[:-1]
    return words.rstrip() + "..."


def _wrap(draw: ImageDraw.ImageDraw, parts: list[str], size: int, width: float, lines: int = 2) -> list[str]:
    """The conditions on at most `lines` lines of `width` pixels, broken between conditions."""
    out: list[str] = []
    for part in parts:
        joined = f"{out[-1]}, {part}" if out else part
        if out and draw.textlength(joined, font=font(size)) <= width:
            out[-1] = joined
        else:
            if out:
                out[-1] += ","
            out.append(part)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return [_fit(draw, line, size, width) for line in out]


def token(draw: ImageDraw.ImageDraw, centre: tuple[int, int], team: str, status: str, mark: dict[str, bool]) -> None:
    """A creature's mark: its team's shape and colour and letter; hollow when out, crossed when dead, a gold
    ring when it is the viewer's own, a low wall across it when in cover."""
    x, y = centre
    r = TOKEN
    if mark.get("yours"):
        draw.ellipse((x - r - 6, y - r - 6, x + r + 6, y + r + 6), outline=GOLD, width=4)
    colour = TEAM.get(team, GREY)
    dead, out = status == "dead", status in OUT
    fill = DEAD if dead else PAPER if out else colour
    line = INK if not out else colour
    if team == "ally":
        draw.rectangle((x - r + 2, y - r + 2, x + r - 2, y + r - 2), fill=fill, outline=line, width=2)
    elif team == "hostile":
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=fill, outline=line, width=2)
    else:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=line, width=2)
    draw.text((x, y), LETTER.get(team, "?"), fill=colour if out else PAPER, font=font(14), anchor="mm")
    if dead:
        draw.line((x - r, y - r, x + r, y + r), fill=INK, width=3)
        draw.line((x - r, y + r, x + r, y - r), fill=INK, width=3)
    if mark.get("cover"):
        draw.rectangle((x - r - 4, y + 5, x + r + 4, y + r + 3), fill=COVER_BLOCK, outline=INK)


def _state(card: dict[str, Any], conditions: list[str]) -> str:
    """How the token is drawn: one's own sheet says its status; another's card says it in words alone."""
    if "status" in card:
        return str(card["status"])
    return next((status for status in MARKED if CONDITIONS[status] in conditions), "active")


def _said(card: dict[str, Any], conditions: list[str], yours: bool, name: str | None = None) -> tuple[str, list[str]]:
    """A creature's name line (its `name`, or the name given: a cut one) and its conditions in words (with
    cover and, for one's own, stealth)."""
    line = text(
        "picture_name",
        name=card["name"] if name is None else name,
        team=text(f"picture_team_{card['team']}"),
        you=text("picture_you") if yours else "",
    )
    said = list(conditions) or [text("picture_unhurt")]
    if card.get("cover"):
        said.append(text("picture_in_cover"))
    if yours and card.get("stealth"):
        said.append(text("picture_in_stealth"))
    return line, said


def _side_title(view: dict[str, Any], side: int) -> str:
    cover = text(f"cover_{view['cover'].get(str(side), 'none')}")
    return text("picture_side", side=side, wall=text(f"wall_{side}"), cover=cover)


def _title(view: dict[str, Any]) -> str:
    turn = int(view["turn"])
    when = text("picture_when_start") if turn <= 1 else text("picture_when_after", turn=turn - 1)
    return text("picture_title", when=when, phase=text(f"picture_phase_{view['phase']}"))


class Scene:
    """Who stands on which side (those who left the room apart), and where each band of the room lies."""

    def __init__(self, view: dict[str, Any]) -> None:
        own = {c["id"] for c in view["mine"]}
        everyone = [(c, said, c["id"] in own) for c, said in fighters(view)]
        self.gone = [c["name"] for c, _, _ in everyone if c.get("status") == "escaped"]
        self.by_side = {
            side: [f for f in everyone if f[0]["side"] == side and f[0].get("status") != "escaped"]
            for side in (1, 2, 3, 4)
        }
        rows = {side: _rows(len(self.by_side[side]), side) for side in (1, 2, 3, 4)}
        heights = {
            "north": HEADER + rows[2] * ENTRY + PAD,
            "middle": HEADER + max(rows[3], rows[4]) * ENTRY + PAD,
            "south": HEADER + rows[1] * ENTRY + PAD,
        }
        self.top = {"north": ROOM_TOP}
        self.top["middle"] = self.top["north"] + heights["north"]
        self.top["south"] = self.top["middle"] + heights["middle"]
        self.bottom = self.top["south"] + heights["south"]
        self.heights = heights

    def box(self, side: int) -> tuple[int, int, int, int]:
        band = BAND[side]
        left = ROOM_X + (HALF if side == 4 else 0)
        right = WIDTH - ROOM_X - (HALF if side == 3 else 0)
        return left, self.top[band], right, self.top[band] + self.heights[band]


def _cover_mark(draw: ImageDraw.ImageDraw, right: int, top: int, level: str) -> None:
    """The side's cover drawn at its header's right: none, one row of low blocks (light), two rows (heavy)."""
    rows = {"none": 0, "light": 1, "heavy": 2}.get(level, 0)
    for row in range(rows):
        for k in range(4):
            x = right - 16 - (k + 1) * 22 + (11 if row else 0)
            y = top + 22 - row * 10
            draw.rectangle((x, y, x + 18, y + 8), fill=COVER_BLOCK, outline=INK)


def _draw_side(draw: ImageDraw.ImageDraw, view: dict[str, Any], scene: Scene, side: int) -> None:
    left, top, right, bottom = scene.box(side)
    level = view["cover"].get(str(side), "none")
    draw.rectangle((left, top, right, bottom), fill=FLOOR.get(level, FLOOR["none"]), outline=GREY)
    draw.text((left + PAD + 4, top + 9), _side_title(view, side), fill=INK, font=font(16))
    _cover_mark(draw, right, top, level)
    here = scene.by_side[side]
    if not here:
        draw.text((left + PAD + 4, top + HEADER + 8), text("nobody"), fill=GREY, font=font(15))
    width = (right - left) // _columns(side)
    for n, (card, conditions, yours) in enumerate(here):
        x = left + (n % _columns(side)) * width + PAD
        y = top + HEADER + (n // _columns(side)) * ENTRY
        mark = {"yours": yours, "cover": bool(card.get("cover"))}
        token(draw, (x + 22, y + 24), card["team"], _state(card, conditions), mark)
        room = width - 2 * PAD - 50
        team_words, said = _said(card, conditions, yours, name="")  # the team and "you" are never cut
        name = _fit(draw, card["name"], 16, room - draw.textlength(team_words, font=font(16)))
        draw.text((x + 50, y + 4), _said(card, conditions, yours, name=name)[0], fill=INK, font=font(16))
        for k, line in enumerate(_wrap(draw, said, 14, room)):
            draw.text((x + 50, y + 24 + 16 * k), line, fill=INK, font=font(14))


def _walls(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    """The room's walls, a door in the middle of each side's wall, each door named outside it."""
    left, right, top, bottom = ROOM_X, WIDTH - ROOM_X, ROOM_TOP, scene.bottom
    draw.rectangle((left, top, right, bottom), outline=WALL, width=WALL_WIDTH)
    middle = scene.top["middle"] + scene.heights["middle"] // 2
    centre = WIDTH // 2
    doors = {
        2: ((centre - DOOR // 2, top - 4, centre + DOOR // 2, top + 4), (centre, top - 12), "md"),
        1: ((centre - DOOR // 2, bottom - 4, centre + DOOR // 2, bottom + 4), (centre, bottom + 12), "ma"),
        3: ((left - 4, middle - DOOR // 2, left + 4, middle + DOOR // 2), (left - 12, middle), "rm"),
        4: ((right - 4, middle - DOOR // 2, right + 4, middle + DOOR // 2), (right + 12, middle), "lm"),
    }
    for side, (gap, at, anchor) in doors.items():
        draw.rectangle(gap, fill=PAPER)
        draw.rectangle(gap, outline=WALL, width=1)
        label = text("door", wall=text(f"wall_{side}")).capitalize()
        draw.text(at, label, fill=INK, font=font(15), anchor=anchor)


def _legend(draw: ImageDraw.ImageDraw, top: int) -> int:
    """The marks explained, on two rows: the teams, then cover, dead, out and one's own. Returns the bottom."""
    teams: list[tuple[str, str, dict[str, bool], str]] = [
        (team, "active", {}, text(f"picture_team_{team}")) for team in TEAM
    ]
    marks: list[tuple[str, str, dict[str, bool], str]] = [
        ("contestant", "active", {"cover": True}, text("picture_in_cover")),
        ("contestant", "dead", {}, text("picture_legend_dead")),
        ("contestant", "blacked_out", {}, text("picture_legend_out")),
        ("contestant", "active", {"yours": True}, text("picture_legend_you")),
    ]
    for row, items in enumerate((teams, marks)):
        x, y = ROOM_X, top + row * 44
        for team, status, mark, label in items:
            token(draw, (x + 22, y + 20), team, status, mark)
            draw.text((x + 50, y + 20), label, fill=INK, font=font(15), anchor="lm")
            x += 60 + int(draw.textlength(label, font=font(15))) + 24
    return top + 2 * 44


def caption(view: dict[str, Any]) -> str:
    """The picture in words: the title, each side with its door, cover and everyone on it, the kills."""
    scene = Scene(view)
    lines = []
    for side in (1, 2, 3, 4):
        said = [
            text("picture_fighter", name=name, conditions=joined(", ", words))
            for name, words in (_said(card, conditions, yours) for card, conditions, yours in scene.by_side[side])
        ]
        lines.append(
            text("picture_side_line", side=_side_title(view, side), fighters=joined("; ", said) or text("nobody"))
        )
    if scene.gone:
        lines.append(joined("", [text("picture_gone", names=joined(", ", scene.gone)), "."]))
    return text(
        "picture_caption",
        title=_title(view),
        sides=joined("\n", lines),
        tally=joined("", [text("tally", tally=view.get("tally", 0)), "."]),
    )


def battlespace_picture(view: dict[str, Any]) -> Picture:
    """The picture of this view (a player's own, or the public view), with its caption."""
    scene = Scene(view)
    legend_top = scene.bottom + 40
    footer = [text("tally", tally=view.get("tally", 0))]
    if scene.gone:
        footer.append(text("picture_gone", names=joined(", ", scene.gone)))
    height = legend_top + 2 * 44 + 12 + 24 * len(footer) + 16
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((WIDTH // 2, 18), _fit(draw, _title(view), 20, WIDTH - 40), fill=INK, font=font(20), anchor="mt")
    for side in (2, 3, 4, 1):
        _draw_side(draw, view, scene, side)
    _walls(draw, scene)
    bottom = _legend(draw, legend_top)
    for k, line in enumerate(footer):
        draw.text((ROOM_X, bottom + 12 + 24 * k), _fit(draw, line, 16, WIDTH - 2 * ROOM_X), fill=INK, font=font(16))
    return Picture(png=png(image), filename=FILENAME, caption=caption(view))
