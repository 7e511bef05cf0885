"""Headless half of the studio's edit-to-redraw latency: an edited record to its Drawing.

Target (issue 6): a field edit redraws its preview within one frame (16 ms). The
engine's share measured here: validating the edited record, then drawing the
dashboard, or laying out and drawing a board with 200 pieces.

    .venv/bin/python -m pytest bench/test_preview_speed.py --benchmark-only
"""

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.content.edits import apply_edits
from engine.rulesets.hm import RULESET as HM
from engine.rulesets.paw import RULESET as PAW
from engine.rulesets import workspace

FRAME_S = 0.016


def view_of(pack: str) -> ContentView:
    return ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / pack))


def test_dashboard_edit_to_drawing(benchmark):
    view = view_of("pocket-air-war")
    spit = view.get("paw.dashboard", "spitfire-ix")
    draw = PAW.previews["paw.dashboard"]

    def edit_and_draw():
        edited = apply_edits(spit, [(("guns", 2, "hit"), 13)])
        return draw(edited, view)

    drawing = benchmark(edit_and_draw)
    assert "13" in drawing.texts()
    assert benchmark.stats["mean"] < FRAME_S


BOARDS = [(PAW, "pocket-air-war", "bombing-adlerangriff-airfield"),
          (HM, "hex-minis", "bombers-over-berlin")]


@pytest.mark.parametrize("ruleset, pack, scenario", BOARDS, ids=["paw", "hm"])
def test_drag_on_a_board_with_200_pieces(benchmark, ruleset, pack, scenario):
    """A drop: the field edits, the edited record, the pieces to redraw (the board behind
    them does not change and stays drawn)."""
    view = view_of(pack)
    many = _two_hundred(view.get(f"{ruleset.id}.scenario", scenario))
    layout = ruleset.layout
    first = layout.pieces(many, view)[0]

    def drag():
        edits = layout.move(many, view, first, cell=first.cell, pos=first.pos)
        return layout.pieces(apply_edits(many, edits), view)

    assert len(benchmark(drag)) >= 200
    assert benchmark.stats["mean"] < FRAME_S


@pytest.mark.parametrize("ruleset, pack, scenario", BOARDS, ids=["paw", "hm"])
def test_whole_board_with_200_pieces_redrawn(benchmark, ruleset, pack, scenario):
    """The scenario preview from scratch: board, then every counter (print, first paint)."""
    view = view_of(pack)
    many = _two_hundred(view.get(f"{ruleset.id}.scenario", scenario))
    drawing = benchmark(ruleset.previews[f"{ruleset.id}.scenario"], many, view)
    keys = {p.key for p in ruleset.layout.pieces(many, view)}
    assert keys <= drawing.keys()


def _two_hundred(record):
    """The scenario with its first group of planes copied until there are 200 pieces."""
    data = record.model_dump(mode="json", exclude_unset=True)
    if "planes" in data:  # a free mat: spread copies over the mat
        base = data["planes"][0]
        data["planes"] = [dict(base, id=f"p{i}", x=20.0 + (i % 20) * 40, y=20.0 + (i // 20) * 50)
                          for i in range(200)]
    else:  # a hex mat: one fighter per hex
        squadron = next(s for s in data["squadrons"] if s["role"] == "fighter")
        template = squadron["planes"][0]
        squadron["planes"] = [dict(template, id=f"p{i}", col=1 + i % 17, row=1 + i // 17,
                                   card=None) for i in range(200)]
        for plane in squadron["planes"]:
            plane.pop("card")
    return type(record).model_validate(data)


def test_air_force_board_of_the_next_scenario(benchmark):
    """Paging between two scenarios on the standard Air Force board: the board drawing the studio
    shows (its 1920 hexes, each side's set-up area tinted, the roads), alternately of each."""
    from engine.rulesets.af import RULESET as AF

    view = view_of("air-force")
    scenarios = [view.get("af.scenario", rid) for rid in ("low-altitude-mission", "bomber-formations")]
    turn = iter(range(10**9))

    def next_board():
        return AF.layout.board(scenarios[next(turn) % 2], view).drawing()

    assert len(benchmark(next_board).items) > 2 * 1920
    assert benchmark.stats["mean"] < FRAME_S
