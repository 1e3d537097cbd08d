"""The /map picture: a PNG of the island (handbook IV) with closed zones drawn differently (III.E.2), the
player's own zone marked, nothing about anyone else's location, and the same bytes for the same view. Drawn
from the player's view alone: each zone's `x`, `y` in the view say where."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import registry
from engine.rulesets.battle_royale import catalog
from engine.rulesets.battle_royale.front.picture import (CLOSED_FILL, CLOSED_HATCH, HERE_FILL, OPEN_FILL, pixel_centres,
                                                         render_map)
from tests.battle_royale.helpers import make_state

br = registry.get("battle_royale")
front = registry.front("battle_royale")


def picture(view) -> Image.Image:
    return Image.open(io.BytesIO(render_map(view))).convert("RGB")


def zone_colour(image: Image.Image, view, zone_id: int) -> tuple[int, int, int]:
    """The colour inside a zone's box, just below its top edge (clear of the label)."""
    x, y = pixel_centres(view)[zone_id]
    return image.getpixel((x, y - 20))


def game(closed=(5,)):
    state = make_state({"a": {"zone": 1}, "b": {"zone": 4}})
    for zone in closed:
        state.zones[zone].closed = True
    return state


def test_the_map_is_a_valid_png_of_the_island():
    state = game()
    data = render_map(br.view(state, "a"))
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.verify()
    assert image.format == "PNG" and image.size[0] >= 600


def test_the_front_gives_the_picture_with_its_file_name_and_caption():
    state = game()
    state.day = 3
    view = br.view(state, "a")
    shown = front.picture.draw(view)
    assert shown.png == render_map(view) and shown.filename == "island.png"
    assert shown.caption == "The island on Day 3. Lines join adjacent zones; closed zones are grey and hatched."


def test_the_same_view_gives_the_same_bytes():
    state = game()
    view = br.view(state, "a")
    assert render_map(view) == render_map(view)


def test_zones_are_drawn_where_the_island_places_them():
    """The view's `x`, `y` (the island's layout) decide where each zone's box is centred."""
    state = game()
    view = br.view(state, "a")
    layout = state.island.layout()
    centres = pixel_centres(view)
    left = min(layout, key=lambda z: layout[z][0])
    assert centres[left][0] == min(x for x, _ in centres.values())
    moved = {**view, "zones": [{**z, "x": 1 - z["x"]} for z in view["zones"]]}  # the island mirrored
    mirrored = pixel_centres(moved)
    assert mirrored[left][0] == max(x for x, _ in mirrored.values()) and mirrored[left][1] == centres[left][1]


def test_III_E_2_a_closed_zone_is_drawn_grey_unlike_an_open_one():
    """The Septagon closed: its box is grey and hatched; the Forest, open, is green."""
    state = game()
    view = br.view(state, "a")
    image = picture(view)
    closed = zone_colour(image, view, 5)
    assert closed in (CLOSED_FILL, CLOSED_HATCH)
    assert zone_colour(image, view, 3) == OPEN_FILL


def test_closing_a_zone_changes_its_colour_and_nothing_else_changes_the_others():
    state_open, state_closed = game(closed=()), game(closed=(3,))
    before, after = picture(br.view(state_open, "a")), picture(br.view(state_closed, "a"))
    view = br.view(state_open, "a")
    assert zone_colour(before, view, 3) == OPEN_FILL
    assert zone_colour(after, view, 3) != OPEN_FILL
    assert zone_colour(after, view, 7) == zone_colour(before, view, 7) == OPEN_FILL


def test_my_zone_is_highlighted_and_another_players_zone_is_not():
    """Ann is on the Landing Strip, Bo on the Beach: Ann's map marks only her zone; Bo's only his."""
    state = game()
    ann, bo = br.view(state, "a"), br.view(state, "b")
    ann_map, bo_map = picture(ann), picture(bo)
    assert zone_colour(ann_map, ann, 1) == HERE_FILL
    assert zone_colour(ann_map, ann, 4) == OPEN_FILL
    assert zone_colour(bo_map, bo, 4) == HERE_FILL
    assert zone_colour(bo_map, bo, 1) == OPEN_FILL


def test_nobody_elses_location_changes_the_picture():
    """Moving Bo elsewhere leaves Ann's map byte for byte the same."""
    state = game()
    before = render_map(br.view(state, "a"))
    state.students["b"].zone = 6
    assert render_map(br.view(state, "a")) == before


def test_a_dead_student_is_not_here_anywhere():
    state = game()
    state.students["a"].alive = False
    view = br.view(state, "a")
    assert zone_colour(picture(view), view, 1) == OPEN_FILL


def test_a_map_without_coordinates_is_laid_out_on_a_circle():
    """A custom island need not place its zones: each lands on a circle, the same way every time."""
    atoll = catalog.Island(name="Atoll", zones=[{"id": i, "name": f"Isle {i}"} for i in (1, 2, 3)],
                           adjacency=[(1, 2), (2, 3)])
    assert atoll.layout() == catalog.circle_layout([1, 2, 3]) == atoll.layout()
    state = make_state({"a": {"zone": 2}}, island=atoll)
    view = br.view(state, "a")
    image = picture(view)
    assert {z["id"]: (z["x"], z["y"]) for z in view["zones"]} == atoll.layout()
    assert zone_colour(image, view, 2) == HERE_FILL
    assert zone_colour(image, view, 1) == OPEN_FILL
    unplaced = {**view, "zones": [{k: v for k, v in z.items() if k not in ("x", "y")} for z in view["zones"]]}
    assert render_map(unplaced) == render_map(view)  # a view without places: the same circle


def test_rulings_island_default_map_places_every_zone():
    island = catalog.default_island()
    layout = island.layout()
    assert sorted(layout) == island.zone_ids()
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in layout.values())
    assert len(set(layout.values())) == len(layout)


@pytest.mark.parametrize("zones, problem", [
    ([{"id": 1, "name": "A", "x": 0.5}], "both x and y"),
    ([{"id": 1, "name": "A", "x": 1.5, "y": 0.5}], "less than or equal to 1"),
    ([{"id": 1, "name": "A", "x": 0.2, "y": 0.5}, {"id": 2, "name": "B"}], "every zone or for none"),
])
def test_map_coordinates_are_validated(zones, problem):
    with pytest.raises(ValueError, match=problem):
        catalog.Island(name="Bad", zones=zones, adjacency=[])
