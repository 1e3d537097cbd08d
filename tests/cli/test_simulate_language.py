"""`brbot simulate --language` (issue 31, point 4): the whole game printed in that language, the private
messages too; `en-US` prints exactly what no `--language` prints; a language the bot lacks is refused, listing
the ones it has."""

from __future__ import annotations

import pytest

from bot.cli import main


def _run(capsys, *args: str) -> str:
    assert main(["simulate", "--players", "6", "--seed", "3", "--verbose", *args]) == 0
    return capsys.readouterr().out


def test_portuguese_and_spanish_games_read_in_their_language(capsys):
    portuguese = _run(capsys, "--language", "pt-BR")
    assert "O Programa começa: 6 estudantes de 4 escolas." in portuguese  # a public post
    assert "Você começa em " in portuguese  # a private message
    assert "== Dia 0 ==" in portuguese and "Fim de jogo depois de " in portuguese
    assert "The Program begins" not in portuguese and "You start in" not in portuguese
    spanish = _run(capsys, "--language", "es_es")
    assert "Empiezas en " in spanish and "You start in" not in spanish


def test_english_is_the_default_and_unchanged(capsys):
    default = _run(capsys)
    assert "The Program begins: 6 students from 4 schools." in default
    assert _run(capsys, "--language", "en-US") == default


def test_a_language_the_bot_lacks_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--language", "tlh"])
    assert "Languages: en-US, es-ES, pt-BR" in capsys.readouterr().err


def test_english_words_once_filled_into_sentences_read_in_the_language(capsys):
    """What the engines filled in as English words (a verb that agrees, an NPC's action, a condition) are texts of
    their catalogues now: the Portuguese reads 'está infestado', not 'are infestados', and 'pretende: atacar'."""
    assert main(["simulate", "--ruleset", "starcraft_mafia", "--players", "6", "--seed", "3", "--language", "pt-BR"]) == 0
    portuguese = capsys.readouterr().out
    assert "Entre vocês, 1 está infestado." in portuguese and " is infest" not in portuguese
    assert main(["simulate", "--ruleset", "mazeworld", "--players", "1", "--seed", "3", "--verbose",
                 "--language", "es-ES"]) == 0
    spanish = capsys.readouterr().out
    assert "[para moderadores] Lobo A pretende: atacar." in spanish  # the creature's species a data name too
    assert "herido" in spanish and "hurt" not in spanish and "attack." not in spanish
