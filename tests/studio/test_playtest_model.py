"""The playtest's headless parts: reading events, offered places, sources, replays, reports."""

import json

import pytest

from engine.content.loader import BUNDLED_CONTENT
from engine.core.game import Game, run
from engine.core.simulate import report, simulate
from engine.core.view import view_at
from engine.cli.narrate import line
from engine.rulesets import workspace
from studio.playtest.explain import dice_text, read, shot
from studio.playtest.frames import BoardPainter, along, deciding_unit, offered, turn_between
from studio.playtest.replay import ReplayError, check, read_replay, replay_data, write_replay
from engine.reports.html import comparison, comparison_html, mean_shift, report_html
from studio.playtest.source import SetupError, Source, playable, prepare


WORKSPACE = workspace()


def bundled(pack_id):
    """A bundled pack (folders are named by pack id) and its ruleset."""
    pack = WORKSPACE.pack(BUNDLED_CONTENT / pack_id)
    return pack, WORKSPACE.rulesets[pack.ruleset]


def setup_of(pack_id, kind, rid, mission_seed=None):
    pack, ruleset = bundled(pack_id)
    return prepare(pack, ruleset, Source(pack_id, kind, rid, mission_seed))


def played(setup, seed=1):
    game = Game(setup.engine, setup.scenario, setup.content, seed, pack=setup.source.pack)
    run(game, {s: setup.engine.bot(s, setup.engine.bot_strengths[-1]) for s in game.sides})
    return game


@pytest.fixture(scope="module")
def hm():
    return setup_of("hex-minis", "hm.scenario", "zekes-in-the-slot")


@pytest.fixture(scope="module")
def paw():
    return setup_of("pocket-air-war", "paw.scenario", "sweep-four-versus-four")


def test_a_paw_attack_reads_with_its_roll_modifiers_and_threshold(paw):
    events = list(played(paw, 3).log)
    i = next(i for i, e in enumerate(events) if e["type"] == "paw.attack" and e.get("modifiers")
             and not e.get("unmodified"))
    e = events[i]
    reading = read(events, i)
    mods = " ".join(f"{v:+d}" for v in e["modifiers"].values() if v)
    assert dice_text(e).startswith(f"{e['roll']} {mods} = {e['total']} vs {e['threshold']}+") if mods \
        else dice_text(e).startswith(f"{e['roll']} vs {e['threshold']}+")
    assert dice_text(e).endswith("hit" if e["hit"] and not e["kill"] else "kill" if e["kill"] else "miss")
    assert any(d.startswith(f"d20 rolled {e['roll']} for ") for d in reading.dice)  # the roll before it
    assert any(b.startswith("after ") and " chose: " in b for b in reading.because)
    assert ("threshold", str(e["threshold"])) in reading.facts
    assert "<h3" in reading.html() and "Dice" in reading.html()


def test_unit_events_name_the_event_they_carry_out(hm):
    events = list(played(hm).log)
    i = next(i for i, e in enumerate(events) if e["type"] == "unit.changed" and "hits" in e["state"])
    cause = next(e for e in reversed(events[:i]) if e["type"] == "hm.shot")
    assert f"follows {line(cause)}" in read(events, i).because


def test_shots_between_units_and_at_cells(hm):
    events = list(played(hm).log)
    units = view_at(events).units
    shots = [shot(e, units) for e in events if e["type"] == "hm.shot"]
    assert shots and all(s is not None and s.shooter and s.target in units for s in shots)
    assert any(s.hit for s in shots) and any(not s.hit for s in shots)
    aa = {"type": "aw.aa_fire", "at": "J2", "rolls": [5, 2], "results": ["none", "kill"]}
    assert shot(aa, units) == shot(aa, {})
    assert shot(aa, {}).at_cell and shot(aa, {}).hit and shot(aa, {}).label == "5, 2: hit"
    assert shot({"type": "roll", "target": "x", "results": [3]}, {"x": 1}) is None


def test_every_event_of_every_game_reads_without_error(hm, paw):
    for setup in (hm, paw):
        events = list(played(setup, 5).log)
        for i in range(len(events)):
            assert line(events[i]) and read(events, i).title


