"""Used-by, rename plans and dangling references, across a pack and a pack extending it."""

from engine.content.refactor import dangling_on_delete, plan_rename, renamed_path, used_by
from engine.rulesets import workspace

from tests.conftest import write

PLANE = "kind: toy.plane\nid: {id}\nspeed: 4\n"
TABLE = "kind: toy.table\nid: {id}\ndie: d6\nrows:\n  - {{roll: 1-3, plane: {a}}}\n  - {{roll: 4-6, plane: {b}}}\n"
CHILD = "id: child\nname: c\nversion: '1'\nruleset: toy\nextends: base\n"


def load(make_pack):
    base_root = make_pack("base", files={
        "spit.yaml": PLANE.format(id="spit"),
        "hurri.yaml": PLANE.format(id="hurri"),
        "t.yaml": TABLE.format(id="t", a="spit", b="hurri"),
        "broken.yaml": "kind: toy.table\nid: broken\nrows:\n  - {roll: one, plane: spit}\n",
    })
    child_root = make_pack("child", manifest=CHILD, files={
        "u.yaml": TABLE.format(id="u", a="spit", b="spit"),
    })
    ws = workspace()
    child = ws.pack(child_root)
    base = ws.pack(base_root)
    assert child.base is base
    return base, child


def test_used_by_covers_the_pack_its_extensions_and_invalid_records(make_pack):
    base, child = load(make_pack)
    found = sorted(u.label for u in used_by([base, child], base, "toy.plane", "spit"))
    assert found == [
        "toy.table:broken at rows[0].plane",
        "toy.table:t at rows[0].plane",
        "toy.table:u at rows[0].plane",
        "toy.table:u at rows[1].plane",
    ]
    assert [u.label for u in used_by([base, child], base, "toy.plane", "hurri")] == [
        "toy.table:t at rows[1].plane"
    ]


def test_an_override_shields_its_pack_from_the_base_record(make_pack, tmp_path):
    base, child = load(make_pack)
    write(child.root, {"spit.yaml": PLANE.format(id="spit")})
    ws = workspace()
    child = ws.pack(child.root)
    base = child.base
    labels = [u.label for u in used_by([base, child], base, "toy.plane", "spit")]
    assert all(not label.startswith("toy.table:u") for label in labels) and labels
    # Deleting the child's override reveals the base's record: nothing dangles.
    assert dangling_on_delete([base, child], child, "toy.plane", "spit") == []
    assert len(dangling_on_delete([base, child], base, "toy.plane", "spit")) == 2


def test_rename_plan_lists_every_reference_and_refuses_bad_ids(make_pack):
    base, child = load(make_pack)
    plan = plan_rename([base, child], base, "toy.plane", "spit", "spitfire-i")
    assert plan.ok and len(plan.usages) == 4
    taken = plan_rename([base, child], base, "toy.plane", "spit", "hurri")
    assert not taken.ok and "already exists" in taken.problems[0] and not taken.usages
    bad = plan_rename([base, child], base, "toy.plane", "spit", "Spit Fire")
    assert not bad.ok and "not a valid id" in bad.problems[0]


def test_renamed_path_follows_only_files_named_after_the_id(tmp_path):
    assert renamed_path(tmp_path / "planes/spit.yaml", "spit", "spit2") == tmp_path / "planes/spit2.yaml"
    assert renamed_path(tmp_path / "other.yaml", "spit", "spit2") == tmp_path / "other.yaml"
