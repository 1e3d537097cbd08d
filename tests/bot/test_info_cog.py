"""/status, /map, /rules and /help through the cog on a real database: always ephemeral, each refusal
specific, and nothing of another player's secrets (rulings, "Targets and visibility")."""
from __future__ import annotations

import io

from PIL import Image

from bot.cogs import cog_classes
from bot.cogs.info import InfoCog
from bot.services.signup import games
from bot.ui.text import ui
from tests.bot.cog_helpers import NOW, command, edit_state, night_game, seats, state_of
from tests.bot.fakes import FakeInteraction, FakeUser, call
from tests.services.conftest import mod

COMMANDS = ["/join", "/leave", "/role choose", "/role lovers", "/role rival", "/day0", "/attack", "/skill action:allout", "/skill action:settrap",
            "/item action:use", "/act action:defend", "/cover", "/act action:search", "/skill action:analyze", "/skill action:heal", "/move", "/act action:run", "/act action:hold", "/vote mark",
            "/vote close", "/vote reward", "/item action:trade", "/item action:pickup", "/item action:drop", "/item action:equip", "/skill action:track", "/orders", "/status",
            "/map", "/rules", "/help", "/game create", "/game open", "/game start", "/game pause", "/game resume",
            "/game extend", "/game end", "/game settings", "/resolve now", "/resolve preview", "/mod kill",
            "/mod revive", "/mod substitute", "/mod give", "/mod take", "/mod orders", "/mod audit", "/log"]


async def use(gm, name: str, user: int = 1, game: int | None = None, **where) -> FakeInteraction:
    cog = InfoCog(gm)
    return await call(command(cog, name), cog, FakeInteraction(gm, FakeUser(user, f"Player{user}"), **where), game=game)


def student_of(state, users: dict[str, int], user: int):
    return next(s for s in state.students.values() if users[s.id] == user)


def test_the_info_cog_is_loaded_with_the_bot():
    assert any(issubclass(cog, InfoCog) for cog in cog_classes())


# --- /status -------------------------------------------------------------------------------------

async def test_status_shows_my_record_privately(gm, db):
    game_id = await night_game(db)
    done = await use(gm, "status")
    assert done.all_ephemeral and len(done.sent) == 1
    assert "Player1, Day 1" in done.text and "Health: 10/10" in done.text
    assert "Around you: The Septagon" in done.text  # everyone started in The Septagon
    assert game_id


async def test_status_never_shows_another_players_secrets(gm, db):
    """Player2's Health, role, school and concealed items stay theirs; Player3, moved away, vanishes."""
    game_id = await night_game(db)
    users = await seats(db, game_id)
    state = await state_of(db, game_id)
    me, two, three = (student_of(state, users, u) for u in (1, 2, 3))

    def change(s):
        s.students[two.id].hp = 3
        s.students[two.id].items = []
        s.students[two.id].items.append(s.new_item("switchblade"))
        s.students[three.id].zone = 6
    await edit_state(db, game_id, change)
    text = (await use(gm, "status")).text
    assert "3/10" not in text and "Switchblade" not in text and "Player2: empty-handed" in text
    assert "Player3" not in text.split("Around you")[1] and "Cliffs" not in text
    if two.school != me.school:
        assert f"School {two.school}" not in text
    assert "Lone Wolf" not in text or me.role == "lone_wolf"


async def test_status_before_the_game_starts_says_so(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555, guild_id=1000, open_signups=True)
    await games.join_game(db, game.id, 1, "Player1")
    done = await use(gm, "status")
    assert done.text == ui("status_not_started", game="Island") and done.all_ephemeral
    assert "has not started yet" in done.text


async def test_II_on_day_0_status_asks_for_the_day0_choices(gm, db):
    from tests.services.conftest import started_game

    await started_game(db)
    done = await use(gm, "status")
    assert "Day 0: choose your starting zone" in done.text and "not placed yet" in done.text
    assert "Abilities you can choose with /day0" in done.text and done.all_ephemeral


async def test_status_for_someone_not_in_the_game_is_refused(gm, db):
    await night_game(db)
    done = await use(gm, "status", user=99)
    assert done.text == "You are not playing in this game." and done.all_ephemeral


async def test_a_dead_player_still_sees_their_status(gm, db):
    game_id = await night_game(db)
    users = await seats(db, game_id)
    me = student_of(await state_of(db, game_id), users, 1)

    def kill(s):
        s.students[me.id].alive, s.students[me.id].hp, s.students[me.id].died_day = False, 0, 1
    await edit_state(db, game_id, kill)
    done = await use(gm, "status")
    assert "You died on Day 1." in done.text and done.all_ephemeral
    assert "Around you" not in done.text


