"""A game's cards as Discord embeds (`bot/ui/cards.py`): every limit kept (1024 characters a field value, 256
a field name or title, 25 fields an embed, 10 embeds and 6000 characters a message), long fields continued
into "(more)" fields, and nothing dropped without the note that some details did not fit."""
from __future__ import annotations

import discord

from bot.ui.cards import TOTAL_MAX, card_embeds, chunks, colour, embeds, fit
from engine import registry
from engine.front import Card, CardField
from tests.battle_royale.helpers import make_state

NOTE = "Some details did not fit here."


def within_limits(out: list[discord.Embed]) -> None:
    assert len(out) <= 10
    assert sum(len(e) for e in out) <= 6000
    for e in out:
        assert len(e.fields) <= 25 and len(e.title or "") <= 256 and len(e.description or "") <= 4096
        assert all(0 < len(f.value) <= 1024 and 0 < len(f.name) <= 256 for f in e.fields)
        assert len(e.footer.text or "") <= 2048


def shown(out: list[discord.Embed]) -> str:
    parts = []
    for e in out:
        parts += [e.title or "", e.description or ""] + [f"{f.name}: {f.value}" for f in e.fields]
        parts.append(e.footer.text or "")
    return "\n".join(parts)


def test_a_card_becomes_an_embed_with_its_title_fields_colour_and_footer():
    card = Card(title="T", description="D", colour="teal", footer="F",
                fields=(CardField("Short", ("1",), inline=True), CardField("List", ("a", "b"), sep=", "),
                        CardField("None", (), empty="nothing"), CardField("Skipped", ())))
    [e] = embeds([card])
    assert (e.title, e.description, e.colour, e.footer.text) == ("T", "D", discord.Colour.teal(), "F")
    assert [(f.name, f.value, f.inline) for f in e.fields] == [
        ("Short", "1", True), ("List", "a, b", False), ("None", "nothing", False)]


def test_colour_names_map_to_discords_colours():
    assert colour("green") == discord.Colour.green() and colour("grey") == discord.Colour.dark_grey()
    assert colour("red") == discord.Colour.red() and colour("unknown") == discord.Colour.blurple()


def test_a_long_field_goes_on_in_more_fields_and_a_too_long_line_is_cut():
    parts = chunks("Here", [f"line {n:03d} " + "x" * 90 for n in range(30)])
    assert [name for name, _ in parts] == ["Here", "Here (more)", "Here (more)"]
    assert all(len(value) <= 1024 for _, value in parts)
    assert "\n".join(value for _, value in parts).count("line ") == 30
    [(_, cut)] = chunks("Long", ["y" * 3000])
    assert len(cut) == 1024 and cut.endswith("…")
    assert chunks("N" * 300, ["a"])[0][0] == "N" * 255 + "…"


def test_a_card_with_a_3000_character_field_and_40_fields_keeps_every_limit_and_says_what_was_cut():
    """The 3000 characters go on in "(more)" fields, the fields past 25 in a "(more)" embed; the message is
    then over 6000 characters, so trailing fields give way and the footer says so."""
    big = Card(title="Big", description="A card", colour="gold", footer="Day 2",
               fields=(CardField("Long", tuple(f"{n:04d} " + "z" * 95 for n in range(30))),)
               + tuple(CardField(f"F{n}", (f"value {n} " + "v" * 200,)) for n in range(40)))
    whole = card_embeds(big)
    assert [e.title for e in whole] == ["Big", "Big (more)"]
    assert len(whole[0].fields) == 25 and len(whole[1].fields) == 40 + 3 - 25
    assert [f.name for f in whole[0].fields][:4] == ["Long", "Long (more)", "Long (more)", "F0"]
    assert all(e.colour == discord.Colour.gold() for e in whole)
    out = embeds([big])
    within_limits(out)
    assert out[-1].footer.text == f"Day 2\n{NOTE}"
    text = shown(out)
    assert all(f"{n:04d} " in text for n in range(30))  # the long field came first: all of it is kept
    kept = [n for n in range(40) if f"value {n} " in text]
    assert kept == list(range(len(kept))) and 0 < len(kept) < 40  # the trailing fields gave way


def test_more_than_ten_embeds_keep_the_first_ten_with_the_note():
    out = embeds([Card(title=f"Card {n}") for n in range(12)])
    assert [e.title for e in out] == [f"Card {n}" for n in range(10)]
    assert out[-1].footer.text == NOTE


def test_whole_trailing_embeds_give_way_with_the_note_on_the_last_one_left():
    """Another card's footer never moves onto what is left: only the note is added."""
    cards = [Card(title=f"C{n}", description="d" * 2500, footer=f"F{n}" if n > 1 else "") for n in range(4)]
    out = embeds(cards)
    within_limits(out)
    assert [e.title for e in out] == ["C0", "C1"] and out[-1].footer.text == NOTE
    assert out[0].footer.text is None


def test_what_does_not_fit_in_6000_characters_gives_way_with_a_note():
    big = [discord.Embed(title=f"E{n}") for n in range(3)]
    for e in big:
        for i in range(5):
            e.add_field(name=f"F{i}", value="x" * 1000)
    fitted = fit(big)
    assert sum(len(e) for e in fitted) <= TOTAL_MAX
    assert fitted[-1].footer.text == NOTE


def test_a_battle_royale_status_keeps_within_discords_limits_in_a_crowded_zone():
    """40 students in one zone, each with items: no field over 1024 characters, at most 25 fields an
    embed, at most 6000 characters in all, and everyone who fits is listed."""
    crowd = {f"s{n:02d}": {"name": f"A student with a long name {n:02d}", "zone": 1,
                           "items": ["rifle", "fire_axe", "headband"], "worn": ["headband"]} for n in range(40)}
    state = make_state(crowd)
    for _ in range(60):
        state.zones[1].ground.append(state.new_item("knife"))
    view = registry.get("battle_royale").view(state, "s00")
    out = embeds(registry.front("battle_royale").cards.status(view))
    within_limits(out)
    text = shown(out)
    assert "A student with a long name 01: Rifle, Fire Axe, Headband [worn]" in text
    assert next(f.value for e in out for f in e.fields if f.name == "On the ground") == "Knife ×60"
    assert all(f"A student with a long name {n:02d}: Rifle" in text for n in range(1, 40))
    assert text.count("A student with a long name") >= 2 * 39  # here, and again as schoolmates


def test_messages_spread_whole_cards_over_messages_within_discords_limits():
    """/help with every game: cards that do not fit one message (6000 characters) go on in the next, whole."""
    from bot.ui.cards import messages

    cards = [Card(title=f"Game {n}", description="x" * 2500) for n in range(5)]
    sent = messages(cards)
    assert [[e.title for e in m] for m in sent] == [["Game 0", "Game 1"], ["Game 2", "Game 3"], ["Game 4"]]
    assert all(sum(map(len, m)) <= 6000 and len(m) <= 10 for m in sent)
    assert [e.description for m in sent for e in m] == ["x" * 2500] * 5
