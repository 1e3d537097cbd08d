"""A finished game's page (issue 29, point 3): its top names the winners and the result, for all five games, as
the game declares them (`Play.outcome`); nothing on it says a step "is open until" a deadline long past;
Mazeworld's "Now" says no turn past the fight's end; a long game's contents are grouped (the card game by
round) and say what happened in each step; players are named as the posts name them (Infinity's characters);
the settings are in words."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import select

from bot.db.models import Game, Player, Resolution
from engine import registry
from tests.finished_games import finished_game
from tests.web.test_no_leaks import GAMES


async def _finished(db, templates, ruleset: str, players: int, house_rules: dict) -> tuple[str, int]:
    result = await finished_game(templates, db, ruleset, players, 3, house_rules)
    async with db.read() as session:
        key = (await session.execute(select(Game.web_key).where(Game.id == result.game_id))).scalar_one()
    return key, result.game_id


async def _names(db, game_id: int) -> tuple[list[str], list[str], list[str]]:
    """(winners, survivors, every player) as the posts name them, read from the game's own declarations."""
    async with db.read() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        players = (await session.execute(select(Player).where(Player.game_id == game_id))).scalars().all()
        ruleset = registry.get(game.ruleset)
        state = ruleset.parse_state(game.state)
        outcome = registry.get(game.ruleset).play.outcome(state)
    named = {p.seat: ruleset.actor_name(state, p.seat) or p.name for p in players}
    return (
        [named.get(s, s) for s in outcome["winners"]],
        [named.get(s, s) for s in outcome["survivors"]],
        list(named.values()),
    )


def _section(page: str, start: str, end: str) -> str:
    return html.unescape(page[page.index(start) : page.index(end, page.index(start))])


@pytest.mark.parametrize(("ruleset", "players", "house_rules"), GAMES)
async def test_a_finished_pages_top_names_the_winners_and_the_result_and_no_step_is_open(
    db, site, templates, ruleset, players, house_rules
):
    """One finished game of each kind (a simulation costs seconds): its result at the top, and no step of it
    said to be open until a deadline long past."""
    key, game_id = await _finished(db, templates, ruleset, players, house_rules)
    page = (await site.get(f"/g/{key}")).text
    assert 'class="result"' in page and page.index('class="result"') < page.index('class="toc"')  # at the top
    top = _section(page, 'class="result"', "</section>")
    winners, survivors, _ = await _names(db, game_id)
    for name in winners + survivors:
        assert name in top, (name, top)
    assert ("Won by" in top) == bool(winners) and ("Nobody won" in top) == (not winners)
    async with db.read() as session:
        last = max((await session.execute(select(Resolution.day).where(Resolution.game_id == game_id))).scalars())
    assert f"ended with {registry.front(ruleset).words.name(last)}." in top
    assert "is open until" not in page and "was open until" in page
    step = (await site.get(f"/g/{key}/step/0")).text
    assert "is open until" not in step
    assert 'data-style="R"' not in page  # no "(332 days ago)" after a deadline of a finished game


async def test_mazeworlds_now_says_no_turn_past_the_fights_end(db, site, templates):
    key, game_id = await _finished(db, templates, "mazeworld", 2, {})
    page = (await site.get(f"/g/{key}")).text
    now = _section(page, 'id="now-title"', "</section>")
    async with db.read() as session:
        last = max((await session.execute(select(Resolution.day).where(Resolution.game_id == game_id))).scalars())
    turns = [int(n) for n in re.findall(r"[Tt]urn (\d+)", now)]
    assert turns and max(turns) <= last, (turns, last)


async def test_the_card_games_steps_are_grouped_by_round_with_what_happened(db, site, templates):
    key, _ = await _finished(db, templates, "battle_royale_cards", 2, {"max_rounds": 4})
    page = (await site.get(f"/g/{key}")).text
    contents = _section(page, 'class="toc"', "</nav>")
    rounds = re.findall(r"<summary>Round (\d+) ", contents)
    assert rounds[:3] == ["1", "2", "3"] and len(rounds) == len(set(rounds))
    links = re.findall(r'<li><a href="#post-\d+">([^<]*)</a>(?:<span class="what">: ([^<]*)</span>)?</li>', contents)
    assert len(links) > 10
    assert all(what for _, what in links)  # every step says what happened in it
    assert any("attacks" in what for _, what in links)


async def test_players_are_named_as_the_posts_name_them(db, site, templates):
    key, game_id = await _finished(db, templates, "infinity_intervention", 2, {"max_turns": 3})
    page = (await site.get(f"/g/{key}")).text
    seats = _section(page, 'class="seats"', "</ul>")
    _, _, names = await _names(db, game_id)
    assert names and "Player 1" not in names
    for name in names:  # Lena, Fusilier: the characters the posts speak of, with the player's own name beside
        assert f">{name}</a>" in seats
    assert "played by Player 1" in seats