async def test_status_in_a_dm_names_the_game(gm, db):
    game_id = await night_game(db)
    done = await use(gm, "status", game=game_id, guild_id=None, channel_id=None)
    assert "Player1, Day 1" in done.text and done.all_ephemeral


async def test_status_in_a_dm_after_the_game_ended_points_to_the_finished_game(gm, db):
    """A player's only game is over: in a DM, /status says so and names the game's number (before, it said the
    player had never signed up), and with that number it shows the last state."""
    from bot.services.moderators import moderation

    game_id = await night_game(db)
    await moderation.end(db, game_id, actor_id=mod(7), reason="done")
    bare = await use(gm, "status", guild_id=None, channel_id=None)
    assert f"Your finished games: #{game_id} Test" in bare.text and f"game:{game_id}" in bare.text
    assert bare.all_ephemeral
    named = await use(gm, "status", game=game_id, guild_id=None, channel_id=None)
    assert "Player1" in named.text and named.all_ephemeral


async def test_status_cards_show_a_players_name_as_typed(gm, db):
    """A name with Markdown shows as typed in the cards (`/status`, `/mod view`, `/sheet show`), as in the posts:
    a player called **Bold** is not shown in bold; the game's own formatting (**Scavenger**) stays."""
    game = await games.create_game(db, name="Island", channel_id=555, guild_id=1000, open_signups=True)
    await games.join_game(db, game.id, 1, "**Bold**")
    await games.join_game(db, game.id, 2, "Player2")
    await games.start_game(db, game.id, NOW)
    done = await use(gm, "status")
    assert "\\*\\*Bold\\*\\*, Day 0" in done.text and "**Bold**, Day 0" not in done.text
    assert "**Scavenger**" in done.text


async def test_status_where_there_is_no_game(gm, db):
    done = await use(gm, "status", channel_id=777)
    assert "There is no game in this channel" in done.text and done.all_ephemeral


# --- /map ----------------------------------------------------------------------------------------

async def test_map_is_a_private_png_after_a_deferral(gm, db):
    await night_game(db)
    done = await use(gm, "map")
    assert done.deferred_ephemeral is True and done.all_ephemeral
    [reply] = done.sent
    assert reply["file"].filename == "island.png"
    image = Image.open(io.BytesIO(reply["file"].fp.read()))
    assert image.format == "PNG"
    assert "The island on Day 1" in reply["content"]


async def test_a_pictures_caption_escapes_the_players_names_it_quotes(gm, db):
    """The caption is the message's content, where a name like `<@123456789012345678>` would ping and `**` would format: it is
    escaped as the channel's posts are (the card game's caption names every player)."""
    game = await games.create_game(db, name="Cards", channel_id=555, guild_id=1000, open_signups=True,
                                   ruleset="battle_royale_cards")
    await games.join_game(db, game.id, 1, "**Bold** <@123456789012345678>")
    await games.join_game(db, game.id, 2, "__Under__ <@223456789012345678>")
    await games.start_game(db, game.id, NOW)
    done = await use(gm, "map")
    [reply] = done.sent
    content = reply["content"]  # at step 0 it names the player who places first, whoever won the roll-off
    assert not any(raw in content for raw in ("<@123456789012345678>", "<@223456789012345678>", "**Bold**", "__Under__"))
    assert "\\*\\*Bold\\*\\*" in content or "\\_\\_Under\\_\\_" in content


async def test_map_before_the_start_and_for_a_stranger_is_refused(gm, db):
    game = await games.create_game(db, name="Island", channel_id=555, guild_id=1000, open_signups=True)
    for user in (1, 2):
        await games.join_game(db, game.id, user, f"Player{user}")
    early = await use(gm, "map")
    assert early.text == ui("map_not_started", game="Island") and early.all_ephemeral
    await games.start_game(db, game.id, NOW)
    stranger = await use(gm, "map", user=99)
    assert stranger.text == "You are not playing in this game." and stranger.all_ephemeral


# --- /rules and /help ----------------------------------------------------------------------------

def within_limits(done: FakeInteraction) -> None:
    for message in done.sent:
        embeds = message["embeds"]
        assert len(embeds) <= 10 and sum(len(e) for e in embeds) <= 6000
        assert all(len(f.value) <= 1024 and len(f.name) <= 256 for e in embeds for f in e.fields)


async def test_rules_without_a_game_name_no_games_rules_but_list_the_games(gm, db):
    """Outside a game (a channel without one, a DM) /rules cannot know which game is meant: it lists the
    installed games and says how to ask for one's rules, and shows no game's rules."""
    for where in ({"channel_id": 777}, {"guild_id": None, "channel_id": None}):
        done = await use(gm, "rules", **where)
        assert done.all_ephemeral
        text = done.text
        assert "**Battle Royale**" in text and "use /rules in a game's channel, or with `game:`" in text
        for words in ("Attack", "Hold Ground", "Lone Wolf wins", "The order of a night", "docs/rules/battle-royale.md"):
            assert words not in text, words
        within_limits(done)


