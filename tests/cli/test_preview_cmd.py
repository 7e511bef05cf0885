"""`sortie preview` writes a pack's previews as SVG at their printed size."""

import xml.etree.ElementTree as ET

import pytest

from engine.cli import main
from engine.content.loader import BUNDLED_CONTENT
from engine.content.view import ContentView
from engine.rulesets import workspace

PAW = BUNDLED_CONTENT / "pocket-air-war"


def test_one_record_is_written_at_its_printed_size(tmp_path, capsys):
    assert main(["preview", str(PAW), "paw.dashboard", "spitfire-i", "-o", str(tmp_path)]) == 0
    out = tmp_path / "paw.dashboard" / "spitfire-i.svg"
    assert capsys.readouterr().out.strip() == str(out)
    root = ET.fromstring(out.read_text(encoding="utf-8").split("\n", 1)[1])
    assert root.get("width") == "150mm" and root.find("{http://www.w3.org/2000/svg}title").text \
        == "Spitfire Mk.I dashboard"


def test_a_kind_or_the_whole_pack(tmp_path):
    assert main(["preview", str(BUNDLED_CONTENT / "red-eagles"), "-o", str(tmp_path)]) == 0
    view = ContentView.of_pack(workspace().pack(BUNDLED_CONTENT / "red-eagles"))
    written = {p.parent.name: len(list(p.parent.glob("*.svg"))) for p in tmp_path.rglob("*.svg")}
    assert written["aw.air_unit"] == len(view.records("aw.air_unit")) == 19
    assert written["aw.scenario"] == 1 and written["aw.map"] == 1


def test_unknown_kinds_and_ids_say_what_was_meant(tmp_path, capsys):
    assert main(["preview", str(PAW), "paw.dashbord", "-o", str(tmp_path)]) == 2
    assert "Did you mean 'paw.dashboard'?" in capsys.readouterr().err
    assert main(["preview", str(PAW), "paw.dashboard", "spitfire", "-o", str(tmp_path)]) == 2
    assert "no paw.dashboard 'spitfire' in pocket-air-war." in capsys.readouterr().err
    assert main(["preview", str(tmp_path / "nothing"), "-o", str(tmp_path)]) == 2
    assert not list(tmp_path.rglob("*.svg"))


def test_an_output_folder_that_cannot_be_made_is_named(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["preview", str(PAW), "paw.dashboard", "spitfire-i", "-o", str(blocker / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{blocker / 'out' / 'paw.dashboard' / 'spitfire-i.svg'}: cannot write:" in err
    assert "Traceback" not in err


def test_what_a_pack_offers_is_listed_when_nothing_is_close(tmp_path, capsys):
    assert main(["preview", str(PAW), "paw.zzz", "-o", str(tmp_path)]) == 2
    assert "Kinds with previews: " in capsys.readouterr().err
    assert main(["preview", str(PAW), "paw.dashboard", "zzzz", "-o", str(tmp_path)]) == 2
    assert "Known: " in capsys.readouterr().err
    loose = tmp_path / "loose.yaml"
    loose.write_text("kind: paw.dashboard\nid: x\n")
    assert main(["preview", str(loose), "-o", str(tmp_path)]) == 2
    assert f"{loose}: not a pack (a pack is a folder with pack.yaml)" in capsys.readouterr().err


def test_a_failed_write_leaves_the_previous_preview_whole(tmp_path, capsys, monkeypatch):
    out = tmp_path / "paw.dashboard" / "spitfire-i.svg"
    out.parent.mkdir()
    out.write_text("<svg>last week's</svg>\n")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", disk_full)  # the disk fills as the new drawing is flushed
    assert main(["preview", str(PAW), "paw.dashboard", "spitfire-i", "-o", str(tmp_path)]) == 2
    assert "spitfire-i.svg: cannot write: No space left on device" in capsys.readouterr().err
    assert out.read_text() == "<svg>last week's</svg>\n"
    assert [p.name for p in out.parent.iterdir()] == ["spitfire-i.svg"]  # no temporary file left


@pytest.mark.parametrize("command", [["preview", "{pack}"], ["mission", "--pack", "{pack}", "--theater", "t",
                                                               "--timeline", "l", "--seed", "1"]])
def test_a_pack_whose_manifest_does_not_load_is_named_with_its_first_error(tmp_path, capsys, command):
    (tmp_path / "pack.yaml").write_text("id: mine\nname: Mine\nversion: 1.0.0\nruleset: pwa\n")
    assert main([a.format(pack=tmp_path) for a in command]) == 2  # preview: a KeyError traceback
    err = capsys.readouterr().err
    assert "its pack.yaml has errors" in err and "pack.yaml:4:10: error[pack.ruleset]: unknown ruleset 'pwa'" in err
