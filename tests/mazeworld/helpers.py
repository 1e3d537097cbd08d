"""Helpers for the Mazeworld engine tests: a fight built directly, and an rng whose dice are scripted by
purpose (the first queued face whose label appears in the roll's purpose), falling back to a seed."""

from __future__ import annotations

from engine.rng import RecordingRng
from engine.rulesets.mazeworld.encounter import Encounter
from engine.rulesets.mazeworld.orders import MazeOrders
from engine.rulesets.mazeworld.roster import build_state, load_sheet
from engine.rulesets.mazeworld.ruleset import RULESET
from engine.rulesets.mazeworld.settings import MazeworldSettings
from engine.rulesets.mazeworld.state import MazeState

SHEET = {
    "name": "Ann",
    "ac": "C2",
    "weapons": [{"name": "Beretta M9", "loaded": 15, "spare": 30}, {"name": "Combat knife"},
                {"name": "M67 grenade", "loaded": 1}, {"name": "AR70/90", "loaded": 30, "spare": 30}],
    "wielded": "Beretta M9",
    "items": {"Bandage": 1, "Gun Cleaning Kit": 3, "Painkillers": 1},
}


class Scripted(RecordingRng):
    """Dice by purpose: `Scripted(("s1 Beretta M9 round 1 2d6 a", 6), ...)`; unscripted rolls use the seed."""

    def __init__(self, *script: tuple[str, int], seed: int = 1) -> None:
        super().__init__(seed)
        self.script = list(script)

    def randint(self, low: int, high: int, purpose: str) -> int:
        for index, (label, face) in enumerate(self.script):
            if label in purpose:
                del self.script[index]
                assert low <= face <= high, (purpose, face)
                self._log(purpose, f"{low}..{high}", face)
                return face
        return super().randint(low, high, purpose)


def two(label: str, score: int) -> tuple[tuple[str, int], tuple[str, int]]:
    """The two dice of a 2d6 labelled `label` adding up to `score`."""
    a = min(6, score - 1)
    return (label + " 2d6 a", a), (label + " 2d6 b", score - a)


def fight(wolves: int = 1, sheet: dict | None = None, cover: dict | None = None, seats: int = 1,
          **settings: object) -> MazeState:
    """Ann (seat s1) on side 1 against `wolves` wolves on side 2 (their count dice fixed); `pain_regen` 0
    unless given, so a turn's Pain can be read as dealt."""
    settings.setdefault("pain_regen", 0)
    groups = [{"species": "Wolf", "count": str(wolves), "side": 2}] if wolves else []
    groups = groups or [{"species": "Thug", "count": "1", "side": 2}]
    encounter = Encounter.model_validate({"cover": cover or {1: "light", 2: "heavy"}, "groups": groups})
    sheets = {f"s{i + 1}": load_sheet({**SHEET, **(sheet or {}), "name": f"Ann{'' if i == 0 else i}"})
              for i in range(seats)}
    return build_state(sheets, encounter, MazeworldSettings(**settings), RecordingRng(0))


def orders(**by_actor: object) -> dict[str, MazeOrders]:
    return {cid: MazeOrders.model_validate({"action": action}) for cid, action in by_actor.items()}


def resolve(state: MazeState, rng: RecordingRng, **by_actor: object):
    """One turn, NPCs skipping unless ordered."""
    given = orders(**by_actor)
    for cid in RULESET.awaiting(state):
        given.setdefault(cid, MazeOrders.model_validate({"action": {"do": "skip"}}))
    return RULESET.resolve(state, given, rng)


def texts(resolution, kind: str | None = None) -> list[str]:
    return [e.text for e in resolution.events if kind is None or e.audience.kind == kind]
