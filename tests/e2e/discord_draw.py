"""A Discord message's JSON payload drawn as HTML the way Discord's phone app shows it (dark theme, 412 px wide),
for the pictures of tests/e2e/discord_screens.py; and the same message in words, for the .txt beside a picture.

What is drawn: the bot's name and APP tag over the message, the "used /command" line of an interaction's
answer and "Only you can see this" under an ephemeral one; content and text displays with Discord's markdown
(headings `#`..`###`, `-#` small print, **bold**, *italic*, __underline__, ~~strike~~, `code`, lists, quotes,
mentions and `<t:…>` timestamps, read in UTC); embeds (colour bar, title, description, fields, footer); action
rows of buttons in their styles (primary, secondary, success, danger, link) and select menus (their
placeholder, or the options chosen; the one named `open_select` drawn open with its options listed, as the app
lists them once tapped: every other select's options are in the page too, hidden, as the app keeps them);
Components V2 layouts (container with its accent colour, section with its accessory, text display, thumbnail,
media gallery, file, separator). A component this does not know is drawn as a marked box naming its type, so a
new kind shows in the picture instead of vanishing. Pure: no I/O."""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

WIDTH = 412  # CSS pixels: a common phone's width
IS_COMPONENTS_V2 = 1 << 15
EPHEMERAL = 1 << 6
ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = {3: "string", 5: "user", 6: "role", 7: "mentionable", 8: "channel"}
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 9, 10, 11, 12, 13, 14, 17
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}
LISTED = 9  # options an open select's list shows before it scrolls
EYE = ('<svg width="14" height="10" viewBox="0 0 14 10"><ellipse cx="7" cy="5" rx="6.3" ry="4.3" fill="none" '
       'stroke="#949ba4" stroke-width="1.4"/><circle cx="7" cy="5" r="2" fill="#949ba4"/></svg>')
STYLE_WORDS = {1: "blue", 2: "grey", 3: "green", 4: "red", 5: "link", 6: "premium"}


@dataclass
class Context:
    """What a payload names but does not hold: user and channel names by id, and when the player looks."""

    users: dict[str, str] = field(default_factory=dict)
    channels: dict[str, str] = field(default_factory=dict)
    now: str = ""

    def moment(self) -> datetime:
        return datetime.fromisoformat(self.now) if self.now else datetime.now(UTC)


# -- markdown ------------------------------------------------------------------------------------------------------
def _relative(seconds: float) -> str:
    for under, one, many, size in ((45, "a few seconds", None, 1), (90, "a minute", None, 1),
                                   (45 * 60, None, "minutes", 60), (90 * 60, "an hour", None, 1),
                                   (22 * 3600, None, "hours", 3600), (36 * 3600, "a day", None, 1),
                                   (26 * 86400, None, "days", 86400), (45 * 86400, "a month", None, 1),
                                   (320 * 86400, None, "months", 30 * 86400), (548 * 86400, "a year", None, 1)):
        if seconds < under:
            return one or f"{max(2, round(seconds / size))} {many}"
    return f"{max(2, round(seconds / (365 * 86400)))} years"


def _timestamp(seconds: int, style: str, now: datetime) -> str:
    at = datetime.fromtimestamp(seconds, UTC)
    clock = at.strftime("%I:%M %p").lstrip("0")
    if style == "R":  # as the app says it (moment.js's thresholds: "in 10 hours", "in a day", "2 days ago")
        delta = (at - now).total_seconds()
        amount = _relative(abs(delta))
        return f"in {amount}" if delta >= 0 else f"{amount} ago"
    day = f"{at.strftime('%B')} {at.day}, {at.year}"
    return {"t": clock, "T": at.strftime("%I:%M:%S %p").lstrip("0"), "d": at.strftime("%m/%d/%Y"), "D": day,
            "F": f"{at.strftime('%A')}, {day} {clock}"}.get(style, f"{day} {clock}")


