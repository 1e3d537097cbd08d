"""docs/bot.md's pictures of what a phone player sees (issue 33) are there and draw what the bot sent: every image
the page links to exists with its words beside it, and the drawing of each message the real bot sent in
tests/e2e/discord_screens.py's games (kept in tests/e2e/discord_screens.json) holds each button's label, each
select's placeholder and options and each text display's words, so a drawing that drops a component fails.
No bot and no browser: `make docs-pictures` plays the games and takes the pictures."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.e2e import discord_draw
from tests.e2e.discord_screens import CAPTURES, Capture
from tests.e2e.fake_models import walk_components

ROOT = Path(__file__).resolve().parents[2]
BOT_DOC = ROOT / "docs" / "bot.md"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
CAPTURE = Capture.from_json(json.loads(CAPTURES.read_text(encoding="utf-8")))


def test_every_picture_the_page_links_to_is_there_with_its_words():
    links = IMAGE.findall(BOT_DOC.read_text(encoding="utf-8"))
    assert {f"images/{s.name}.png" for s in CAPTURE.screens} <= set(links), links
    for link in links:
        picture = (BOT_DOC.parent / link).resolve()
        assert picture.is_file(), f"docs/bot.md shows {link}, which is not there"
        assert picture.with_suffix(".txt").is_file(), f"{link} has no words beside it"


def test_the_captures_are_the_screens_a_player_and_the_game_master_meet():
    names = [s.name for s in CAPTURE.screens]
    assert names == ["discord-orders-card", "discord-verbs", "discord-order-menu", "discord-gm-card",
                     "discord-step-post"], names
    card = CAPTURE.screens[0].message
    labels = [c.get("label") for c in walk_components(card["components"])]
    assert {"Change 1", "Withdraw 1", "Add an order"} <= set(labels), labels
    gm = CAPTURE.screens[3].message  # the game master's card of Wolf A, its attack given by the card
    assert gm["embeds"][0]["title"].startswith("Orders of Wolf A in "), gm["embeds"]
    assert "Attack Alice" in gm["embeds"][0]["description"], gm["embeds"]
    labels = [c.get("label") for c in walk_components(gm["components"])]
    assert {"Change", "Withdraw these orders", "Add an order"} <= set(labels), labels
    post = CAPTURE.screens[-1].message
    assert post["flags"] & discord_draw.IS_COMPONENTS_V2 and not post["content"] and not post["embeds"]
    kinds = {c["type"] for c in walk_components(post["components"])}
    assert {discord_draw.CONTAINER, discord_draw.TEXT_DISPLAY, discord_draw.MEDIA_GALLERY} <= kinds, kinds


def visible_text(markdown: str) -> list[str]:
    """The words of a text display's lines as the drawing shows them (markup and placeholders aside)."""
    words = []
    for line in markdown.split("\n"):
        line = re.sub(r"^(#{1,3}|-#|>|[-*]) ", "", line)
        words += [w for w in re.split(r"<[^>]*>|\*\*|__|~~|`|\*", line) if w.strip()]
    return words


@pytest.mark.parametrize("screen", CAPTURE.screens, ids=lambda s: s.name)
def test_the_drawing_holds_every_component(screen):
    drawn = discord_draw.page(screen.message, screen.context(), open_select=screen.open_select)
    said = discord_draw.words(screen.message, screen.context(), open_select=screen.open_select)
    components = list(walk_components(screen.message.get("components") or []))
    assert components
    for component in components:
        kind = component["type"]
        if kind == discord_draw.BUTTON:
            assert f">{html.escape(component['label'])}</span>" in drawn, component["label"]
            assert f"[{component['label']}]" in said
        elif kind in discord_draw.SELECTS:
            assert html.escape(component["placeholder"]) in drawn and component["placeholder"] in said
            for option in component["options"]:
                assert f'<div class="label">{html.escape(option["label"])}</div>' in drawn, option["label"]
                if option.get("description"):
                    assert html.escape(option["description"]) in drawn
        elif kind == discord_draw.TEXT_DISPLAY:
            for words in visible_text(component["content"]):
                assert html.escape(words, quote=False) in drawn, words
        elif kind == discord_draw.MEDIA_GALLERY:
            for item in component["items"]:
                assert f'data-url="{item["media"]["url"]}"' in drawn
    for embed in screen.message.get("embeds") or []:
        assert html.escape(embed["title"], quote=False) in drawn
    assert "component type" not in drawn, "a component the drawing does not know"
    if screen.open_select:
        assert '<div class="select open">' in drawn


def test_discord_markdown_as_the_app_shows_it():
    context = discord_draw.Context(users={"7": "Alice"}, now="2026-06-01T12:00:00+00:00")
    drawn = discord_draw.markdown("## Day 1\n**bold** *it* `c<d>` <@7> <t:1780437600:R>\n-# small", context)
    assert "<h2>Day 1</h2>" in drawn and "<strong>bold</strong>" in drawn and "<em>it</em>" in drawn
    assert "<code>c&lt;d&gt;</code>" in drawn and "@Alice" in drawn and "in a day" in drawn
    assert '<div class="subtext">small</div>' in drawn
    unknown = discord_draw.page({"components": [{"type": 99}]}, context)
    assert "component type 99" in unknown  # shown, not dropped


def test_a_layout_the_games_do_not_send_yet_is_drawn_too():
    """A section with its accessory, a thumbnail, a separator and each button style (the step posts use none of
    the first two yet): each is drawn, none dropped."""
    layout = {"flags": discord_draw.IS_COMPONENTS_V2, "components": [{"type": discord_draw.CONTAINER, "components": [
        {"type": discord_draw.SECTION, "components": [{"type": discord_draw.TEXT_DISPLAY, "content": "Beside"}],
         "accessory": {"type": discord_draw.THUMBNAIL, "media": {"url": "https://example.org/a.png"}}},
        {"type": discord_draw.SEPARATOR, "divider": True, "spacing": 2},
        {"type": discord_draw.ROW, "components": [
            {"type": discord_draw.BUTTON, "style": style, "label": f"Style {style}", "custom_id": f"b{style}"}
            for style in (1, 2, 3, 4)]}]}]}
    drawn = discord_draw.page(layout, discord_draw.Context())
    assert '<div class="section">' in drawn and 'src="https://example.org/a.png"' in drawn and "<hr>" in drawn
    for style, kind in ((1, "primary"), (2, "secondary"), (3, "success"), (4, "danger")):
        assert f'<span class="button {kind}">Style {style}</span>' in drawn
    said = discord_draw.words(layout, discord_draw.Context())
    assert "Beside" in said and "[Style 4] (red button)" in said and "A small picture." in said
