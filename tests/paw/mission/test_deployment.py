"""General Deployment: the roll-off decides the set-up, and every generated position keeps
the distances that set-up allows, measured between counter outlines and mat edges."""

from __future__ import annotations

import math
from collections import defaultdict

from shapely.geometry import LineString, Polygon, box

from engine.rulesets.paw.kinds.vocabulary import other_side

from .conftest import counter

INWARD = {"bottom": 90.0, "top": 270.0, "left": 0.0, "right": 180.0}


def _edges(mat):
    w, h = mat.width_mm, mat.height_mm
    return {"bottom": LineString([(0, 0), (w, 0)]), "top": LineString([(0, h), (w, h)]),
            "left": LineString([(0, 0), (0, h)]), "right": LineString([(w, 0), (w, h)])}


def _half(mat, edge):
    w, h = mat.width_mm, mat.height_mm
    return {"bottom": box(0, 0, w, h / 2), "top": box(0, h / 2, w, h)}[edge]


def _rear(plane, rules):
    """The wedge from the centre through the counter's rear corners."""
    c = rules.components
    half = math.degrees(math.atan2(c.counter_width_mm, c.counter_length_mm))
    far = 5000
    points = [(plane.x, plane.y)]
    for angle in (plane.heading + 180 - half, plane.heading + 180 + half):
        points.append((plane.x + far * math.cos(math.radians(angle)),
                       plane.y + far * math.sin(math.radians(angle))))
    return Polygon(points)


def _context(o, views):
    view = views[o.pack]
    scenario = o.generation.scenario
    rules = view.records("paw.rules")[0]
    mat = view.get("paw.mat", scenario.mat)
    side_of = {f.id: f.side for f in view.records("paw.faction")}
    return view, scenario, rules, mat, side_of


def test_the_roll_off_gives_the_set_up_it_names(generated, views):
    for o in generated:
        view, scenario, rules, _, side_of = _context(o, views)
        rolls = {r.step: r for r in scenario.generated.rolls if r.step.endswith(" deployment")}
        score = {}
        for side in ("axis", "allies"):
            roll = rolls[f"{side} deployment"]
            planes = sum(1 for p in scenario.planes if side_of[p.faction] == side)
            assert roll.modifier == rules.deployment.bonus_per_plane * planes
            score[side] = roll.result + roll.modifier
        high, low = sorted(score, key=score.get, reverse=True)
        if score[high] == score[low]:
            assert (scenario.deployment, scenario.caught) == ("neutral", None)
        elif score[high] >= rules.deployment.surprise_ratio * score[low]:
            assert (scenario.deployment, scenario.caught) == ("surprised", low)
        else:
            assert (scenario.deployment, scenario.caught) == ("jumped", low)


def test_every_counter_is_on_the_mat_and_planes_do_not_overlap(generated, views):
    for o in generated:
        view, scenario, rules, mat, _ = _context(o, views)
        outline = box(0, 0, mat.width_mm, mat.height_mm)
        shapes = [counter(p.x, p.y, p.heading, rules) for p in scenario.planes]
        for unit in [*scenario.planes, *scenario.targets]:
            assert outline.buffer(1e-6).contains(counter(unit.x, unit.y, unit.heading, rules))
        for i, a in enumerate(shapes):
            assert all(a.distance(b) > 0 for b in shapes[i + 1:]), (o.timeline, o.seed)


def test_neutral_planes_line_their_own_far_edge_facing_the_enemy(generated, views):
    neutral = [o for o in generated if o.generation.scenario.deployment == "neutral"]
    assert neutral
    for o in neutral:
        view, scenario, rules, mat, side_of = _context(o, views)
        for plane in scenario.planes:
            edge = scenario.areas[side_of[plane.faction]]
            shape = counter(plane.x, plane.y, plane.heading, rules)
            assert _edges(mat)[edge].distance(shape) < 1e-6  # adjacent to the edge
            assert _half(mat, edge).buffer(1e-6).contains(shape)
            assert plane.heading == INWARD[edge]


