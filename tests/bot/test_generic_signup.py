"""The sign-up and form commands are built from what the games declare, whatever the game: a second game
with its own role, a mutual pairing and a form adds `/role <its pairing>` and its form command next to
Battle Royale's, which keep their names and options."""
from __future__ import annotations

from bot.cogs import forms, signup
from bot.ui.buttons import buttons_for
from engine import registry
from engine.front import Command, Front, Orders, Pairing, Signup


DUEL = Front(
    title="Duel",
    signup=Signup(
        roles=(("Knight", "knight"),), default_role="knight",
        pairings=(Pairing(name="ally", key="ally", description="Ask another player to be your ally",
                          option_description="the player you ask", mutual=True),),
        role_texts={"option": "the role you ask for"}),
    orders=Orders(forms=(Command("pick", "Pick your card"),)),
)


def commands_of(cog_class) -> dict[str, object]:
    out = {}
    for command in cog_class.__cog_app_commands__:
        out[command.qualified_name] = command
        for sub in getattr(command, "walk_commands", lambda: [])():
            out[sub.qualified_name] = sub
    return out


def test_a_second_games_pairing_role_and_form_are_registered_beside_battle_royales():
    fronts = {"battle_royale": registry.front("battle_royale"), "duel": DUEL}
    built = commands_of(signup.build_cog(fronts))
    assert {"join", "leave", "role", "role choose", "role lovers", "role rival", "role ally"} <= set(built)
    assert [p.name for p in built["role lovers"].parameters] == ["partner", "game"]
    assert [p.name for p in built["role rival"].parameters] == ["rival", "game"]
    assert [p.name for p in built["role ally"].parameters] == ["player", "game"]
    assert built["role ally"].parameters[0].required and not built["role rival"].parameters[0].required
    role = built["join"].parameters[0]
    assert role.choices == [] and role.autocomplete is not None  # the caller's game's roles only (issue 22)
    assert set(commands_of(forms.build_cog(fronts))) == {"day0", "pick"}


def test_a_mutual_pairings_proposal_carries_generic_buttons():
    payload = {"kind": "ally_proposal", "game": 3, "proposer": 7, "pairing": "ally"}
    assert [b.custom_id for b in buttons_for(payload)] == ["brbot:pair:3:ally:7:yes", "brbot:pair:3:ally:7:no"]
