"""Renders the card game's board pictures for its players' page (docs/rules/battle-royale-cards.md) into
docs/images/: a seeded game of four computer players at the start, mid-game, and at the end. Not part of the
suite (its name does not start with `test_`); run `make docs-pictures` (or `python -m
tests.battle_royale_cards.render_doc_pictures`) after changing the picture. The same seed gives the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.rng import RecordingRng
from engine.ruleset import SignUp
from engine.rulesets.battle_royale_cards.front.game import FRONT
from engine.rulesets.battle_royale_cards.ruleset import RULESET
from engine.rulesets.battle_royale_cards.settings import CardSettings

SEED = 14
NAMES = ("Alice", "Bob", "Carol", "Dave")
MIDGAME_STEP = 40
OUT = Path(__file__).resolve().parents[2] / "docs" / "images"


def render(out: Path = OUT) -> list[Path]:
    """The three pictures (start, step MIDGAME_STEP, end) as seen by the first player; their captions beside."""
    out.mkdir(parents=True, exist_ok=True)
    roster = [SignUp(seat=f"s{n}", name=name) for n, name in enumerate(NAMES)]
    state = RULESET.new_game(roster, CardSettings(placement="spread"), RecordingRng(SEED)).state
    shots = {"cards-board-start": state}
    step = 0
    while not RULESET.is_over(state):
        (seat,) = RULESET.awaiting(state)
        rng = RecordingRng(f"{SEED}-{step}")
        state = RULESET.resolve(state, {seat: RULESET.computer_orders(state, seat, rng)}, rng).state
        step += 1
        if step == MIDGAME_STEP:
            shots["cards-board-midgame"] = state
    shots["cards-board-end"] = state
    written = []
    for name, shot in shots.items():
        picture = FRONT.picture.draw(RULESET.view(shot, shot.order[0]))
        assert picture is not None
        (out / f"{name}.png").write_bytes(picture.png)
        (out / f"{name}.txt").write_text(picture.caption + "\n", encoding="utf-8")
        written.append(out / f"{name}.png")
    return written


if __name__ == "__main__":
    for path in render(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path)
