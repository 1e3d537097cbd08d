"""Every installed game's front is well formed: what the bot builds from it can work (engine/front/).

These walk `registry.fronts()`, so a new game is checked the moment it is registered (docs/rulesets.md,
"Tests").
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.front import OPTION_TYPES

GAMES = registry.names()


@pytest.mark.parametrize("name", GAMES)
def test_every_option_source_names_a_chooser_of_its_game(name):
    front = registry.front(name)
    missing = [(c.name, o.name, o.source) for c in front.orders.commands for o in c.options
               if o.source is not None and o.source not in front.orders.choosers]
    assert missing == []


@pytest.mark.parametrize("name", GAMES)
def test_options_have_known_types_and_no_option_has_both_choices_and_a_source(name):
    for command in registry.front(name).orders.commands:
        for option in command.options:
            assert option.type in OPTION_TYPES, (command.name, option.name)
            assert not (option.choices and option.source), (command.name, option.name)


@pytest.mark.parametrize("name", GAMES)
def test_command_and_option_names_are_unique_and_described(name):
    front = registry.front(name)
    names = [c.name for c in front.orders.commands]
    assert len(names) == len(set(names))
    for command in front.orders.commands:
        assert command.description.strip(), command.name
        option_names = [o.name for o in command.options]
        assert len(option_names) == len(set(option_names)), command.name
        assert all(o.description.strip() for o in command.options), command.name


@pytest.mark.parametrize("name", GAMES)
def test_the_game_has_a_title_and_is_listed(name):
    ruleset = registry.get(name)
    assert registry.front(name).title and ruleset.title
    assert name in [listed.name for listed in registry.listing()]


@pytest.mark.parametrize("name", GAMES)
def test_moderator_actions_are_well_formed(name):
    """`/mod` actions (`Front.moderation`): unique, described, of known types; `user` is the bot's own option;
    what `params` and `audited_as` rename is an option; `done` names the player; choices come from
    `Ruleset.moderation_choices` by source, so no option has both fixed choices and a source."""
    actions = registry.front(name).moderation
    assert len({a.name for a in actions}) == len(actions)
    for action in actions:
        options = [o.name for o in action.options]
        assert action.description.strip() and "user" not in options and len(options) == len(set(options))
        assert set(action.params) <= set(options) and set(action.audited_as) <= set(options), action.name
        assert action.done.format(name="Ann"), action.name
        for option in action.options:
            assert option.type in OPTION_TYPES and option.description.strip(), (action.name, option.name)
            assert not (option.choices and option.source), (action.name, option.name)


MUTUAL_TEXTS = {"sent", "own", "excluded", "not_signed_up", "proposed", "accepted", "declined", "now", "refused",
                "no_proposal", "proposer_gone"}
ONE_SIDED_TEXTS = {"set", "own", "excluded", "not_signed_up"}


@pytest.mark.parametrize("name", GAMES)
def test_sign_up_options_have_every_word_the_bot_says(name):
    """`/join`, `/role choose` and `/role <pairing>` (bot/cogs/signup.py) say only the game's words: a game
    with roles words its requests, each pairing has a command name, an option and its texts, and a pairing
    excludes only other pairings' keys."""
    options = registry.front(name).signup
    values = [value for _, value in options.roles]
    assert len(values) == len(set(values)) and (options.default_role is None or options.default_role in values
                                                or any(p.role == options.default_role for p in options.pairings))
    if options.roles:
        assert {"requested", "choose", "option", "join_option", "unknown", "not_chosen"} <= set(options.role_texts)
    keys = {p.key for p in options.pairings}
    for pairing in options.pairings:
        assert pairing.name.isidentifier() and pairing.name.islower() and pairing.option.isidentifier()
        assert pairing.description.strip() and pairing.option_description.strip()
        needed = MUTUAL_TEXTS if pairing.mutual else ONE_SIDED_TEXTS | ({"cleared"} if pairing.clearable else set())
        assert needed <= set(pairing.texts), (pairing.name, needed - set(pairing.texts))
        assert set(pairing.excludes) <= keys - {pairing.key}, pairing.name


@pytest.mark.parametrize("name", GAMES)
def test_form_commands_are_named_described_and_not_order_commands(name):
    """A form command (`/day0`) is registered by the bot beside the order commands, so the names differ."""
    front = registry.front(name)
    forms = [f.name for f in front.orders.forms]
    assert len(forms) == len(set(forms)) and not set(forms) & {c.name for c in front.orders.commands}
    assert all(f.description.strip() and not f.options for f in front.orders.forms)


@pytest.mark.parametrize("name", GAMES)
def test_verbs_filed_under_a_grouped_command_are_single_words_under_a_shared_one(name):
    """Issue 23 (docs/rulesets.md, "Command budget"): a verb filed `under` is typed `/skill action:stim`, so it
    is one word, under one of the shared grouped commands, and no option of it is named `action`."""
    from engine.front import ACTION_OPTION, GROUPED_COMMANDS

    for command in registry.front(name).orders.commands:
        if command.under:
            assert command.under in GROUPED_COMMANDS and len(command.path) == 1, command.name
            assert command.option(ACTION_OPTION) is None, command.name
            assert command.usage == f"{command.under} action:{command.name}"