def inline(text: str, context: Context) -> str:
    """One line of Discord markdown as HTML (escaped first: a payload's text is never markup)."""
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:
        codes.append(f"<code>{match.group(1)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", keep, out)
    now = context.moment()
    out = re.sub(r"&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;",
                 lambda m: f'<span class="time">{_timestamp(int(m.group(1)), m.group(2) or "f", now)}</span>', out)
    def mention(sign: str, names: dict[str, str]) -> Callable[[re.Match[str]], str]:
        return lambda m: f'<span class="mention">{sign}{html.escape(names.get(m.group(1), "unknown"))}</span>'

    out = re.sub(r"&lt;@!?(\d+)&gt;", mention("@", context.users), out)
    out = re.sub(r"&lt;#(\d+)&gt;", mention("#", context.channels), out)
    out = re.sub(r"&lt;/([\w -]+):\d+&gt;", r'<span class="mention">/\1</span>', out)
    out = re.sub(r"\[([^\]]+)\]\((https?://[^)\s]+)\)", r'<a href="\2">\1</a>', out)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"__(.+?)__", r"<u>\1</u>", out)
    out = re.sub(r"~~(.+?)~~", r"<s>\1</s>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", out)
    out = re.sub(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])", r"<em>\1</em>", out)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], out)


def markdown(text: str, context: Context) -> str:
    """A message's text as HTML blocks: headings, small print, list items and quotes by line; code blocks whole."""
    parts: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("```"):
            end = next((j for j in range(index + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            parts.append(f'<pre>{html.escape(chr(10).join(lines[index + 1:end]))}</pre>')
            index = end + 1
            continue
        heading = re.match(r"(#{1,3}) (.*)", line)
        if heading:
            level = len(heading.group(1))
            parts.append(f"<h{level}>{inline(heading.group(2), context)}</h{level}>")
        elif line.startswith("-# "):
            parts.append(f'<div class="subtext">{inline(line[3:], context)}</div>')
        elif re.match(r"[-*] ", line):
            parts.append(f'<div class="li">{inline(line[2:], context)}</div>')
        elif line.startswith("> "):
            parts.append(f'<div class="quote">{inline(line[2:], context)}</div>')
        else:
            parts.append(f'<div class="line">{inline(line, context) or "&nbsp;"}</div>')
        index += 1
    return "".join(parts)


# -- components ----------------------------------------------------------------------------------------------------
def _colour(value: int | None, default: str = "#1e1f22") -> str:
    return f"#{value:06x}" if value is not None else default


def _media(url: str, files: dict[str, bytes]) -> str:
    """An attachment's picture inlined (the page is opened from a file), any other address as it is."""
    if url.startswith("attachment://"):
        data = files.get(url[len("attachment://"):])
        if data is None:
            return ""
        return "data:image/png;base64," + base64.b64encode(data).decode()
    return url


def button(component: dict[str, Any]) -> str:
    style = BUTTON_STYLES.get(component.get("style", 2), "secondary")
    emoji = (component.get("emoji") or {}).get("name") or ""
    label = html.escape(component.get("label") or "")
    arrow = ' <span class="out">↗</span>' if style == "link" else ""
    disabled = " disabled" if component.get("disabled") else ""
    emoji = f"{html.escape(emoji)} " if emoji and label else html.escape(emoji)
    return f'<span class="button {style}{disabled}">{emoji}{label}{arrow}</span>'


def select(component: dict[str, Any], is_open: bool) -> str:
    options = component.get("options") or []
    chosen = [o for o in options if o.get("default")]
    if chosen:
        shown = f'<span class="chosen">{html.escape(", ".join(o["label"] for o in chosen))}</span>'
    else:
        kind = SELECTS.get(component["type"], "string")
        placeholder = component.get("placeholder") or ("Make a selection" if kind == "string" else f"Select a {kind}")
        shown = f'<span class="placeholder">{html.escape(placeholder)}</span>'
    items = []
    for option in options:
        emoji = html.escape((option.get("emoji") or {}).get("name") or "")
        description = option.get("description")
        words = f'<div class="label">{emoji} {html.escape(option["label"])}</div>' if emoji else \
            f'<div class="label">{html.escape(option["label"])}</div>'
        if description:
            words += f'<div class="description">{html.escape(description)}</div>'
        mark = '<span class="radio on"></span>' if option.get("default") else '<span class="radio"></span>'
        items.append(f'<li class="option{" default" if option.get("default") else ""}"><div>{words}</div>{mark}</li>')
    long = " long" if len(options) > LISTED else ""  # the app's list scrolls past the screen: drawn fading out
    listed = f'<ul class="options{long}"{"" if is_open else " hidden"}>{"".join(items)}</ul>'
    state = " open" if is_open else ""
    return f'<div class="select{state}"><div class="box">{shown}<span class="chevron">⌄</span></div>{listed}</div>'


def component(item: dict[str, Any], context: Context, files: dict[str, bytes], open_select: str | None) -> str:
    kind = item.get("type")
    inner = "".join(component(c, context, files, open_select) for c in item.get("components") or [])
    if kind == ROW:
        return f'<div class="row">{inner}</div>'
    if kind == BUTTON:
        return button(item)
    if kind in SELECTS:
        return select(item, item.get("custom_id") == open_select)
    if kind == TEXT_DISPLAY:
        return f'<div class="text">{markdown(item.get("content") or "", context)}</div>'
    if kind == SECTION:
        accessory = item.get("accessory")
        side = component(accessory, context, files, open_select) if accessory else ""
        return f'<div class="section"><div class="texts">{inner}</div><div class="accessory">{side}</div></div>'
    if kind == THUMBNAIL:
        src = _media((item.get("media") or {}).get("url", ""), files)
        return f'<img class="thumbnail" src="{html.escape(src)}" alt="{html.escape(item.get("description") or "")}">'
    if kind == MEDIA_GALLERY:
        urls = [((g.get("media") or {}).get("url", ""), g.get("description") or "") for g in item.get("items") or []]
        pictures = "".join(f'<img src="{html.escape(_media(url, files))}" alt="{html.escape(alt)}" '
                           f'data-url="{html.escape(url)}">' for url, alt in urls)
        return f'<div class="gallery">{pictures}</div>'
    if kind == FILE:
        name = (item.get("file") or {}).get("url", "").removeprefix("attachment://")
        return f'<div class="file">📄 {html.escape(name)}</div>'
    if kind == SEPARATOR:
        size = "large" if item.get("spacing") == 2 else "small"
        return f'<div class="separator {size}">{"<hr>" if item.get("divider", True) else ""}</div>'
    if kind == CONTAINER:
        colour = item.get("accent_color")
        bar = f' style="border-left-color: {_colour(colour)}"' if colour is not None else ""
        return f'<div class="container{" accent" if colour is not None else ""}"{bar}>{inner}</div>'
    return f'<div class="unknown">component type {html.escape(str(kind))}</div>{inner}'


def embed(item: dict[str, Any], context: Context) -> str:
    parts = []
    if (item.get("author") or {}).get("name"):
        parts.append(f'<div class="author">{html.escape(item["author"]["name"])}</div>')
    if item.get("title"):
        parts.append(f'<div class="title">{inline(item["title"], context)}</div>')
    if item.get("description"):
        parts.append(f'<div class="description">{markdown(item["description"], context)}</div>')
    for entry in item.get("fields") or []:
        parts.append(f'<div class="field{" inline" if entry.get("inline") else ""}">'
                     f'<div class="name">{inline(entry.get("name") or "", context)}</div>'
                     f'<div class="value">{markdown(entry.get("value") or "", context)}</div></div>')
    if (item.get("image") or {}).get("url"):
        parts.append(f'<img class="image" src="{html.escape(item["image"]["url"])}" alt="">')
    if (item.get("footer") or {}).get("text"):
        parts.append(f'<div class="footer">{inline(item["footer"]["text"], context)}</div>')
    return f'<div class="embed" style="border-left-color: {_colour(item.get("color"))}">{"".join(parts)}</div>'


def body(message: dict[str, Any], context: Context, *, open_select: str | None = None,
         files: dict[str, bytes] | None = None) -> str:
    """The message as it shows in a channel: who sent it, its text, embeds and components."""
    files = files or {}
    author = message.get("author") or {}
    name = html.escape(author.get("global_name") or author.get("username") or "brbot")
    parts = []
    meta = message.get("interaction_metadata") or {}
    if meta.get("type") == 2:  # a slash command's answer says who used which command
        who = (meta.get("user") or {}).get("global_name") or (meta.get("user") or {}).get("username") or ""
        parts.append(f'<div class="used"><span class="curve"></span><span class="who">{html.escape(who)}</span>'
                     f' used <span class="command">/{html.escape(meta.get("name") or "")}</span></div>')
    when = datetime.fromisoformat(context.now).strftime("%I:%M %p").lstrip("0") if context.now else ""
    tag = '<span class="app">APP</span>' if author.get("bot", True) else ""
    parts.append(f'<div class="head"><div class="avatar">{name[:1].upper()}</div><div class="meta">'
                 f'<span class="name">{name}</span>{tag}<span class="when">{when}</span></div></div>')
    content = []
    if message.get("content"):
        content.append(f'<div class="content">{markdown(message["content"], context)}</div>')
    content += [embed(e, context) for e in message.get("embeds") or []]
    content += [component(c, context, files, open_select) for c in message.get("components") or []]
    if int(message.get("flags") or 0) & EPHEMERAL:
        content.append(f'<div class="ephemeral">{EYE} Only you can see this · '
                       '<span class="dismiss">Dismiss message</span></div>')
    parts.append(f'<div class="message">{"".join(content)}</div>')
    return "".join(parts)


STYLE = """
* { box-sizing: border-box; }
body { margin: 0; background: #1a1a1e; width: %(width)spx; }
#screen { background: #1a1a1e; color: #dbdee1; padding: 14px 12px 16px 12px; width: %(width)spx;
  font: 16px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif; }
.used { color: #949ba4; font-size: 13px; margin: 0 0 4px 20px; display: flex; align-items: center; gap: 4px; }
.used .curve { width: 26px; height: 10px; border: 2px solid #4e5058; border-right: none; border-bottom: none;
  border-top-left-radius: 6px; margin-top: 8px; }
.used .who { color: #dbdee1; font-weight: 600; } .used .command { color: #c9cdfb; }
.head { display: flex; align-items: center; gap: 12px; }
.avatar { width: 40px; height: 40px; border-radius: 50%%; background: #5865f2; color: white; font-weight: 700;
  display: flex; align-items: center; justify-content: center; font-size: 18px; flex: none; }
.meta .name { color: #f2f3f5; font-weight: 600; }
.app { background: #5865f2; color: white; font-size: 10px; font-weight: 700; border-radius: 4px; padding: 1px 4px;
  margin-left: 6px; vertical-align: 2px; }
.when { color: #949ba4; font-size: 12px; margin-left: 8px; }
.message { margin: 2px 0 0 52px; }
.content .line, .text .line, .description .line, .value .line { white-space: pre-wrap; overflow-wrap: anywhere; }
h1, h2, h3 { color: #f2f3f5; margin: 8px 0 4px 0; line-height: 1.25; }
h1 { font-size: 24px; } h2 { font-size: 20px; } h3 { font-size: 17px; }
.text > :first-child, .content > :first-child { margin-top: 0; }
.subtext { color: #949ba4; font-size: 13px; }
.li::before { content: "•"; margin: 0 8px 0 4px; }
.quote { border-left: 4px solid #4e5058; padding-left: 10px; }
code { background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px; padding: 0 3px; font-size: 14px;
  font-family: "DejaVu Sans Mono", Consolas, monospace; }
pre { background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px; padding: 8px; font-size: 14px;
  white-space: pre-wrap; }
.time { background: rgba(255,255,255,0.08); border-radius: 3px; padding: 0 2px; }
.mention { background: rgba(88,101,242,0.3); color: #c9cdfb; border-radius: 3px; padding: 0 2px; font-weight: 500; }
a { color: #00a8fc; text-decoration: none; }
.embed { background: #2b2d31; border-left: 4px solid #1e1f22; border-radius: 4px; padding: 8px 12px 12px 12px;
  margin-top: 6px; font-size: 14px; }
.embed .title { color: #f2f3f5; font-weight: 700; font-size: 16px; margin: 4px 0; }
.embed .author { color: #f2f3f5; font-weight: 600; font-size: 13px; }
.embed .field { margin-top: 8px; } .embed .field .name { color: #f2f3f5; font-weight: 600; margin-bottom: 2px; }
.embed .footer { color: #949ba4; font-size: 12px; margin-top: 8px; }
.embed .image { max-width: 100%%; border-radius: 4px; margin-top: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { display: inline-flex; align-items: center; justify-content: center; min-height: 38px; padding: 2px 16px;
  border-radius: 8px; color: white; font-size: 14px; font-weight: 500; }
.button.primary { background: #5865f2; } .button.secondary { background: #4e5058; }
.button.success { background: #248046; } .button.danger { background: #da373c; }
.button.link { background: #4e5058; } .button.premium { background: #5865f2; }
.button.disabled { opacity: 0.5; } .button .out { margin-left: 6px; }
.select { width: 100%%; }
.select .box { display: flex; justify-content: space-between; align-items: center; min-height: 44px;
  background: #1e1f22; border: 1px solid #1e1f22; border-radius: 8px; padding: 8px 12px; font-size: 15px; }
.select.open .box { border-color: #5865f2; border-radius: 8px 8px 0 0; }
.select .placeholder { color: #949ba4; } .select .chosen { color: #dbdee1; }
.select .chevron { color: #b5bac1; font-size: 18px; margin-left: 8px; }
.options { list-style: none; margin: 0; padding: 4px 0; background: #2b2d31; border: 1px solid #1e1f22;
  border-top: none; border-radius: 0 0 8px 8px; }
.option { display: flex; justify-content: space-between; align-items: center; padding: 8px 12px; gap: 8px;
  border-bottom: 1px solid #35373c; }
.options.long { max-height: %(listed)spx; overflow: hidden;
  -webkit-mask-image: linear-gradient(to bottom, black 80%%, transparent); }
.option:last-child { border-bottom: none; }
.option .label { color: #f2f3f5; font-size: 15px; }
.option .description { color: #949ba4; font-size: 13px; }
.radio { width: 20px; height: 20px; border-radius: 50%%; border: 2px solid #80848e; flex: none; }
.radio.on { border: 6px solid #5865f2; }
.container { background: #2b2d31; border: 1px solid #3f4147; border-radius: 8px; padding: 14px 14px 14px 16px;
  margin-top: 6px; display: flex; flex-direction: column; gap: 8px; font-size: 15px; }
.container.accent { border-left-width: 4px; }
.section { display: flex; gap: 12px; align-items: flex-start; }
.section .texts { flex: 1; } .thumbnail { width: 64px; height: 64px; object-fit: cover; border-radius: 8px; }
.gallery img { width: 100%%; border-radius: 8px; display: block; }
.file { background: #2b2d31; border: 1px solid #3f4147; border-radius: 8px; padding: 10px; }
.separator hr { border: none; border-top: 1px solid #3f4147; margin: 2px 0; }
.separator.large hr { margin: 10px 0; }
.unknown { border: 2px dashed #f23f43; color: #f23f43; padding: 6px; border-radius: 6px; }
.ephemeral { color: #949ba4; font-size: 12px; margin-top: 8px; } .dismiss { color: #00a8fc; }
"""


def page(message: dict[str, Any], context: Context, *, open_select: str | None = None,
         files: dict[str, bytes] | None = None) -> str:
    """A whole HTML page showing the message on a phone's dark screen (its `#screen` is what is photographed)."""
    drawn = body(message, context, open_select=open_select, files=files)
    return ('<!doctype html><html><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width={WIDTH}">'
            f'<style>{STYLE % {"width": WIDTH, "listed": LISTED * 56}}</style></head>'
            f'<body><div id="screen">{drawn}</div></body></html>')


# -- in words ------------------------------------------------------------------------------------------------------
def _plain(text: str, context: Context) -> str:
    """Markdown as a reader hears it: markup gone, mentions and timestamps as the app shows them."""
    text = re.sub(r"^(#{1,3}|-#|>|[-*]) ", "", text)
    return re.sub(r"<[^>]+>", "", html.unescape(inline(text, context))).strip()


def _count(options: int) -> str:
    return f"{options} option{'' if options == 1 else 's'}"


def _words_of(item: dict[str, Any], context: Context, open_select: str | None, out: list[str]) -> None:
    kind = item.get("type")
    if kind == BUTTON:
        out.append(f"[{item.get('label') or ''}] ({STYLE_WORDS.get(item.get('style', 2), 'grey')} button)")
    elif kind in SELECTS:
        options = item.get("options") or []
        chosen = [o["label"] for o in options if o.get("default")]
        head = f"Select menu showing {', '.join(chosen)!s}" if chosen else \
            f"Select menu \"{item.get('placeholder') or 'Make a selection'}\""
        if item.get("custom_id") == open_select:
            more = f" ({LISTED} on the screen, the rest scrolled to)" if len(options) > LISTED else ""
            out.append(f"{head}, open, listing {_count(len(options))}{more}:")
            out += ["  " + o["label"] + (f": {o['description']}" if o.get("description") else "") for o in options]
        else:
            out.append(f"{head} ({_count(len(options))}).")
    elif kind == TEXT_DISPLAY:
        out += [_plain(line, context) for line in (item.get("content") or "").split("\n") if line.strip()]
    elif kind == MEDIA_GALLERY:
        urls = [(g.get("media") or {}).get("url", "") for g in item.get("items") or []]
        names = ", ".join(url.removeprefix("attachment://") for url in urls)
        out.append(f"A picture ({names}).")
    elif kind == SEPARATOR:
        out.append("A dividing line.")
    elif kind == CONTAINER:
        colour = item.get("accent_color")
        out.append("A box" + (f" with a {_colour(colour)} bar down its left side:" if colour is not None else ":"))
    elif kind == THUMBNAIL:
        out.append("A small picture.")
    row = [item.get("accessory")] if item.get("accessory") else []
    for child in (item.get("components") or []) + row:
        _words_of(child, context, open_select, out)


def words(message: dict[str, Any], context: Context, *, open_select: str | None = None) -> str:
    """The message in words, line by line as the picture shows it, top to bottom."""
    out = []
    meta = message.get("interaction_metadata") or {}
    who = (meta.get("user") or {}).get("global_name") or ""
    private = int(message.get("flags") or 0) & EPHEMERAL
    if meta.get("type") == 2:
        out.append(f"On a phone, in Discord's dark theme: the bot's answer to {who}'s /{meta.get('name')}"
                   + (", which only they can see." if private else "."))
    else:
        out.append("On a phone, in Discord's dark theme: a message from the bot"
                   + (" that only the player who pressed can see." if private else " in the game's channel."))
    if message.get("content"):
        out += [_plain(line, context) for line in message["content"].split("\n") if line.strip()]
    for item in message.get("embeds") or []:
        more = ":" if item.get("description") or item.get("fields") else "."
        out.append(f"A card titled \"{_plain(item.get('title') or '', context)}\"{more}")
        out += [_plain(line, context) for line in (item.get("description") or "").split("\n") if line.strip()]
        for entry in item.get("fields") or []:
            out.append(_plain(entry.get("name") or "", context) + ":")
            out += [_plain(line, context) for line in (entry.get("value") or "").split("\n") if line.strip()]
    for item in message.get("components") or []:
        if item.get("type") == ROW:
            row: list[str] = []
            for child in item.get("components") or []:
                _words_of(child, context, open_select, row)
            buttons = all(c.get("type") == BUTTON for c in item.get("components") or [])
            out.append((" " if buttons else "\n").join(row))  # a row of buttons on one line, as drawn
        else:
            _words_of(item, context, open_select, out)
    return "\n".join(out)