async def test_rules_in_a_games_channel_summarise_its_handbook(gm, db):
    """Handbook III (actions, movement, votes) and the winning conditions, and where the full rules are."""
    game_id = await night_game(db)
    for where in ({}, {"game": game_id, "guild_id": None, "channel_id": None}):
        done = await use(gm, "rules", **where)
        assert done.all_ephemeral
        text = done.text
        for words in ("Battle Royale", "Attack", "Run", "Hold Ground", "Mark", "Close", "Lone Wolf wins",
                      "The order of a night", "docs/rules/battle-royale.md"):
            assert words in text, words
        within_limits(done)


async def test_rules_for_a_game_that_does_not_exist(gm, db):
    await night_game(db)
    missing = await use(gm, "rules", game=999)
    assert missing.text == "There is no game #999." and missing.all_ephemeral


async def test_help_lists_every_command_grouped(gm, db):
    done = await use(gm, "help", channel_id=777)
    assert done.all_ephemeral
    text = done.text
    for name in COMMANDS:
        assert f"`{name}" in text, name
    for group in ("Sign-up", "Roles", "Day 0", "Actions", "Movement", "Free actions", "Votes", "Information",
                  "Moderators"):
        assert group in text, group
    within_limits(done)


async def test_help_in_a_game_is_the_games_commands_then_the_bots(gm, db):
    await night_game(db)
    done = await use(gm, "help")
    assert done.all_ephemeral
    titles = [e.title for e in done.sent[0]["embeds"]]
    assert titles == ["Battle Royale: commands", "Commands"]
    text = done.text
    assert all(f"`{name}" in text for name in COMMANDS)
    assert text.index("`/attack`") < text.index("`/join") < text.index("`/game create`")
    within_limits(done)


async def test_help_names_every_command_the_bot_registers(gm, db):
    """/help stays in step with the cogs: every slash command and subcommand is listed."""
    for cog_class in cog_classes():
        await gm.add_cog(cog_class(gm))
    registered = {f"/{c.qualified_name}" for c in gm.tree.walk_commands() if not hasattr(c, "commands")}
    text = (await use(gm, "help", channel_id=777)).text
    assert registered and not {name for name in registered if f"`{name}" not in text}


def test_a_games_picture_command_is_registered_once_and_never_over_another_command():
    """docs/bot.md, "A game's picture command": `Pictures.command` adds a command showing the picture."""
    import pytest

    from bot.cogs.info import build_cog
    from engine.front import Command, Front, Orders, Pictures

    def drawn(command: str) -> Pictures:
        return Pictures(draw=lambda view: None, command=command)

    board = Front(title="Boardy", picture=drawn("board"), orders=Orders(commands=(Command("move", "Move"),)))
    clash = Front(title="Clashing", picture=drawn("move"))
    mapped = Front(title="Mapped", picture=drawn("map"))

    names = [c.name for c in build_cog({"a": board, "b": board}).__cog_app_commands__]
    assert names.count("board") == 1 and "map" in names
    assert build_cog({"a": Front(title="")}) is InfoCog
    for fronts in ({"a": board, "b": clash}, {"c": mapped}):
        with pytest.raises(ValueError, match="already another command"):
            build_cog(fronts)


async def test_profile_shows_the_whole_record_to_its_player_and_the_tier_to_others(gm, db):
    """Issue 24: /profile [user] and /leaderboard game:, from the stored statistics and records (of a Battle Royale
    game: 8 steps, where a card game takes a hundred)."""
    from discord import app_commands

    from bot.cogs.community import CommunityCog
    from bot.services.steps import simulation

    await simulation.simulate(db, 4, seed=5, ruleset="battle_royale")
    cog = CommunityCog(gm)
    player = simulation.USER_BASE
    own = await call(command(cog, "profile"), cog, FakeInteraction(gm, FakeUser(player, "Bot0")))
    assert "Reliability: new" in own.text and "Your record: 1 game played, 1 finished" in own.text
    assert "- Battle Royale: 1 game," in own.text
    other = await call(command(cog, "profile"), cog, FakeInteraction(gm, FakeUser(5, "Other")),
                       user=FakeUser(player, "Bot0"))
    assert "Reliability: new" in other.text and "Your record" not in other.text and other.all_ephemeral
    board = await call(command(cog, "leaderboard"), cog, FakeInteraction(gm, FakeUser(5, "Other"), guild_id=None),
                       game=app_commands.Choice(name="Battle Royale", value="battle_royale"))
    assert "belong to a server" in board.text