def test_hex_moves_are_offered_as_cells_and_paw_maneuvers_as_positions(hm, paw):
    game = Game(hm.engine, hm.scenario, hm.content, 1)
    painter = BoardPainter(hm)
    units = [u.id for u in view_at(game.log).on_board()]
    places = offered(game, game.pending, units, painter.has_cell)
    assert len(places) == len(game.pending.options)
    assert all(p.kind == "cell" and p.value == game.pending.options[p.option]["to"] for p in places
               if "to" in game.pending.options[p.option])
    assert deciding_unit(game.pending) == game.pending.context["plane"]

    game = Game(paw.engine, paw.scenario, paw.content, 1)
    bots = {s: paw.engine.bot(s, "hard") for s in game.sides}
    has_cell = BoardPainter(paw).has_cell
    while game.pending.kind != "paw.maneuver":
        assert all(p.kind == "unit" for p in offered(game, game.pending, game.state.planes, has_cell))
        game.submit(bots[game.pending.side].choose(game.pending, game))
    places = offered(game, game.pending, game.state.planes, has_cell)
    assert {p.kind for p in places} == {"pos"} and len(places) == len(game.pending.options)
    assert all(len(p.path) >= 2 for p in places)


def test_counters_glide_along_the_path_and_turn_the_short_way():
    assert along([(0, 0), (10, 0), (10, 10)], 0.5) == (10, 0)
    assert along([(0, 0), (10, 0), (10, 10)], 0.75) == (10, 5)
    assert along([(3, 3)], 0.4) == (3, 3)
    assert turn_between(350, 10, 0.5) == 360 and turn_between(10, 350, 0.5) == 0


def test_a_frame_draws_every_unit_on_the_board_with_fire_and_offered_cells(hm):
    game = played(hm)
    events = list(game.log)
    painter = BoardPainter(hm)
    i = next(i for i, e in enumerate(events) if e["type"] == "hm.shot" and e["hits"])
    view = view_at(events, i + 1)
    s = shot(events[i], view.units)
    drawing = painter.frame(view, shots=[s])
    keys = drawing.keys()
    assert {u.id for u in view.on_board()} <= keys
    assert s.label in drawing.texts()


def test_sources_say_what_cannot_be_played():
    pack, ruleset = bundled("pocket-air-war")
    assert playable(ruleset, "paw.scenario") == "scenario"
    assert playable(ruleset, "paw.timeline") == "mission"
    assert playable(ruleset, "paw.dashboard") is None and playable(WORKSPACE.rulesets["af"], "af.scenario") == "scenario"
    af_pack, af = bundled("air-force")
    with pytest.raises(SetupError, match="is not playable yet: it needs optional rules"):
        prepare(af_pack, af, Source("air-force", "af.scenario", "night-fighters"))
    with pytest.raises(SetupError, match="is not in pack pocket-air-war"):
        prepare(pack, ruleset, Source("pocket-air-war", "paw.scenario", "no-such"))
    with pytest.raises(SetupError, match="cannot be playtested"):
        prepare(pack, ruleset, Source("pocket-air-war", "paw.dashboard", "spitfire-i"))
    with pytest.raises(SetupError, match="no mission from"):
        prepare(pack, ruleset, Source("pocket-air-war", "paw.timeline", "eastern-europe-berlin", 1))
    mission = prepare(pack, ruleset, Source("pocket-air-war", "paw.timeline", "adlerangriff", 1))
    assert mission.scenario.kind_id() == "paw.scenario" and mission.mission


def test_a_replay_file_round_trips_and_is_checked(hm, tmp_path):
    game = played(hm, 4)
    path = tmp_path / "r.json"
    write_replay(path, replay_data(game, hm.source, {"usa": "hard", "japan": "easy"}))
    data, source = read_replay(path)
    assert source == hm.source and data["seats"] == {"usa": "hard", "japan": "easy"}
    verdict = check(hm, data)
    assert verdict.difference is None and not verdict.reason
    data["events"][40]["seq"] = -1
    assert check(hm, data).difference == 40