def test_caught_planes_keep_off_the_edges_and_face_the_most_distant_one(generated, views):
    caught = [o for o in generated if o.generation.scenario.caught]
    assert {o.generation.scenario.deployment for o in caught} == {"surprised", "jumped"}
    for o in caught:
        view, scenario, rules, mat, side_of = _context(o, views)
        d = rules.deployment
        surprised = scenario.deployment == "surprised"
        need = (d.surprised_edge_distance if surprised else d.jumped_edge_distance)
        edges = _edges(mat)
        groups = defaultdict(list)
        for plane in scenario.planes:
            if side_of[plane.faction] != scenario.caught:
                continue
            shape = counter(plane.x, plane.y, plane.heading, rules)
            assert _half(mat, scenario.areas[scenario.caught]).contains(shape)
            assert min(e.distance(shape) for e in edges.values()) >= need * rules.components.step_mm
            if surprised:
                assert plane.altitude in d.surprised_altitudes
            key = plane.dashboard if plane.role == "bomber" else plane.id
            groups[key].append(plane)
        for group in groups.values():  # a formation turns as one
            x = sum(p.x for p in group) / len(group)
            y = sum(p.y for p in group) / len(group)
            distance = {"bottom": y, "top": mat.height_mm - y, "left": x,
                        "right": mat.width_mm - x}
            faced = {90.0: "top", 270.0: "bottom", 0.0: "right", 180.0: "left"}
            assert {p.heading for p in group} <= set(faced)
            assert len({p.heading for p in group}) == 1
            assert distance[faced[group[0].heading]] == max(distance.values())


def test_the_catching_side_keeps_its_distance_and_out_of_jumped_rear_sectors(generated, views):
    behind = 0
    for o in generated:
        view, scenario, rules, mat, side_of = _context(o, views)
        if not scenario.caught:
            continue
        d = rules.deployment
        surprised = scenario.deployment == "surprised"
        need = (d.surprised_enemy_distance if surprised else d.jumped_enemy_distance) * \
            rules.components.step_mm
        prey = [p for p in scenario.planes if side_of[p.faction] == scenario.caught]
        hunters = [p for p in scenario.planes if side_of[p.faction] != scenario.caught]
        for hunter in hunters:
            shape = counter(hunter.x, hunter.y, hunter.heading, rules)
            for enemy in prey:
                assert shape.distance(counter(enemy.x, enemy.y, enemy.heading, rules)) >= need
                in_rear = shape.intersects(_rear(enemy, rules))
                assert not (in_rear and not surprised), (o.timeline, o.seed, hunter.id)
                behind += in_rear
    assert behind  # a Surprised side does get caught from behind


def test_bombers_of_one_model_fly_in_formation(generated, views):
    formations = 0
    for o in generated:
        view, scenario, rules, mat, side_of = _context(o, views)
        reach = rules.deployment.formation_distance * rules.components.step_mm
        groups = defaultdict(list)
        for plane in scenario.planes:
            if plane.role == "bomber":
                groups[plane.dashboard].append(counter(plane.x, plane.y, plane.heading, rules))
        for shapes in groups.values():
            if len(shapes) > 1:
                formations += 1
                for i, shape in enumerate(shapes):
                    nearest = min(shape.distance(s) for j, s in enumerate(shapes) if j != i)
                    assert nearest <= reach
    assert formations


def test_targets_follow_their_target_types_set_up(generated, views):
    moving = 0
    for o in generated:
        view, scenario, rules, mat, _ = _context(o, views)
        if not scenario.targets:
            assert scenario.mission == "fighter-sweep"
            continue
        setup = view.get("paw.target_type", scenario.target_type).setup
        step = rules.components.step_mm
        defender = other_side(scenario.attacker)
        shapes = [counter(t.x, t.y, t.heading, rules) for t in scenario.targets]
        edges = _edges(mat)
        for shape in shapes:
            assert _half(mat, scenario.areas[defender]).buffer(1e-6).contains(shape)
        if setup.moves_toward_opposite_edge:
            moving += 1
            headings = {t.heading for t in scenario.targets}
            assert headings in ({0.0}, {180.0})
            entry = "left" if headings == {0.0} else "right"
            assert min(edges[entry].distance(s) for s in shapes) < 1e-6  # the last counter
            others = [e for name, e in edges.items() if name != entry]
            assert all(e.distance(s) >= setup.min_edge_distance * step
                       for e in others for s in shapes)
        else:
            assert all(e.distance(s) >= setup.min_edge_distance * step
                       for e in edges.values() for s in shapes)
        for i, shape in enumerate(shapes):
            others = [s for j, s in enumerate(shapes) if j != i]
            if not others:
                continue
            if setup.min_spacing is not None:
                assert min(shape.distance(s) for s in others) >= setup.min_spacing * step
            if setup.max_spacing is not None:
                assert min(shape.distance(s) for s in others) <= setup.max_spacing * step
    assert moving
