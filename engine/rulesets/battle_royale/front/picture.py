"""The /map picture: the island's zones with their links, closed zones greyed and hatched, and the player's
own zone marked "you are here". A PNG drawn with Pillow from the player's view alone (each zone's `x`, `y`
say where it is drawn), so it shows nothing the player may not know (no one else's location). The same view
always gives the same bytes.

Pillow is imported here only: the front imports this module when a picture is asked for.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.drawing import font, png
from engine.front import Picture
from engine.rulesets.battle_royale.catalog import circle_layout
from engine.rulesets.battle_royale.front.texts import text as say

FILENAME = "island.png"

WIDTH, HEIGHT, LEGEND = 900, 600, 70
MARGIN_X, MARGIN_Y = 100, 60
BOX_H, RADIUS = 56, 12
BACKGROUND = (214, 234, 248)  # the sea
LINK = (90, 110, 130)
OPEN_FILL, OPEN_LINE = (200, 230, 190), (60, 120, 60)
CLOSED_FILL, CLOSED_HATCH, CLOSED_LINE = (175, 175, 175), (135, 135, 135), (80, 80, 80)
LAND = (236, 226, 190)
HERE_FILL, HERE_LINE = (255, 213, 79), (200, 40, 40)
INK, PAPER = (20, 20, 20), (250, 250, 250)


def layout_of(view: dict[str, Any]) -> dict[int, tuple[float, float]]:
    """Where the view says each zone is drawn (0..1 from the left and the top); a circle if a zone lacks it."""
    zones = view.get("zones", [])
    if all(z.get("x") is not None and z.get("y") is not None for z in zones):
        return {z["id"]: (z["x"], z["y"]) for z in zones}
    return circle_layout([z["id"] for z in zones])


def pixel_centres(view: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """Where each zone's box is centred in the picture."""
    layout = layout_of(view)
    ids = [z["id"] for z in view.get("zones", [])]
    return {
        z: (
            round(MARGIN_X + layout[z][0] * (WIDTH - 2 * MARGIN_X)),
            round(MARGIN_Y + layout[z][1] * (HEIGHT - 2 * MARGIN_Y)),
        )
        for z in ids
    }


def _my_zone(view: dict[str, Any]) -> int | None:
    me = view.get("me") or {}
    return me.get("zone") if me.get("alive") and not me.get("escaped") else None


def _box(draw: ImageDraw.ImageDraw, centre: tuple[int, int], label: str) -> tuple[int, int, int, int]:
    width = max(130, int(draw.textlength(label, font=font(16))) + 28)
    x, y = centre
    return x - width // 2, y - BOX_H // 2, x + width // 2, y + BOX_H // 2


def _hatch(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Fill a zone's box grey with diagonal hatching (closed)."""
    x0, y0, x1, y1 = box
    size = (x1 - x0 + 1, y1 - y0 + 1)
    tile = Image.new("RGB", size, CLOSED_FILL)
    lines = ImageDraw.Draw(tile)
    for offset in range(-size[1], size[0], 10):
        lines.line([(offset, size[1]), (offset + size[1], 0)], fill=CLOSED_HATCH, width=3)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, size[0] - 1, size[1] - 1], RADIUS, fill=255)
    image.paste(tile, (x0, y0), mask)


def _zone(
    image: Image.Image, draw: ImageDraw.ImageDraw, zone: dict[str, Any], centre: tuple[int, int], mine: bool
) -> None:
    label = say("map_zone", id=zone["id"], name=zone["name"])
    box = _box(draw, centre, label)
    if zone["closed"] and not mine:
        _hatch(image, box)
        draw.rounded_rectangle(box, RADIUS, outline=CLOSED_LINE, width=2)
    else:
        fill, line, width = (HERE_FILL, HERE_LINE, 5) if mine else (OPEN_FILL, OPEN_LINE, 2)
        draw.rounded_rectangle(box, RADIUS, fill=fill, outline=line, width=width)
    sub = say("map_you_are_here") if mine else say("map_closed") if zone["closed"] else None
    text_y = centre[1] - (9 if sub else 0)
    draw.text((centre[0], text_y), label, font=font(16), fill=INK, anchor="mm")
    if sub:
        draw.text((centre[0], centre[1] + 12), sub, font=font(13), fill=HERE_LINE if mine else INK, anchor="mm")


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    top = HEIGHT + 12
    draw.rectangle([(0, HEIGHT), (WIDTH, HEIGHT + LEGEND)], fill=PAPER)
    draw.line([(0, HEIGHT), (WIDTH, HEIGHT)], fill=LINK, width=1)
    samples = [("open", say("map_legend_open")), ("closed", say("map_legend_closed")), ("here", say("map_legend_here"))]
    x = 24
    for kind, text in samples:
        box = (x, top, x + 44, top + 26)
        if kind == "closed":
            _hatch(image, box)
            draw.rounded_rectangle(box, 6, outline=CLOSED_LINE, width=2)
        else:
            fill, line = (HERE_FILL, HERE_LINE) if kind == "here" else (OPEN_FILL, OPEN_LINE)
            draw.rounded_rectangle(box, 6, fill=fill, outline=line, width=3 if kind == "here" else 2)
        draw.text((x + 54, top + 13), text, font=font(15), fill=INK, anchor="lm")
        x += 64 + int(draw.textlength(text, font=font(15))) + 30
    title = say("map_title", day=view.get("day", 0))
    draw.text((WIDTH - 20, top + 13), title, font=font(15), fill=INK, anchor="rm")


def render_map(view: dict[str, Any]) -> bytes:
    """The island as a PNG: zones where the view places them, linked where adjacent."""
    image = Image.new("RGB", (WIDTH, HEIGHT + LEGEND), BACKGROUND)
    draw = ImageDraw.Draw(image)
    centres = pixel_centres(view)
    if centres:
        xs, ys = [c[0] for c in centres.values()], [c[1] for c in centres.values()]
        draw.ellipse([min(xs) - 110, min(ys) - 60, max(xs) + 110, max(ys) + 60], fill=LAND)
    zones = sorted(view.get("zones", []), key=lambda z: z["id"])
    for zone in zones:
        for other in zone["adjacent"]:
            if other > zone["id"] and other in centres:
                draw.line([centres[zone["id"]], centres[other]], fill=LINK, width=4)
    mine = _my_zone(view)
    for zone in zones:
        _zone(image, draw, zone, centres[zone["id"]], zone["id"] == mine)
    _legend(image, draw, view)
    return png(image)


def map_picture(view: dict[str, Any]) -> Picture:
    """The /map reply: the picture, its file name and its caption."""
    return Picture(png=render_map(view), filename=FILENAME, caption=say("map_caption", day=view.get("day", 0)))
