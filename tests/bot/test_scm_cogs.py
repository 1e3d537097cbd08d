"""Issue 11 through the cogs: StarCraft Mafia's commands are the shared /attack, /heal, /pickup ... used on a
StarCraft Mafia game; an order is saved and may change until the deadline, a refusal says the rules' reason and
changes nothing, autocomplete comes from the player's view (form and infest for the infested only), and a day
resolves through the services."""
from __future__ import annotations

from bot.cogs.game_commands import COG as OrdersCog
from bot.services.moderators import moderation
from bot.services.orders import day_actions
from bot.services.signup import games
from bot.services.steps import resolution
from bot.ui.autocomplete import option_choices
from tests.bot.cog_helpers import NOW, edit_state, run, seats, state_of, submit_menu, verb_option_choices
from tests.bot.fakes import FakeInteraction, FakeUser
from tests.services.conftest import mod

target_choices = option_choices("attack", "target")
form_choices = option_choices("attack", "form")
infest_choices = option_choices("attack", "infest")
weapon_choices = option_choices("attack", "weapon")
pickup_choices = verb_option_choices("item", "pickup", "item")


async def outpost(db, infested_user: int = 6) -> tuple[int, dict[int, str]]:
    """A started 6-player game: Player{infested_user} is the one infested, Player1 a marine, Player2 a medic."""
    game = await games.create_game(db, name="Outpost", ruleset="starcraft_mafia", channel_id=555, guild_id=1000)
    for user in range(1, 7):
        await games.join_game(db, game.id, user, f"Player{user}", "marine" if user == 1 else None)
    await games.start_game(db, game.id, NOW)
    seat_of = {user: seat for seat, user in (await seats(db, game.id)).items()}

    def arrange(state):
        from engine.rulesets.starcraft_mafia.catalog import catalog

        for user, seat in seat_of.items():
            p = state.players[seat]
            cls = {1: "marine", 2: "medic"}.get(user, p.cls)
            defn = catalog().cls(cls)
            p.cls, p.suit_hp, p.suit_max = cls, defn.suit.hp, defn.suit.hp
            p.body_hp, p.body_max = defn.body.hp, defn.body.hp
            p.items = [state.new_item(kind) for kind in defn.items]
            infested = user == infested_user
            p.team, p.zerg_hp, p.infested_day = ("infested", 50, 0) if infested else ("human", None, None)
    await edit_state(db, game.id, arrange)
    return game.id, seat_of


async def test_an_order_is_saved_and_changed_until_the_deadline(gm, db):
    game_id, seat_of = await outpost(db)
    cog = OrdersCog(gm)
    attacked = await run(cog, "attack", 1, target=seat_of[2])
    assert attacked.all_ephemeral and attacked.text.startswith("Order saved for Day 1: Attack Player2."), attacked.text
    menu = await run(cog, "skill", 1, action="stim")  # typed alone: its menu (undo is chosen there)
    assert "/skill action:stim" in menu.text
    stim = await submit_menu(menu, 1)
    assert stim.text.startswith("Order saved for Day 1: Use your Stim Pack."), stim.text
    slept = await run(cog, "act", 1, action="sleep")
    assert slept.text.startswith("Order saved for Day 1: Sleep."), slept.text
    saved = await day_actions.current_payload(db, game_id, 1)
    assert saved["main"] == {"kind": "sleep"} and saved["offensive"] == {"kind": "stim"}


async def test_a_refusal_says_the_rules_reason_and_changes_nothing(gm, db):
    game_id, seat_of = await outpost(db)
    cog = OrdersCog(gm)
    await run(cog, "act", 1, action="sleep")
    zerg = await run(cog, "attack", 1, target=seat_of[2], form="zerg")
    assert zerg.text == "Only the infested can attack in Zerg form or infest.", zerg.text
    heal = await run(cog, "skill", 1, action="heal", target=seat_of[2])
    assert heal.text == "Heal is not an ability of the Marine class.", heal.text
    pickup = await run(cog, "item", 1, action="pickup", item="C-10 Rifle")
    assert pickup.text == "There is no C-10 Rifle on a body to pick up.", pickup.text
    assert (await day_actions.current_payload(db, game_id, 1))["main"] == {"kind": "sleep"}


