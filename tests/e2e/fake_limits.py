"""Discord's limits and validation, as the fake applies them: what Discord would refuse is refused here too.

Messages (content 2,000 characters, 10 embeds within 6,000 characters, field sizes, 5 rows of components,
select options, nonces of 25 characters; a message flagged IS_COMPONENTS_V2: no content and no embeds, only the
layout components in their allowed places, at most 40 components nested ones included and 4,000 characters of
text, media only from the message's own attachments), registered commands (names, descriptions of 1-100 characters,
required options first, choices) and autocomplete choices (at most 25, of the option's type).
"""
from __future__ import annotations

import re
from typing import Any

from tests.e2e.fake_models import walk_components


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors


def invalid_form(path: str, message: str) -> DiscordError:
    return DiscordError(400, 50035, "Invalid Form Body", {path: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": message}]}})


IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 1, 2, 9, 10, 11, 12, 13, 14, 17
SELECTS = (3, 5, 6, 7, 8)
TOP_LEVEL_V2 = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)


def check_message_body(body: dict[str, Any], *, has_files: bool = False, filenames: tuple[str, ...] | None = None) -> None:
    """Discord's limits on a message; raises the DiscordError Discord would answer. `filenames`: the files
    uploaded with it (a V2 message's media may show only those, or attachments it already has)."""
    if int(body.get("flags") or 0) & IS_COMPONENTS_V2:
        check_v2_body(body, filenames or ())
        return
    content = body.get("content") or ""
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    if not (content or embeds or components or has_files or body.get("poll") or body.get("sticker_ids")):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    if len(content) > 2000:
        raise invalid_form("content", f"Must be 2000 or fewer in length (got {len(content)}).")
    if len(embeds) > 10:
        raise invalid_form("embeds", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if len(embed.get(key) or "") > limit:
                raise invalid_form(f"embeds.{i}.{key}", f"Must be {limit} or fewer in length.")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise invalid_form(f"embeds.{i}.fields", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            if not f.get("name") or not f.get("value"):
                raise invalid_form(f"embeds.{i}.fields.{j}", "Field name and value are required.")
            if len(f["name"]) > 256 or len(f["value"]) > 1024:
                raise invalid_form(f"embeds.{i}.fields.{j}", "Field name <= 256 and value <= 1024 characters.")
        total += sum(len(embed.get(k) or "") for k in ("title", "description"))
        total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
        total += len((embed.get("footer") or {}).get("text") or "") + len((embed.get("author") or {}).get("name") or "")
    if total > 6000:
        raise invalid_form("embeds", f"Embed size exceeds maximum size of 6000 (got {total}).")
    if len(components) > 5:
        raise invalid_form("components", "Must be 5 or fewer in length.")
    if any(c.get("type") != ACTION_ROW for c in components):
        raise invalid_form("components", "Without the IS_COMPONENTS_V2 flag only action rows are allowed.")
    for row in components:
        children = row.get("components") or []
        if row.get("type") == 1 and not 1 <= len(children) <= 5:
            raise invalid_form("components", "An action row holds 1 to 5 components.")
    for c in walk_components(components):
        if len(c.get("custom_id") or "") > 100 or len(c.get("label") or "") > 80:
            raise invalid_form("components", "custom_id <= 100 and label <= 80 characters.")
        if c.get("type") == 3 and not 1 <= len(c.get("options") or []) <= 25:
            raise invalid_form("components", "A select menu has 1 to 25 options.")
    if body.get("nonce") is not None and len(str(body["nonce"])) > 25:
        raise invalid_form("nonce", "Must be 25 or fewer in length.")


def check_v2_body(body: dict[str, Any], filenames: tuple[str, ...]) -> None:
    """A message flagged IS_COMPONENTS_V2 (Discord's "Components V2" rules): its text lives in text displays."""
    if body.get("content") is not None or body.get("embeds"):
        raise invalid_form("content", "content and embeds cannot be used with the IS_COMPONENTS_V2 flag.")
    if body.get("poll") or body.get("sticker_ids"):
        raise invalid_form("flags", "polls and stickers cannot be used with the IS_COMPONENTS_V2 flag.")
    components = body.get("components") or []
    if not components:
        raise DiscordError(400, 50006, "Cannot send an empty message")
    if len(components) > 10:
        raise invalid_form("components", "Must be 10 or fewer in length.")
    attached = set(filenames) | {a.get("filename") for a in body.get("attachments") or [] if "filename" in a}
    state = {"count": 0, "text": 0}
    for i, component in enumerate(components):
        if component.get("type") not in TOP_LEVEL_V2:
            raise invalid_form(f"components.{i}.type", f"Component type {component.get('type')} is not allowed here.")
        _check_v2(component, f"components.{i}", attached, state)
    if state["count"] > 40:
        raise invalid_form("components", f"A message holds at most 40 components (got {state['count']}).")
    if state["text"] > 4000:
        raise invalid_form("components", f"The total text of a message is at most 4000 characters (got {state['text']}).")
    if body.get("nonce") is not None and len(str(body["nonce"])) > 25:
        raise invalid_form("nonce", "Must be 25 or fewer in length.")


def _check_media(media: Any, where: str, attached: set[str]) -> None:
    url = (media or {}).get("url") or "" if isinstance(media, dict) else ""
    if not url:
        raise invalid_form(f"{where}.media.url", "A media item needs a url.")
    if url.startswith("attachment://") and url[len("attachment://"):] not in attached:
        raise invalid_form(f"{where}.media.url", f"{url} names no file of this message.")
    if not url.startswith(("attachment://", "https://", "http://")):
        raise invalid_form(f"{where}.media.url", f"{url} is not a URL or an attachment.")


def _check_v2(component: dict[str, Any], where: str, attached: set[str], state: dict[str, int]) -> None:
    """One component and what it holds: its place, its parts and their limits (counts and text into `state`)."""
    kind = component.get("type")
    state["count"] += 1
    children = component.get("components") or []
    if kind == CONTAINER:
        if not 1 <= len(children) <= 40:
            raise invalid_form(f"{where}.components", "A container holds 1 to 40 components.")
        for j, child in enumerate(children):
            if child.get("type") not in IN_CONTAINER:
                raise invalid_form(f"{where}.components.{j}.type", f"Component type {child.get('type')} cannot be in a container.")
            _check_v2(child, f"{where}.components.{j}", attached, state)
    elif kind == ACTION_ROW:
        kinds = [c.get("type") for c in children]
        if not (1 <= len(children) <= 5 and all(k == BUTTON for k in kinds)) and not (len(children) == 1 and kinds[0] in SELECTS):
            raise invalid_form(f"{where}.components", "An action row holds 1 to 5 buttons or one select menu.")
        for j, child in enumerate(children):
            _check_v2(child, f"{where}.components.{j}", attached, state)
    elif kind == SECTION:
        if not 1 <= len(children) <= 3 or any(c.get("type") != TEXT_DISPLAY for c in children):
            raise invalid_form(f"{where}.components", "A section holds 1 to 3 text displays.")
        accessory = component.get("accessory") or {}
        if accessory.get("type") not in (BUTTON, THUMBNAIL):
            raise invalid_form(f"{where}.accessory", "A section's accessory is a button or a thumbnail.")
        for j, child in enumerate(children):
            _check_v2(child, f"{where}.components.{j}", attached, state)
        _check_v2(accessory, f"{where}.accessory", attached, state)
    elif kind == TEXT_DISPLAY:
        text = component.get("content") or ""
        if not 1 <= len(text) <= 4000:
            raise invalid_form(f"{where}.content", "A text display holds 1 to 4000 characters.")
        state["text"] += len(text)
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= 10:
            raise invalid_form(f"{where}.items", "A media gallery holds 1 to 10 items.")
        for j, item in enumerate(items):
            _check_media(item.get("media"), f"{where}.items.{j}", attached)
            if len(item.get("description") or "") > 1024:
                raise invalid_form(f"{where}.items.{j}.description", "Must be 1024 or fewer in length.")
    elif kind == THUMBNAIL:
        _check_media(component.get("media"), where, attached)
    elif kind == FILE:
        url = (component.get("file") or {}).get("url") or ""
        if not url.startswith("attachment://") or url[len("attachment://"):] not in attached:
            raise invalid_form(f"{where}.file.url", "A file component shows one of the message's attachments.")
    elif kind == SEPARATOR:
        if component.get("spacing", 1) not in (1, 2):
            raise invalid_form(f"{where}.spacing", "A separator's spacing is 1 or 2.")
    elif kind == BUTTON:
        if len(component.get("custom_id") or "") > 100 or len(component.get("label") or "") > 80:
            raise invalid_form(where, "custom_id <= 100 and label <= 80 characters.")
    elif kind in SELECTS:
        if kind == 3 and not 1 <= len(component.get("options") or []) <= 25:
            raise invalid_form(where, "A select menu has 1 to 25 options.")
    else:
        raise invalid_form(f"{where}.type", f"Unknown component type {kind}.")


NAME = re.compile(r"^[-_\w]{1,32}$")


LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})  # Discord's locales (its reference, "Locales")


def check_commands(commands: list[dict[str, Any]]) -> None:
    """What Discord checks when commands are registered (discord.py checks some of it locally)."""
    if len(commands) > 100:
        raise invalid_form("", "At most 100 global chat input commands.")
    names = [c["name"] for c in commands]
    if len(names) != len(set(names)):
        raise invalid_form("", "Application command names must be unique")

    def check(where: str, entry: dict[str, Any], depth: int) -> int:
        name, description = entry.get("name") or "", entry.get("description") or ""
        if not NAME.match(name) or name != name.lower():
            raise invalid_form(f"{where}.name", f"Command name {name!r} is invalid (lowercase, 1-32, no spaces).")
        if not 1 <= len(description) <= 100:
            raise invalid_form(f"{where}.description", f"Must be between 1 and 100 in length (got {len(description)}).")
        for locale, text in (entry.get("description_localizations") or {}).items():
            if locale not in LOCALES or not 1 <= len(text) <= 100:
                raise invalid_form(f"{where}.description_localizations.{locale}", "Invalid locale, or not 1-100 in length.")
        for locale, text in (entry.get("name_localizations") or {}).items():
            if locale not in LOCALES or not NAME.match(text) or text != text.lower():
                raise invalid_form(f"{where}.name_localizations.{locale}", f"Command name {text!r} is invalid.")
        size = len(name) + len(description)
        options = entry.get("options") or []
        if len(options) > 25:
            raise invalid_form(f"{where}.options", "Must be 25 or fewer in length.")
        seen_optional = False
        for i, option in enumerate(options):
            kind = option.get("type")
            if kind in (1, 2) and (depth >= 2 or (kind == 2 and depth >= 1)):
                raise invalid_form(f"{where}.options.{i}", "Subcommands nest at most group > subcommand.")
            if kind not in (1, 2):
                if option.get("required"):
                    if seen_optional:
                        raise invalid_form(f"{where}.options.{i}.required", "Required options must be placed before non-required options")
                else:
                    seen_optional = True
                choices = option.get("choices") or []
                if len(choices) > 25 or (choices and option.get("autocomplete")):
                    raise invalid_form(f"{where}.options.{i}.choices", "At most 25 choices, and not with autocomplete.")
                for choice in choices:
                    if not 1 <= len(choice["name"]) <= 100 or (isinstance(choice["value"], str) and len(choice["value"]) > 100):
                        raise invalid_form(f"{where}.options.{i}.choices", "Choice names and values are 1-100 characters.")
                    size += len(choice["name"]) + len(str(choice["value"]))
            size += check(f"{where}.options.{i}", option, depth + (1 if kind in (1, 2) else 0))
        return size

    for index, command in enumerate(commands):
        if command.get("type", 1) == 1 and check(str(index), command, 0) > 8000:
            raise invalid_form(str(index), "Command exceeds maximum size (8000)")


def check_choices(choices: list[dict[str, Any]], option_type: int | None) -> str | None:
    """Why Discord would refuse these autocomplete choices (it shows the user "Loading options failed")."""
    if len(choices) > 25:
        return f"{len(choices)} choices (at most 25)"
    wanted = {3: str, 4: int, 10: (int, float)}.get(option_type or 3, str)
    for choice in choices:
        value = choice.get("value")
        if not 1 <= len(choice.get("name") or "") <= 100:
            return f"choice name {choice.get('name')!r} is not 1-100 characters"
        if isinstance(value, bool) or not isinstance(value, wanted):
            return f"choice value {value!r} is not of the option's type {option_type}"
        if isinstance(value, str) and len(value) > 100:
            return f"choice value {value[:20]!r}... is longer than 100 characters"
    return None