@pytest.mark.parametrize("text, message", [
    ('{"replay": "sortie.replay/1",\n  "seed": 1,,\n}', ":2:"),
    ('[1, 2]', "not a Sortie replay"),
    ('{"replay": "sortie.replay/1", "seed": "x", "decisions": [], "events": []}', ":1:39: not a usable save: input should be a valid integer; got 'x' (at seed)"),
    ('{"replay": "sortie.replay/1", "seed": 1, "decisions": [], "events": [], "source": {"pack": 1}}',
     "'source' must name the pack"),
])
def test_unreadable_replays_say_why(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ReplayError) as exc:
        read_replay(path)
    assert str(exc.value).startswith(str(path)) and message in str(exc.value)


def test_comparisons_flag_changes_beyond_chance_only(hm):
    sides = hm.sides
    base = report(simulate(hm.engine, hm.scenario, hm.content, 24, 1, 1), sides)
    same = comparison(base, base)
    assert same["same_seeds"] and not any(c["significant"] for c in same["win_rates"].values())
    assert not any(c["significant"] for c in same["score_mean"].values())
    assert mean_shift({"mean": 1.0, "stdev": 0.5}, {"mean": 2.0, "stdev": 0.5}, 30, 30)
    assert not mean_shift({"mean": 1.0, "stdev": 3.0}, {"mean": 1.5, "stdev": 3.0}, 30, 30)
    html = comparison_html(same, ("Run 1", "Run 2")) + report_html(base, "Run 1")
    assert "Run 2 compared with Run 1" in html and "#c8e6c9" not in html
    assert json.dumps(same)  # plain data: it can be saved with a run
    renamed = {**base, "win_rates": {("allies" if s == sides[0] else s): w for s, w in base["win_rates"].items()}}
    gone = comparison_html(comparison(base, renamed), ("Run 1", "Run 2"))  # a side renamed between runs
    assert f"win rate {sides[0]}</td>" in gone and "not a side now" in gone


def test_clicks_pick_what_is_offered_there_and_drops_elsewhere_are_tried():
    from engine.core.decisions import Decision
    from studio.playtest.frames import Place
    from studio.playtest.picking import click, drop

    options = [{"type": "move", "to": "0804", "facing": f, "cost": 1, "path": ["0804"], "label": f"0804 {f}"}
               for f in (2, 3, 4)] + [{"type": "move", "to": "0805", "facing": 3, "cost": 2,
                                       "path": ["0804", "0805"], "label": "0805"},
                                      {"type": "fire", "target": "zero-1", "label": "fire"}]
    decision = Decision("usa", "hm.move", "move", options)
    places = [Place(0, "cell", "0804"), Place(1, "cell", "0804"), Place(2, "cell", "0804"),
              Place(3, "cell", "0805"), Place(4, "unit", "zero-1")]
    assert click(decision, places, "0805").action is options[3]
    assert click(decision, places, "zero-1").action is options[4]
    three = click(decision, places, "0804")
    assert three.action is None and three.among == [0, 1, 2] and "3 actions" in three.note
    assert click(decision, places, "0101") is None
    tried = drop(decision, places, "corsair-1", "0101", 15.0).action
    assert tried == {"type": "move", "to": "0101", "facing": 2}
    assert drop(decision, places, "corsair-1", "0805", 15.0).action is options[3]

    mat = [Place(0, "pos", (100.0, 50.0), 90.0), Place(1, "pos", (130.0, 50.0), 90.0)]
    assert click(decision, mat, "place:1").action is options[1]
    assert drop(decision, mat, "spit", (104.0, 52.0), 15.0).action is options[0]
    far = drop(decision, mat, "spit", (300.0, 300.0), 15.0)
    assert far.action is None and "ends near (300, 300)" in far.note
    assert "JSON" in drop(Decision("usa", "x", "p", [{"type": "hold"}]), [], "spit", "0101", 15.0).note


