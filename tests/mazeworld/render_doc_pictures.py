"""Renders Mazeworld's battlespace pictures for its players' page (docs/rules/mazeworld.md) into docs/images/:
the demo fight of a seed, as the channel shows it at the start (the public view) and as the contestant's own
`/battlespace` shows it a few turns later. Not part of the suite (its name does not start with `test_`); run
`make docs-pictures` (or `python -m tests.mazeworld.render_doc_pictures`) after changing the picture. The same
seed gives the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.rulesets.mazeworld.demo_fight import SEAT, play
from engine.rulesets.mazeworld.front.game import FRONT
from engine.rulesets.mazeworld.ruleset import RULESET

SEED = 29  # three wolves; by turn 5 one is dead, one passed out, and the contestant in agony
LATER = 5  # the resolution shown from the contestant's own view (0: the start)
OUT = Path(__file__).resolve().parents[2] / "docs" / "images"


def render(out: Path = OUT) -> list[Path]:
    """The two pictures and their captions beside them (the picture in words)."""
    out.mkdir(parents=True, exist_ok=True)
    done = play(SEED)
    shots = {
        "mazeworld-battlespace-start": FRONT.picture.public(RULESET.public_view(done[0].state)),
        "mazeworld-battlespace-player": FRONT.picture.draw(RULESET.view(done[LATER].state, SEAT)),
    }
    written = []
    for name, picture in shots.items():
        assert picture is not None
        (out / f"{name}.png").write_bytes(picture.png)
        (out / f"{name}.txt").write_text(picture.caption + "\n", encoding="utf-8")
        written.append(out / f"{name}.png")
    return written


if __name__ == "__main__":
    for path in render(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path)
