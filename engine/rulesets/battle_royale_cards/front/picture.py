"""The picture of the grid: the 25 squares with each card's worth and name (or empty), the players as numbered
tokens (several on one square side by side; the dead crossed out), the square of the player whose turn it is
outlined, and a legend. Drawn with Pillow from the player's view alone; the same view gives the same bytes.
The caption carries the board in words (the text fallback for screen readers).

Pillow is imported here only: the front imports this module when a picture is asked for.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.drawing import font, png
from engine.front import Picture
from engine.keyed import joined
from engine.rulesets.battle_royale_cards import grid
from engine.rulesets.battle_royale_cards.front.status import board_text, now_line
from engine.rulesets.battle_royale_cards.front.texts import text

FILENAME = "grid.png"
CELL, MARGIN, LEGEND = 104, 24, 40
WIDTH = 7 * CELL + 2 * MARGIN
TABLE, CARD_FILL, CURSE_FILL, EMPTY_FILL = (34, 85, 51), (250, 244, 225), (226, 205, 235), (70, 110, 80)
INK, LINE, TURN_LINE = (20, 20, 20), (60, 60, 60), (255, 200, 0)
TOKENS = [(200, 40, 40), (40, 90, 200), (230, 140, 20), (120, 60, 170), (20, 150, 150), (90, 90, 90)]


def _box(square: str) -> tuple[int, int, int, int]:
    row, col = grid.coords(square)
    x, y = MARGIN + (col - 1) * CELL, MARGIN + (row - 1) * CELL
    return x + 3, y + 3, x + CELL - 3, y + CELL - 3


def _lines(name: str, width: int = 13) -> list[str]:
    """The card's name on at most two lines of `width` characters, broken between words."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], joined(" ", lines[1:])]
    return [line if len(line) <= width else line[: width - 1] + "." for line in lines]


def grid_picture(view: dict[str, Any]) -> Picture:
    players = view["players"]
    height = 7 * CELL + 2 * MARGIN + LEGEND * ((len(players) + 1) // 2) + LEGEND
    image = Image.new("RGB", (WIDTH, height), TABLE)
    draw = ImageDraw.Draw(image)
    turn_seat = (view.get("turn") or {}).get("seat")
    turn_square = next((p["square"] for p in players if p["seat"] == turn_seat), None)
    for square in grid.SQUARES:
        card = view["board"][square]
        box = _box(square)
        fill = EMPTY_FILL if card is None else CURSE_FILL if card["curse"] else CARD_FILL
        outline, width = (TURN_LINE, 5) if square == turn_square else (LINE, 2)
        draw.rounded_rectangle(box, radius=8, fill=fill, outline=outline, width=width)
        draw.text((box[0] + 6, box[1] + 4), square, fill=INK, font=font(12))
        if card is not None:
            draw.text((box[2] - 6, box[1] + 4), str(card["attack_worth"]), fill=INK, font=font(22), anchor="ra")
            for k, line in enumerate(_lines(card["name"])):
                draw.text((box[0] + 6, box[1] + 32 + 16 * k), line, fill=INK, font=font(13))
    tokens: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for n, p in enumerate(players):
        if p["square"]:
            tokens.setdefault(p["square"], []).append((n, p))
    for square, here in tokens.items():
        box = _box(square)
        size = min(26, (CELL - 12) // len(here))
        for k, (n, p) in enumerate(here):
            x0, y0 = box[0] + 5 + k * size, box[3] - size - 5
            draw.ellipse((x0, y0, x0 + size - 2, y0 + size - 2), fill=TOKENS[n % len(TOKENS)], outline=INK)
            draw.text(
                (x0 + size / 2 - 1, y0 + size / 2 - 1), str(n + 1), fill=(255, 255, 255), font=font(12), anchor="mm"
            )
            if not p["alive"]:
                draw.line((x0, y0, x0 + size - 2, y0 + size - 2), fill=INK, width=3)
                draw.line((x0, y0 + size - 2, x0 + size - 2, y0), fill=INK, width=3)
    top = 7 * CELL + 2 * MARGIN
    for n, p in enumerate(players):
        x, y = MARGIN + (n % 2) * (WIDTH // 2), top + (n // 2) * LEGEND
        draw.ellipse((x, y, x + 24, y + 24), fill=TOKENS[n % len(TOKENS)], outline=INK)
        draw.text((x + 12, y + 12), str(n + 1), fill=(255, 255, 255), font=font(12), anchor="mm")
        label = f"{p['name']} ({p['cards']})" + ("" if p["alive"] else " - " + text("dead"))
        draw.text((x + 32, y + 4), label, fill=(255, 255, 255), font=font(16))
    draw.text((MARGIN, height - LEGEND + 8), now_line(view), fill=(255, 255, 255), font=font(16))
    return Picture(
        png=png(image),
        filename=FILENAME,
        caption=_caption(view),
    )


def _caption(view: dict) -> str:
    """The view's day is the step now open: the grid is the one the last step resolved left ("after step 8",
    posted with step 8's post), or the start's."""
    done = view["day"] - 1
    if done < 0:
        return text("picture_caption_start", text=board_text(view))
    return text("picture_caption", day=done, text=board_text(view))