@pytest.mark.parametrize("size", [(8, 6), (6.8, 5.2)])  # the panel's, and in a 1024 x 700 window
def test_the_balance_plots_legends_cover_no_bar(hm, size):
    """Found playtesting: the kills/losses legend sat over the bars (and the others over their
    histograms); legends now stand above their plots, inside the figure, clear of each other."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from engine.reports.plots import balance_figure

    now, before = (report(simulate(hm.engine, hm.scenario, hm.content, 12, seed, 1), hm.sides) for seed in (1, 40))
    fig = Figure(figsize=size, dpi=90)
    FigureCanvasAgg(fig)
    balance_figure(fig, now, before)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    page = fig.bbox
    legends = [ax.get_legend().get_window_extent(renderer) for ax in fig.axes]
    for ax, legend in zip(fig.axes, legends):
        bars = [p.get_window_extent(renderer) for p in ax.patches]
        assert bars and not any(legend.overlaps(bar) for bar in bars), ax.get_legend().get_title().get_text()
        assert page.x0 <= legend.x0 and legend.x1 <= page.x1 and page.y0 <= legend.y0 and legend.y1 <= page.y1
        assert not any(legend.overlaps(other.get_window_extent(renderer)) for other in fig.axes if other is not ax)
    assert [legend.get_title().get_text() for legend in (ax.get_legend() for ax in fig.axes)][3] == \
        "Per game: losses ← | → kills"


def test_a_free_mat_is_framed_anew_only_when_its_units_leave_the_frame_or_draw_together():
    from PySide6.QtCore import QRectF, QSizeF

    from studio.playtest.framing import CLOSEST, READABLE_PX, frame

    mat, room, step = QRectF(0, 0, 900, 600), QSizeF(480, 400), 15.0
    spread = {"a": (100, 100, 0), "b": (800, 500, 0)}  # too far apart to show both readably
    region = frame(spread, "b", step, room, mat, None)
    assert region.contains(800, 500) and not region.contains(100, 100)
    assert room.width() / region.width() * step >= READABLE_PX - 1e-9  # a step at least READABLE_PX
    assert frame(spread, "b", step, room, mat, region) is None  # still in frame: kept
    assert frame({**spread, "b": (795, 490, 0)}, "b", step, room, mat, region) is None
    moved = frame({**spread, "b": (300, 300, 0)}, "b", step, room, mat, region)
    assert moved is not None and moved.contains(300, 300)
    assert mat.contains(frame(spread, "a", step, room, mat, region))  # near the edge: inside the mat

    together = {"a": (400, 300, 0), "b": (410, 305, 0)}
    close = frame(together, "a", step, room, mat, mat)  # the whole mat on show: drawn together, framed
    assert close.contains(400, 300) and close.contains(410, 305)
    assert room.width() / close.width() * step <= READABLE_PX * CLOSEST + 1e-9
    assert frame({}, None, step, room, mat, None) is None


def test_the_framing_keeps_to_one_unit_unless_the_person_chooses_another():
    """Watching, the view follows the plane it followed while that is on the mat, not each event's;
    the plane whose move the person chooses comes first."""
    from studio.playtest.framing import followed

    poses = {"a": (100, 100, 0), "b": (800, 500, 0)}
    assert followed(None, None, "b", poses) == "b"  # nothing followed yet: the event's
    assert followed("a", None, "b", poses) == "a"  # the one followed, not the event's
    assert followed("a", "b", None, poses) == "b"  # the person's plane first
    assert followed("gone", None, "b", poses) == "b"  # the one followed off the mat: the event's


def test_a_game_adopted_part_way_plays_on_with_bots_that_remember(qapp):
    """A replay played again to its 306th decision, then handed to the studio's bots: they catch up
    on what they planned, so the game ends as it did played straight through."""
    from engine.core.game import resume
    from studio.playtest.run import GameRun

    setup = setup_of("red-eagles", "aw.scenario", "red-eagles")
    through = played(setup, seed=11)
    back = resume(setup.engine, setup.scenario, setup.content, {**through.save(), "decisions": through.decisions[:306]},
                  pack=setup.source.pack)
    strongest = setup.engine.bot_strengths[-1]
    game_run = GameRun(setup, {side: strongest for side in back.sides}, 11)
    game_run.adopt(back)
    while game_run.step():
        pass
    assert game_run.game.log.to_jsonl() == through.log.to_jsonl()
