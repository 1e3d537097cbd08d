"""Building INTERACTION_CREATE payloads as Discord sends them.

Slash command options are typed from the commands the bot registered (the bulk overwrite it sent at
start-up), so a test writes `{"target": bob, "weapon": "Rifle"}` and gets what Discord would send: the
subcommand group / subcommand nesting, integers as integers, and for a user option the user's id with the
user and member in `resolved` (for an attachment, `{"filename": ..., "data": bytes}`, downloadable from the
fake like Discord's CDN). What Discord's client would refuse (an unknown option, a missing required
one, a value outside the choices or limits) raises `ValueError` here: it is a mistake in the test.
"""
from __future__ import annotations

from typing import Any

from tests.e2e.fake_models import BOT_PERMISSIONS, DM, FakeChannel, FakeRole, FakeUser, World, walk_components

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


def command_options(command: dict[str, Any], path: list[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The option schema of `/name sub...` and the nesting wrapper to put the values in."""
    schema = command.get("options") or []
    chain: list[dict[str, Any]] = []
    for part in path:
        found = next((o for o in schema if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if found is None:
            raise ValueError(f"/{command['name']} has no subcommand {part!r}: "
                             f"{[o['name'] for o in schema if o['type'] in (1, 2)]}")
        chain.append(found)
        schema = found.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
        raise ValueError(f"/{command['name']} {' '.join(path)} needs a subcommand: {[o['name'] for o in schema]}")
    return schema, chain


def typed_value(world: World, option: dict[str, Any], value: Any, resolved: dict[str, dict], in_guild: bool,
                focused: bool) -> Any:
    kind = option["type"]
    name = option["name"]
    if focused:
        return str(value)
    if kind == STRING:
        value = str(value)
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise ValueError(f"{name}: length outside {option.get('min_length')}..{option.get('max_length')}")
    elif kind == INTEGER:
        if isinstance(value, bool) or int(value) != value:
            raise ValueError(f"{name} takes an integer, not {value!r}")
        value = int(value)
    elif kind == NUMBER:
        value = float(value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise ValueError(f"{name} takes True or False, not {value!r}")
    elif kind in (USER, MENTIONABLE) and not isinstance(value, FakeRole):
        user = world.user(value)
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if in_guild:
            resolved.setdefault("members", {})[str(user.id)] = world.member_payload(user, with_user=False)
        return str(user.id)
    elif kind in (ROLE, MENTIONABLE):
        role = value if isinstance(value, FakeRole) else world.roles[int(value)]
        resolved.setdefault("roles", {})[str(role.id)] = role.payload()
        return str(role.id)
    elif kind == ATTACHMENT:  # a file the user attached: {"filename": ..., "data": bytes}, downloadable from the fake
        attachment_id = world.ids()
        world.uploads[attachment_id] = value["data"]
        url = f"{world.cdn_base}/attachments/{attachment_id}"
        resolved.setdefault("attachments", {})[str(attachment_id)] = {
            "id": str(attachment_id), "filename": value["filename"], "size": len(value["data"]), "url": url,
            "proxy_url": url, "content_type": value.get("content_type")}
        return str(attachment_id)
    elif kind == CHANNEL:
        channel = world.channel(value)
        resolved.setdefault("channels", {})[str(channel.id)] = channel.payload() | {"permissions": str(BOT_PERMISSIONS)}
        return str(channel.id)
    else:
        raise ValueError(f"{name}: option type {kind} is not supported by the fake yet")
    if "min_value" in option and value < option["min_value"] or "max_value" in option and value > option["max_value"]:
        raise ValueError(f"{name}={value!r} outside {option.get('min_value')}..{option.get('max_value')}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"{name}={value!r} is not one of the choices {[c['value'] for c in choices]}")
    return value


def command_data(world: World, command: dict[str, Any], path: list[str], values: dict[str, Any], *,
                 in_guild: bool, focused: str | None = None) -> dict[str, Any]:
    """`data` of an application command (or autocomplete, with `focused`) interaction."""
    schema, chain = command_options(command, path)
    by_name = {o["name"]: o for o in schema}
    unknown = set(values) - set(by_name)
    if unknown:
        raise ValueError(f"/{command['name']} {' '.join(path)} has no option {sorted(unknown)}; it has {sorted(by_name)}")
    if focused is None:
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
        if missing:
            raise ValueError(f"/{command['name']} {' '.join(path)} requires {missing}")
    elif focused not in by_name or not by_name[focused].get("autocomplete"):
        raise ValueError(f"{focused!r} is not an autocomplete option of /{command['name']} {' '.join(path)}")
    resolved: dict[str, dict] = {}
    options: list[dict[str, Any]] = []
    for option in schema:  # Discord sends options in the order the command declares them
        if option["name"] not in values:
            continue
        is_focused = option["name"] == focused
        entry = {"name": option["name"], "type": option["type"],
                 "value": typed_value(world, option, values[option["name"]], resolved, in_guild, is_focused)}
        if is_focused:
            entry["focused"] = True
        options.append(entry)
    for link in reversed(chain):
        options = [{"name": link["name"], "type": link["type"], "options": options}]
    data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    return data


def focused_type(options: list[dict[str, Any]]) -> int | None:
    for option in options:
        if option.get("focused"):
            return option["type"]
        found = focused_type(option.get("options") or [])
        if found is not None:
            return found
    return None


def component_data(message: dict[str, Any], custom_id: str, values: list[str] | None) -> dict[str, Any]:
    """`data` of a component interaction: the button or select with this custom id on that message."""
    found = next((c for c in walk_components(message.get("components") or []) if c.get("custom_id") == custom_id), None)
    if found is None:
        ids = [c.get("custom_id") for c in walk_components(message.get("components") or []) if c.get("custom_id")]
        raise ValueError(f"message {message['id']} has no component {custom_id!r}; it has {ids}")
    if found.get("disabled"):
        raise ValueError(f"component {custom_id!r} is disabled")
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": found["type"]}
    if found["type"] == 2:
        if values is not None:
            raise ValueError(f"{custom_id!r} is a button: click it, do not select")
        return data
    values = list(values or [])
    if found["type"] == 3:
        allowed = [o["value"] for o in found.get("options") or []]
        wrong = [v for v in values if v not in allowed]
        if wrong:
            raise ValueError(f"{custom_id!r} has no options {wrong}; it has {allowed}")
    if not found.get("min_values", 1) <= len(values) <= found.get("max_values", 1):
        raise ValueError(f"{custom_id!r} takes {found.get('min_values', 1)}..{found.get('max_values', 1)} values")
    data["values"] = values
    return data


def interaction_payload(world: World, *, interaction_id: int, token: str, kind: int, user: FakeUser,
                        channel: FakeChannel, data: dict[str, Any],
                        message: dict[str, Any] | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(interaction_id), "application_id": str(world.application_id), "type": kind, "token": token,
        "version": 1, "data": data, "channel_id": str(channel.id), "channel": channel.payload(),
        "app_permissions": str(BOT_PERMISSIONS), "locale": user.locale, "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if channel.type == DM:
        payload.update(user=user.payload(), context=1, authorizing_integration_owners={"0": str(world.guild_id)})
    else:
        payload.update(guild_id=str(world.guild_id), guild_locale=world.guild_locale, member=world.member_payload(user),
                       guild={"id": str(world.guild_id), "locale": world.guild_locale, "features": []}, context=0,
                       authorizing_integration_owners={"0": str(world.guild_id)})
        payload["channel"]["permissions"] = str(world.permissions(user))
    if message is not None:
        payload["message"] = message
    return payload
