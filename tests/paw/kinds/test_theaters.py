"""Theaters, timelines and their tables as a mission generator will use them."""

from fractions import Fraction

from engine.rulesets.paw.lint.theaters import _plane_name
from engine.rulesets.paw.kinds.theaters import tables_for


def table(view, rid):
    record = view.get("paw.theater_table", rid)
    assert record is not None, rid
    return record


def test_blitz_refers_to_adlerangriff_instead_of_copying(faithful):
    blitz = faithful.get("paw.timeline", "blitz")
    tables = {t.id for t in tables_for(blitz, faithful)}
    assert tables == {"blitz-ground-targets", "adlerangriff-mission-type", "adlerangriff-raf",
                      "adlerangriff-luftwaffe", "adlerangriff-cai"}
    own = [t for t in faithful.records("paw.theater_table") if t.timeline == "blitz"]
    assert [t.id for t in own] == ["blitz-ground-targets"]


def test_seelowe_luftwaffe_table_is_borrowed_only_in_the_errata(faithful, errata):
    mine = {t.id for t in tables_for(faithful.get("paw.timeline", "seelowe"), faithful)}
    assert not any("luftwaffe" in t for t in mine)
    fixed = errata.get("paw.timeline", "seelowe")
    borrowed = {t.id for t in tables_for(fixed, errata)}
    assert borrowed - mine == {"adlerangriff-luftwaffe"}
    assert fixed.corrections[0].sample


def test_every_timeline_belongs_to_a_theater_in_sequence(faithful):
    timelines = faithful.records("paw.timeline")
    by_theater = {}
    for t in timelines:
        by_theater.setdefault(t.theater, []).append(t.sequence)
    assert set(by_theater) == {t.id for t in faithful.records("paw.theater")}
    assert all(sorted(seqs) == list(range(1, len(seqs) + 1)) for seqs in by_theater.values())


def test_availability_is_rolled_per_role(faithful):
    kanal = table(faithful, "kanalkampf-luftwaffe").table
    assert [s.role for s in kanal.sections] == ["fighter", "fighter_bomber", "bomber"]
    assert kanal.section("fighter").lookup(16).plane == "bf-110"
    assert kanal.section("bomber").lookup(9).plane == "ju-88"
    cut = kanal.section("bomber").lookup(19)
    assert cut is not None and cut.plane is None and cut.printed is None


def test_one_or_twenty_rolls_the_same_plane(faithful):
    luftwaffe = table(faithful, "western-europe-berlin-luftwaffe").table.section("fighter")
    assert luftwaffe.lookup(1).plane == luftwaffe.lookup(20).plane == "me-262"
    assert luftwaffe.probabilities()[0] == Fraction(2, 20)


def test_gaps_and_policies(faithful, errata):
    d_day = table(faithful, "western-europe-d-day-allies-ground-targets")
    assert d_day.table.lookup(14) is None and d_day.table.lookup(15).target == "Port"
    assert faithful.get("paw.rules", "core").generator.on_missing == "report"
    assert errata.get("paw.rules", "core").generator.on_missing == "reroll"


def test_ground_target_rows_are_structured(faithful):
    row = table(faithful, "kanalkampf-ground-targets").table.lookup(13)
    assert row.target == "Airfield" and row.target_type == "installation"
    assert [(c.unit, c.count) for c in row.composition] == [("airfield", 1), ("aaa", 2),
                                                              ("flak", 1)]
    for rec in faithful.records("paw.theater_table"):
        if rec.table.type == "ground_targets":
            for r in rec.table.rows:
                for c in r.composition:
                    assert faithful.get("paw.ground_target", c.unit) is not None


def test_every_printed_plane_has_a_dashboard_except_the_misprints(faithful):
    names = {n for d in faithful.records("paw.dashboard") for n in d.names()}
    unmatched = set()
    for rec in faithful.records("paw.theater_table"):
        if rec.table.type != "availability":
            continue
        for section in rec.table.sections:
            for row in section.rows:
                if row.printed and _plane_name(row.printed) not in names:
                    unmatched.add(row.printed)
                    assert row.plane is None
                elif row.printed:
                    assert faithful.get("paw.dashboard", row.plane).points == row.points
    assert unmatched == {"Bf-190 E", "Bf-190 G", "D2A1 Val"}


def test_errata_corrections_are_explained_and_applied(errata):
    rai = table(errata, "italy-landings-rai")
    assert rai.table.section("fighter").lookup(18).plane == "g-50"
    assert rai.corrections[0].printed == "20-15" and not rai.corrections[0].sample
    north_sea = table(errata, "north-sea-luftwaffe-1940").table.section("fighter")
    assert north_sea.lookup(5).plane == "bf-109e" and north_sea.lookup(5).printed == "Bf-190 E"
    carrier = table(errata, "pacific-sleeping-giant-japan-carrier").table
    assert carrier.section("fighter").lookup(12).plane == "a6m2-zero"
    assert carrier.section("bomber").lookup(3).plane == "d3a1-val"
    trains = [t for t in errata.records("paw.theater_table")
              if t.table.type == "ground_targets"
              and any(r.target == "Train" for r in t.table.rows)]
    assert len(trains) == 9
    for t in trains:
        row = next(r for r in t.table.rows if r.target == "Train")
        assert [(c.unit, c.count) for c in row.composition] == [("train", 1)]
    for rec in errata.records("paw.theater_table") + errata.records("paw.timeline"):
        for c in rec.corrections:
            assert c.reason and c.path


def test_errata_timeline_dates_follow_each_other(errata):
    late = errata.get("paw.timeline", "north-africa-late")
    early = errata.get("paw.timeline", "north-africa-early")
    assert late.period.start > early.period.end
    berlin = errata.get("paw.timeline", "western-europe-berlin")
    assert berlin.period.start > errata.get("paw.timeline", "western-europe-d-day").period.end


def test_mission_roll_rules(faithful):
    kanal = faithful.get("paw.timeline", "kanalkampf")
    assert (kanal.mission_roll.rule, kanal.mission_roll.side) == ("fixed", "axis")
    korea = faithful.get("paw.timeline", "korea")
    assert (korea.mission_roll.rule, korea.mission_roll.tie) == ("points_advantage", "axis")
    assert faithful.get("paw.faction", "north-korea").side == "axis"


def test_generic_tables(faithful):
    chart = faithful.get("paw.mission_table", "mission-type")
    assert chart.probabilities() == [Fraction(6, 20), Fraction(9, 20), Fraction(5, 20)]
    events = faithful.get("paw.event_table", "extended-mission")
    assert events.lookup(11).event == "limping-home" and events.lookup(20).event == "cpf-flak"
    barrage = faithful.get("paw.mission_event", "flak-barrage")
    assert barrage.delay_modifier == 2 and barrage.outbound_interception_on == 20