async def test_autocomplete_comes_from_the_view_and_hides_the_infested(gm, db):
    """Rulings, "Public and private": a human's choices are the same whoever is infested; `form` and `infest`
    are offered to the infested alone."""
    game_id, seat_of = await outpost(db, infested_user=6)
    human = FakeInteraction(gm, FakeUser(1, "Player1"))
    targets = [(c.name, c.value) for c in await target_choices(human, "")]
    assert [v for _, v in targets] == [seat_of[u] for u in range(2, 7)] + [seat_of[1]]
    assert await form_choices(human, "") == [] and await infest_choices(human, "") == []
    assert [c.value for c in await weapon_choices(human, "")] == ["c14_rifle"]
    zerg = FakeInteraction(gm, FakeUser(6, "Player6"))
    assert [c.value for c in await form_choices(zerg, "")] == ["human", "zerg"]
    assert [c.value for c in await infest_choices(zerg, "")] == ["yes"]
    infested = await run(OrdersCog(gm), "attack", 6, target=seat_of[1], infest="yes")
    assert infested.text.startswith("Order saved for Day 1: Infest Player1 (a secret Zerg attack)."), infested.text

    def move_infestation(state):  # Player5 infested instead of Player6: Player1's lists must not change
        for user, infested in ((5, True), (6, False)):
            p = state.players[seat_of[user]]
            p.team, p.zerg_hp = ("infested", 50) if infested else ("human", None)
    await edit_state(db, game_id, move_infestation)
    again = [(c.name, c.value) for c in await target_choices(FakeInteraction(gm, FakeUser(1, "Player1")), "")]
    assert again == targets


async def test_a_day_resolves_through_the_services(gm, db):
    game_id, seat_of = await outpost(db)
    cog = OrdersCog(gm)
    await run(cog, "attack", 1, target=seat_of[1])  # suicide: death, no battle (rulings, "Combat")
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator")
    state = await state_of(db, game_id)
    assert state.day == 2 and not state.players[seat_of[1]].alive
    assert state.players[seat_of[1]].death_cause == "suicide"


async def test_mod_kill_is_public_reveals_class_and_team_and_leaves_the_items(gm, db):
    """Rulings, "Public and private": "A moderator kill is public, reveals class and team, and leaves the
    items on the body" (picked up from the next day: rulings, step 5)."""
    game_id, seat_of = await outpost(db)
    await moderation.act(db, game_id, mod(99), 2, "kill", {"reason": "left the game"})
    state = await state_of(db, game_id)
    medic = state.players[seat_of[2]]
    assert not medic.alive and medic.death_cause == "left the game" and medic.items
    player = FakeInteraction(gm, FakeUser(1, "Player1"))
    assert await pickup_choices(player, "") == []  # died today: nothing to pick up yet
    await resolution.resolve_day(db, game_id, NOW, trigger="moderator")
    assert [c.name for c in await pickup_choices(player, "")] == [
        "C-7 Pistol on Player2's body", "Optical Flare Grenade on Player2's body"]


async def test_status_rules_and_help_in_the_games_channel_within_discords_limits(gm, db):
    """/status (own fatigue, items; the infested's team), /rules (every house rule under the rulings' name)
    and /help (every command with an example), as the bot renders them."""
    from tests.bot.test_info_cog import use, within_limits

    await outpost(db, infested_user=6)
    human = await use(gm, "status", user=1)
    assert human.all_ephemeral and "Fatigue (only you see it, and an opponent in a battle's rolls)" in human.text and "C-14 Rifle" in human.text
    assert "The infested team" not in human.text
    infested = await use(gm, "status", user=6)
    assert "The infested team (secret)" in infested.text and "Zerg form 50/50" in infested.text
    rules = await use(gm, "rules")
    assert "`day_vote = false`" in rules.text and "`infested_table = 5-7: 1, 8-11: 2, 12-15: 3, 16-20: 4`" in rules.text
    helped = await use(gm, "help")
    assert "Example: `/attack target:Raynor`" in helped.text and "`/vote lynch`" in helped.text
    for done in (human, infested, rules, helped):
        within_limits(done)
