"""The sign-up offers only what a game's setup puts in play (issue 32 point 1; docs/setups.md, "What the sign-up
offers"): Battle Royale's `roles` (docs/rules/battle-royale.md, "A setup's items and roles"; handbook II: a role
left out is never granted) and StarCraft Mafia's `classes` (rulings, "Players, teams, classes"; a weight of 0 is out
of play). A request for one out of play is refused at once, naming the game's term, and changes nothing; a request
made before a moderator took its role out stays, and the start refuses it as before (the moderator is told)."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db.models import Outbox, Player
from bot.languages.reader import localized
from bot.languages.stored import revived
from bot.services.base.errors import ServiceError
from bot.services.moderators import game_admin
from bot.services.signup import games
from engine import registry
from engine.rng import RecordingRng
from engine.rulesets.battle_royale.settings import BRSettings
from engine.rulesets.battle_royale.texts import ROLE_NAMES, say
from engine.rulesets.starcraft_mafia.settings import SCMSettings
from tests.services.conftest import NOW, mod

NO_WOLVES = {"roles": {"lovers": None}}  # Dedicated Students and Lovers only
TWO_CLASSES = {"classes": {"marine": 2, "medic": 1, "ghost": 0}}


async def _requests(db, game_id: int) -> dict[int, dict]:
    async with db.read() as session:
        rows = (await session.execute(select(Player).where(Player.game_id == game_id))).scalars()
        return {p.user_id: p.requests for p in rows}


async def _lobby_roles(db, game_id: int) -> list:
    async with db.read() as session:
        row = (await session.execute(select(Outbox).where(Outbox.game_id == game_id, Outbox.target == "lobby")
                                     .order_by(Outbox.id.desc()).limit(1))).scalar_one()
        return [[str(revived(label)), value] for label, value in row.payload["roles"]]  # each kept by its key


async def _lobby_game(db, ruleset: str, settings: dict, cap: int | None = None) -> int:
    game = await game_admin.create(db, guild_id=1000, channel_id=555, actor_id=mod(7), name="G", ruleset=ruleset,
                                   signup_cap=cap)
    for name, value in settings.items():
        await game_admin.change_setting(db, game.id, mod(7), name, str(value).replace("'", ""))
    await game_admin.open_signups(db, game.id, mod(7))
    return game.id


async def test_a_battle_royale_setup_without_lone_wolves_refuses_one_at_once_and_offers_the_rest(db):
    game_id = await _lobby_game(db, "battle_royale", NO_WOLVES)
    assert await games.offered_roles(db, game_id) == (("Dedicated Student", "dedicated_student"),)
    assert await _lobby_roles(db, game_id) == [["Dedicated Student", "dedicated_student"]]  # its Join as buttons
    wolf = "This game's setup does not grant the Lone Wolf role: choose one of Dedicated Student."
    with pytest.raises(ServiceError) as refused:
        await games.join_game(db, game_id, 1, "Ann", "lone_wolf")
    assert str(refused.value) == wolf
    assert await _requests(db, game_id) == {}  # nobody signed up
    await games.join_game(db, game_id, 1, "Ann")
    await games.join_game(db, game_id, 2, "Bob")
    with pytest.raises(ServiceError) as refused:
        await games.request_role(db, game_id, 1, "Lone Wolf")
    assert str(refused.value) == wolf
    await games.pair(db, game_id, 1, "lovers", 2)  # Lovers are in play: the proposal goes out
    assert (await _requests(db, game_id))[1] == {"role": "dedicated_student", "lover_proposal": 2}


async def test_a_refusal_of_a_role_out_of_play_reads_in_the_players_own_language(db):
    """The game's sign-up texts keep their keys (`unfilled`, filled by the bot), so a Brazilian player reads the
    refusal in Portuguese, the roles it names too (issue 31)."""
    game_id = await _lobby_game(db, "battle_royale", NO_WOLVES)
    with pytest.raises(ServiceError) as refused:
        await games.join_game(db, game_id, 1, "Ann", "lone_wolf")
    portuguese = str(localized(refused.value.message, "pt-BR"))
    assert portuguese.startswith("A configuração deste jogo não concede o papel ")
    assert "Lone Wolf" not in portuguese and "Dedicated Student" not in portuguese  # the roles' names translated


async def test_a_refusal_of_a_class_out_of_play_reads_in_the_players_own_language(db):
    game_id = await _lobby_game(db, "starcraft_mafia", {"classes": "marine: 1, medic: 1"})
    with pytest.raises(ServiceError) as refused:
        await games.join_game(db, game_id, 2, "Bea", "ghost")
    assert str(localized(refused.value.message, "es-ES")).startswith("La configuración de esta partida")


async def test_a_battle_royale_setup_without_lovers_refuses_a_proposal_and_keeps_the_rival(db):
    game = await games.create_game(db, name="Island", settings={"roles": {"lone_wolf": 2}})
    await games.join_game(db, game.id, 1, "Ann", "Lone Wolf")
    await games.join_game(db, game.id, 2, "Bob")
    with pytest.raises(ServiceError) as refused:
        await games.pair(db, game.id, 1, "lovers", 2)
    assert str(refused.value) == (
        "This game's setup does not grant the Lovers role: nobody can become Lovers in Battle Royale."
    )
    with pytest.raises(ServiceError, match="does not grant the Lovers role"):  # a computer player's sign-up too
        await games.join_game(db, game.id, 3, "Cy", "lovers")
    await games.pair(db, game.id, 1, "rival", 2)
    assert (await _requests(db, game.id))[1] == {"role": "lone_wolf", "rival": 2}
    none = await games.create_game(db, name="Zero", settings={"roles": {"lone_wolf": 0}})  # a most of 0: none
    with pytest.raises(ServiceError, match="does not grant the Lone Wolf role"):
        await games.join_game(db, none.id, 1, "Ann", "lone_wolf")


async def test_a_starcraft_mafia_setup_offers_only_its_classes_and_refuses_the_others_naming_them(db):
    game_id = await _lobby_game(db, "starcraft_mafia", TWO_CLASSES)
    assert await games.offered_roles(db, game_id) == (("Marine", "marine"), ("Medic", "medic"))
    assert await _lobby_roles(db, game_id) == [["Marine", "marine"], ["Medic", "medic"]]
    for asked in ("ghost", "Firebat"):  # a weight of 0, a class left out
        with pytest.raises(ServiceError) as refused:
            await games.join_game(db, game_id, 1, "Ann", asked)
        label = asked.capitalize()
        assert str(refused.value) == (
            f"This game's setup does not put the {label} class in play: choose one of Marine, Medic."
        )
    await games.join_game(db, game_id, 1, "Ann", "medic")
    with pytest.raises(ServiceError, match="does not put the Technician class in play"):
        await games.request_role(db, game_id, 1, "technician")
    assert await _requests(db, game_id) == {1: {"role": "medic"}}
    plain = await games.create_game(db, name="Plain", ruleset="starcraft_mafia")  # no choice: every class
    assert len(await games.offered_roles(db, plain.id)) == 5


async def test_a_role_taken_out_during_sign_up_keeps_its_requests_the_moderator_is_told_and_the_start_refuses(db):
    game_id = await _lobby_game(db, "battle_royale", {}, cap=4)
    await games.join_game(db, game_id, 1, "Ann", "lone_wolf")
    await games.join_game(db, game_id, 2, "Bob")
    await games.join_game(db, game_id, 3, "Cy", "lone_wolf")
    await games.join_game(db, game_id, 4, "Di")
    changed = await game_admin.change_setting(db, game_id, mod(7), "roles", "lovers: none")
    assert changed.out_of_play == [(1, "Lone Wolf"), (3, "Lone Wolf")]
    assert (await _requests(db, game_id))[1] == {"role": "lone_wolf"}  # kept
    assert await _lobby_roles(db, game_id) == [["Dedicated Student", "dedicated_student"]]  # the buttons follow
    again = await game_admin.change_setting(db, game_id, mod(7), "lone_wolf_chance", "100")
    assert again.out_of_play == [(1, "Lone Wolf"), (3, "Lone Wolf")]  # any house rule's change says it again
    await games.request_role(db, game_id, 3, "dedicated_student")  # one asks again before the start
    await games.start_game(db, game_id, NOW)
    async with db.read() as session:
        dms = (await session.execute(select(Outbox.target_id, Outbox.text).where(
            Outbox.game_id == game_id, Outbox.target == "dm"))).all()
    refusal = say("role_not_in_play", role=ROLE_NAMES["lone_wolf"])
    assert [user for user, text in dms if refusal in text] == [1]


def test_computer_players_ask_only_for_what_the_setup_puts_in_play_and_as_before_without_one():
    br, scm = registry.get("battle_royale").play, registry.get("starcraft_mafia").play
    for seed in range(5):
        default = br.computer_signups(20, RecordingRng(seed))
        assert default == br.computer_signups(20, RecordingRng(seed), BRSettings())  # the handbook's game
        assert any(s.requests.get("role") == "lone_wolf" for s in default) or seed  # seed 0 asks for one
        wolves_out = br.computer_signups(20, RecordingRng(seed), BRSettings(**NO_WOLVES))
        assert {s.requests.get("role") for s in wolves_out} == {"lovers", None}
        lovers_out = br.computer_signups(20, RecordingRng(seed), BRSettings(roles={"lone_wolf": None}))
        assert "lovers" not in {s.requests.get("role") for s in lovers_out}
        assert scm.computer_signups(12, RecordingRng(seed)) == scm.computer_signups(12, RecordingRng(seed),
                                                                                     SCMSettings())
        asked = {s.requests.get("role") for s in scm.computer_signups(20, RecordingRng(seed),
                                                                      SCMSettings(**TWO_CLASSES))}
        assert asked <= {"marine", "medic", None} and asked - {None}


async def test_computer_players_sign_up_through_the_services_for_a_setup_without_lone_wolves_and_start(db):
    """`brbot simulate` signs its players up with `/join`'s service: a request it refused would stop the game."""
    from bot.services.steps.simulation import simulate

    asked = registry.get("battle_royale").play.computer_signups(8, RecordingRng(1, record=False))
    assert "lone_wolf" in [s.requests.get("role") for s in asked]  # without the setup, seed 1 asks for Lone Wolves
    result = await simulate(db, 8, 1, ruleset="battle_royale", setup=(None, NO_WOLVES))
    assert result.winners or result.survivors
    assert "lone_wolf" not in {r for r in (await _requests(db, result.game_id)).values() for r in [r.get("role")]}


def test_a_prediction_of_a_setup_with_two_classes_or_without_lone_wolves_still_plays():
    """A setup's balance prediction (issue 32 point 3) plays whole games with these sign-ups."""
    from bot.services.setups import predict

    for ruleset, settings, players in (("starcraft_mafia", TWO_CLASSES, 8), ("battle_royale", NO_WOLVES, 8)):
        results = predict.played(ruleset, settings, players, 1, 1)
        assert results and results[0]["length"] > 0, ruleset
    assert "lone_wolf" not in results[0]["sides"]
