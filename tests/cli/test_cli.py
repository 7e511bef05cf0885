"""`sortie validate` as CI uses it: lines, JSON, exit codes; and the schema freshness check."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from engine.cli import main
from engine.content.generate import stale_schemas, write_schemas
from engine.rulesets import rulesets

from tests.conftest import write


def test_exit_codes_and_lines(make_pack, capsys):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 99\n"})
    assert main(["validate", str(root)]) == 1
    out = capsys.readouterr().out
    assert ":3:8: error[schema]: input should be less than or equal to 10; got 99 (at speed)" in out
    write(root, {"p.yaml": "kind: toy.plane\nid: p\nspeed: 9\n"})
    assert main(["validate", str(root)]) == 0


def test_usage_errors_exit_2(tmp_path, capsys, toy_rulesets):
    assert main(["validate", str(tmp_path / "missing")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["validate", str(tmp_path)]) == 2
    try:
        main(["validate", "--no-such-flag"])
    except SystemExit as exc:
        assert exc.code == 2


def test_json_output_shape(make_pack, capsys):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 2\nturns: [B, A]\n"})
    assert main(["validate", "--json", str(root)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["counts"] == {"toy.plane": 1}
    (diag,) = out["diagnostics"]
    assert set(diag) >= {"severity", "code", "message", "file", "line", "column", "path"}
    assert (diag["code"], diag["line"], diag["path"]) == ("toy.turns_order", 4, "turns")


def test_schemas_are_up_to_date():
    assert stale_schemas(rulesets().values()) == [], "run 'sortie schemas' and commit schemas/"


def test_headless_commands_do_not_import_qt():
    code = (
        "import sys; from engine.cli import main; "
        "rc = main(['validate', '--json', 'content']); "
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'; "
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


def test_pyflakes_finds_no_unused_or_undefined_names():
    ruff = Path(sys.executable).parent / "ruff"
    proc = subprocess.run([str(ruff), "check", "--output-format", "concise", "."], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_import_contract_engine_never_imports_qt_or_studio():
    lint = Path(sys.executable).parent / "lint-imports"
    proc = subprocess.run([str(lint)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_rewriting_a_record_keeps_its_permissions(make_pack):
    """Files are replaced through a temporary file; it must not leave them owner-only (mkstemp's 0600)."""
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nname: P\nspeed:   3\n"})
    (root / "p.yaml").chmod(0o644)
    assert main(["fmt", str(root)]) == 0
    assert (root / "p.yaml").read_text().endswith("speed: 3\n")
    assert (root / "p.yaml").stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in root.iterdir()) == ["p.yaml", "pack.yaml"]


def test_fmt_on_a_full_disk_names_each_file_it_could_not_write_and_fails(make_pack, capsys, monkeypatch):
    import errno
    import os

    import engine.content.pack

    messy = "kind: toy.plane\nid: {}\nspeed:   3\n"
    root = make_pack(files={"a.yaml": messy.format("a"), "b.yaml": messy.format("b")})

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(engine.content.pack.os, "fsync", full)
    assert main(["fmt", str(root)]) == 1
    captured = capsys.readouterr()
    for name in ("a.yaml", "b.yaml"):
        assert f"{name}: cannot write: No space left on device; left as it was" in captured.err
        assert (root / name).read_text() == messy.format(name[0])
    assert "2 file(s) could not be written" in captured.err and "rewritten" not in captured.out
    assert sorted(p.name for p in root.iterdir()) == ["a.yaml", "b.yaml", "pack.yaml"]  # no temporary file left


def test_fmt_of_one_file_rewrites_that_file_only(make_pack, capsys):
    messy = "kind: toy.plane\nid: {}\nspeed:   3\n"
    root = make_pack(files={"a.yaml": messy.format("a"), "b.yaml": messy.format("b")})
    assert main(["fmt", str(root / "a.yaml"), str(root / "pack.yaml")]) == 0
    assert (root / "a.yaml").read_text().endswith("speed: 3\n")
    assert (root / "b.yaml").read_text() == messy.format("b")
    assert capsys.readouterr().out.count("rewritten") == 1


def test_fmt_never_touches_a_file_it_cannot_read_and_says_so(make_pack, capsys):
    broken = "kind: toy.plane\nid: b\nturns: [A, B\n"
    root = make_pack(files={"a.yaml": "kind: toy.plane\nid: a\nspeed:   3\n", "b.yaml": broken})
    for argv in (["fmt", "--check", str(root)], ["fmt", str(root)]):
        assert main(argv) == 1  # a CI check must not pass over a file it could not read
        err = capsys.readouterr().err
        assert "b.yaml:4:1: error[yaml.syntax]: malformed YAML" in err
        assert "1 file(s) left as they are: fix the errors above first" in err
    assert (root / "b.yaml").read_text() == broken
    assert (root / "a.yaml").read_text().endswith("speed: 3\n")  # the rest of the pack is formatted


def test_fmt_refuses_a_file_outside_any_pack(tmp_path, capsys, toy_rulesets):
    loose = tmp_path / "loose.yaml"
    loose.write_text("kind: toy.plane\nid: loose\nspeed:   3\n")
    assert main(["fmt", str(loose)]) == 2
    assert f"{loose}: not a record file of a pack" in capsys.readouterr().err


def test_schemas_out_removes_only_schemas_it_once_wrote(tmp_path):
    """`--out` may name any folder: its other JSON files are someone's work, not stale schemas."""
    (tmp_path / "package.json").write_text('{"name": "mine"}\n')
    (tmp_path / "toy.gone.json").write_text('{\n  "$id": "https://sortie.games/schemas/toy.gone.json"\n}\n')
    write_schemas(rulesets().values(), tmp_path, tmp_path / "docs")
    assert (tmp_path / "package.json").read_text() == '{"name": "mine"}\n'
    assert not (tmp_path / "toy.gone.json").exists() and (tmp_path / "pack.json").is_file()
    assert stale_schemas(rulesets().values(), tmp_path, tmp_path / "docs") == []


def test_schemas_out_that_cannot_be_a_folder_is_a_usage_error(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["schemas", "--out", str(blocker / "schemas")]) == 2
    assert f"cannot write: {blocker} is a file, not a folder" in capsys.readouterr().err


def test_an_output_under_a_file_says_which_file_is_in_the_way(toy_pack, tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["play", "duel", "--log", str(blocker / "logs" / "game.jsonl")]) == 2
    assert f"cannot write: {blocker} is a file, not a folder" in capsys.readouterr().err  # not "File exists"


def test_a_folder_inside_a_pack_is_validated_and_formatted_alone(make_pack, capsys):
    root = make_pack(files={"planes/a.yaml": "kind: toy.plane\nid: a\nspeed:   30\n",
                            "tables/b.yaml": "kind: toy.plane\nid: b\nspeed:   40\n"})
    assert main(["validate", str(root / "planes")]) == 1  # it said "no pack found"
    out = capsys.readouterr().out
    assert "planes/a.yaml:3:10: error[schema]" in out and "tables/b.yaml" not in out
    (root / "planes" / "a.yaml").write_text("kind: toy.plane\nid: a\nspeed:   3\n")
    assert main(["fmt", str(root / "planes")]) == 0
    assert (root / "planes" / "a.yaml").read_text().endswith("speed: 3\n")
    assert (root / "tables" / "b.yaml").read_text().endswith("speed:   40\n")


def test_fmt_of_a_windows_file_is_canonical_after_one_run(make_pack):
    """A BOM and CRLF endings, a comment header: one fmt gives the canonical file (the header kept
    its CRLFs, so every later --check failed on a file fmt had just written)."""
    root = make_pack(files={"p.yaml": b"\xef\xbb\xbf# Spitfire\r\n# sample\r\nkind: toy.plane\r\nid: p\r\nspeed: 3\r\n"})
    assert main(["fmt", str(root)]) == 0
    assert (root / "p.yaml").read_bytes() == b"# Spitfire\n# sample\nkind: toy.plane\nid: p\nspeed: 3\n"
    assert main(["fmt", "--check", str(root)]) == 0


def test_strict_fails_on_warnings_and_github_annotates_each_finding_on_its_line(make_pack, capsys):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed: 2\nturns: [B, A]\n"})
    assert main(["validate", str(root)]) == 0  # a warning alone passes ...
    capsys.readouterr()
    assert main(["validate", "--strict", "--github", str(root)]) == 1  # ... but not a strict CI
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("::")]
    assert line.startswith("::warning file=") and ",line=4,col=" in line and ",title=toy.turns_order::" in line
    assert line.endswith("(at turns)")
    write(root, {"p.yaml": "kind: toy.plane\nid: p\nspeed: 99\n"})
    assert main(["validate", "--github", str(root)]) == 1
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.startswith("::")]
    assert line.startswith("::error ") and ",line=3,col=8,title=schema::" in line


def test_annotation_escapes_what_would_end_the_command_early():
    from engine.content.diagnostics import Diagnostic, Severity

    diag = Diagnostic(Severity.INFO, "a,b", "50% of\nit", file="C:/x,y.yaml", line=2, column=1)
    assert diag.annotation() == "::notice file=C%3A/x%2Cy.yaml,line=2,col=1,title=a%2Cb::50%25 of%0Ait"


def test_schemas_out_for_a_pack_of_your_own_writes_schemas_and_leaves_the_reference_pages_alone(tmp_path, monkeypatch, capsys):
    """A modder writes schemas beside their pack for an editor's modeline; the reference pages are
    Sortie's docs, and an installed Sortie's folder is no place to write them."""
    import engine.content.docs as docs

    pages = tmp_path / "sortie-docs"
    monkeypatch.setattr(docs, "DOCS_DIR", pages)
    assert main(["schemas", "--out", str(tmp_path / "schemas")]) == 0
    assert (tmp_path / "schemas" / "paw.dashboard.json").is_file() and not pages.exists()
    assert "reference pages" not in capsys.readouterr().out
    assert main(["schemas", "--out", str(tmp_path / "schemas"), "--check"]) == 0


def test_fmt_leaves_a_record_with_comments_inside_it_as_it_is_and_says_where(make_pack, capsys):
    """fmt writes back only the leading comment lines: a modder's note inside a record would be lost."""
    noted = ("# yaml-language-server: $schema=../schemas/toy.plane.json\nkind: toy.plane\nid: a\n"
             "speed: 3   # as the Corsair\n# name: 'Spit # 1' was a guess\nname: 'Spit # 1'\n")
    root = make_pack(files={"a.yaml": noted, "b.yaml": "kind: toy.plane\nid: b\nspeed:   3\n"})
    for argv in (["fmt", "--check", str(root)], ["fmt", str(root)]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert "a.yaml:4:1: error[fmt.comment]: comment inside the record (line(s) 4, 5): fmt keeps only the " \
               "comment lines at the top of a file and would drop it; move it there or into 'notes'" in err
    assert (root / "a.yaml").read_text() == noted
    assert (root / "b.yaml").read_text() == "kind: toy.plane\nid: b\nspeed: 3\n"  # the rest is formatted


def test_validate_reports_each_base_record_a_pack_replaces(make_pack, capsys, monkeypatch):
    """A 'new' record given a base record's id replaces it for the whole pack: an info finding at the
    replacing record, naming the base pack and record, in every output form; none for a new id."""
    monkeypatch.chdir(make_pack("base", files={"spit.yaml": "kind: toy.plane\nid: spit\nspeed: 4\n"}).parent)
    make_pack("child", manifest="id: child\nname: c\nversion: '1'\nruleset: toy\nextends: base\n",
              files={"spit.yaml": "kind: toy.plane\nid: spit\nspeed: 5\n",
                     "hurri.yaml": "kind: toy.plane\nid: hurri\nspeed: 3\n"})
    said = ("toy.plane 'spit' replaces the record of base pack 'base' at base/spit.yaml:2: "
            "every record of this pack sees this one instead")
    assert main(["validate", "child"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"child/spit.yaml:2:5: info[pack.replaces]: {said} (at id)"]
    assert "replaces" not in err and "1 info" in err
    assert main(["validate", "--github", "child"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"::notice file=child/spit.yaml,line=2,col=5,title=pack.replaces::{said} (at id)"]
    assert main(["validate", "--json", "child"]) == 0
    assert json.loads(capsys.readouterr().out)["diagnostics"] == [
        {"severity": "info", "code": "pack.replaces", "message": said, "file": "child/spit.yaml", "line": 2,
         "column": 5, "path": "id", "record": "toy.plane:spit"}]
    assert main(["validate", "-q", "child"]) == 0
    assert capsys.readouterr().out == ""
    make_pack("other", manifest="id: other\nname: o\nversion: '1'\nruleset: toy\nextends: base\n",
              files={"hurri.yaml": "kind: toy.plane\nid: hurri\nspeed: 3\n"})
    assert main(["validate", "--json", "other"]) == 0
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []


def test_fmt_writes_crlf_line_ends_as_lf_and_check_says_so(make_pack, capsys):
    crlf = b"kind: toy.plane\r\nid: a\r\nspeed: 3\r\n"
    root = make_pack(files={})
    (root / "a.yaml").write_bytes(crlf)
    assert main(["fmt", "--check", str(root)]) == 1
    assert "a.yaml: not in canonical form" in capsys.readouterr().out
    assert main(["fmt", str(root)]) == 0
    assert (root / "a.yaml").read_bytes() == crlf.replace(b"\r\n", b"\n")


def test_fmt_of_a_record_that_is_a_symbolic_link_rewrites_the_file_it_names(make_pack, capsys):
    root = make_pack(files={"real/a.txt": "kind: toy.plane\nid: a\nspeed:   3\n"})
    (root / "a.yaml").symlink_to(Path("real/a.txt"))
    assert main(["fmt", str(root)]) == 0
    assert (root / "a.yaml").is_symlink() and (root / "real/a.txt").read_text().endswith("speed: 3\n")


def test_a_base_pack_shadowed_by_another_of_its_id_is_said(tmp_path, capsys, monkeypatch, toy_rulesets):
    """A sibling folder with the bundled base's id took its place without a word (only the
    ref.unknown errors it caused downstream): the pack that extends it says which one it uses."""
    from tests.conftest import MANIFEST, write

    plane = "kind: toy.plane\nid: {}\nspeed: 3\n"
    write(tmp_path / "path" / "base", {"pack.yaml": MANIFEST.format(id="base"), "a.yaml": plane.format("a")})
    write(tmp_path / "mine" / "base-copy", {"pack.yaml": MANIFEST.format(id="base")})
    child = write(tmp_path / "mine" / "child", {"pack.yaml": MANIFEST.format(id="child") + "extends: base\n"})
    monkeypatch.setenv("SORTIE_PACK_PATH", str(tmp_path / "path"))
    main(["validate", str(child)])
    out = capsys.readouterr().out
    assert "warning[pack.shadowed]: base pack 'base' is the one in" in out
    assert f"the pack in {tmp_path / 'path' / 'base'} has the same id and is not used" in out


def test_a_missing_reference_loads_no_pack_of_another_ruleset_to_find_its_holder(make_pack, capsys, monkeypatch):
    """To say which pack holds a missing record, the packs beside it of its own ruleset are read;
    one of another ruleset (a large one made validation take minutes) is not even loaded."""
    import engine.content.validate

    loaded = []
    load_pack = engine.content.validate.load_pack
    monkeypatch.setattr(engine.content.validate, "load_pack", lambda root, *a: loaded.append(root.name) or
                        load_pack(root, *a))
    mine = make_pack("mine", files={"duel.yaml": "kind: toy.scenario\nid: duel\nplanes: {red: spit, blue: spit}\n"})
    make_pack("theirs", files={"spit.yaml": "kind: toy.plane\nid: spit\nspeed: 4\n"})
    make_pack("big", manifest="id: big\nname: b\nversion: '1'\nruleset: paw\n")
    assert main(["validate", str(mine)]) == 1
    assert "Pack 'theirs' has one, but this pack extends no pack" in capsys.readouterr().out
    assert "big" not in loaded and "theirs" in loaded


@pytest.mark.parametrize("error, said", [
    (ModuleNotFoundError("No module named 'PySide6'", name="PySide6"),
     "sortie studio: needs the studio, which is not installed here (no module 'PySide6'): pip install 'sortie[studio]'"),
    (ImportError("libEGL.so.1: cannot open shared object file: No such file or directory"),
     "sortie studio: Qt cannot load a system library: libEGL.so.1"),
])
def test_a_command_without_the_studio_says_how_to_get_it(monkeypatch, capsys, error, said):
    import studio.command

    def fail(_args):
        raise error

    monkeypatch.setattr(studio.command, "run", fail)
    assert main(["studio"]) == 2
    assert said in capsys.readouterr().err


def test_an_import_error_of_a_bug_is_shown_as_one(monkeypatch):
    import studio.command

    def fail(_args):
        raise ModuleNotFoundError("No module named 'engine.nowhere'", name="engine.nowhere")

    monkeypatch.setattr(studio.command, "run", fail)
    with pytest.raises(ModuleNotFoundError):
        main(["studio"])


def test_fmt_check_shows_what_would_change_as_a_diff(make_pack, capsys):
    root = make_pack(files={"p.yaml": "kind: toy.plane\nid: p\nspeed:   3\n"})
    assert main(["fmt", "--check", str(root)]) == 1
    out = capsys.readouterr().out
    assert "p.yaml: not in canonical form; `sortie fmt` would change it so:" in out
    assert "\n-speed:   3\n+speed: 3\n" in out and "(canonical)" in out
    assert (root / "p.yaml").read_text().endswith("speed:   3\n")  # --check writes nothing


def test_sortie_version_and_every_commands_exit_statuses(capsys):
    from engine.cli import build_parser

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and re.fullmatch(r"sortie \S+\n", capsys.readouterr().out)
    parser, sub = build_parser()
    commands = dict(sub.choices)
    commands.update(("new " + name, p) for name, p in commands["new"]._subparsers._group_actions[0].choices.items())
    missing = [name for name, p in commands.items() if "Exit status:" not in (p.description or "")]
    assert missing == []


def test_github_annotations_stay_within_what_github_shows_errors_first(make_pack, capsys, monkeypatch, tmp_path):
    """GitHub shows 10 annotations of a type a step and drops the rest unsaid: 9, then one saying how
    many more; errors before warnings; paths from the repository's root; suppressed ones left out
    unless asked for; and a table of findings per pack and kind in the step's summary."""
    files = {f"p{i:02d}.yaml": f"kind: toy.plane\nid: p{i:02d}\nspeed: 99\n" for i in range(12)}
    files.update({f"w{i}.yaml": f"kind: toy.plane\nid: w{i}\nspeed: 2\nturns: [B, A]\n" for i in range(2)})
    files["s.yaml"] = ("kind: toy.plane\nid: s\nspeed: 2\nturns: [B, A]\n"
                       "suppress:\n  - {code: toy.turns_order, path: turns, reason: as printed}\n")
    root = make_pack(files=files)
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_WORKSPACE", str(root.parent))
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.chdir(root)  # paths on the lines are from here; annotations' from the repository
    assert main(["validate", "--github", "."]) == 1
    out = capsys.readouterr().out.splitlines()
    annotations = [line for line in out[:out.index("::group::every finding")]]
    assert [a.split(" ")[0] for a in annotations] == ["::error"] * 10 + ["::warning"] * 2
    assert annotations[0].startswith("::error file=base/p00.yaml,line=3,")
    assert annotations[9] == ("::error title=sortie validate::3 more error(s) not shown here (GitHub shows 10 a "
                              "step): the step's log and summary list every one")
    assert "s.yaml" not in " ".join(annotations)  # suppressed: acknowledged, not a notice
    assert sum(1 for line in out if ": error[schema]:" in line) == 12 and out[-1] == "::endgroup::"
    table = summary.read_text()
    assert "| base | toy.plane | 12 | 2 | 1 |" in table and "❌ 12 error(s), 2 warning(s), 1 info" in table
    assert main(["validate", "--github", "--suppressed", "s.yaml"]) == 0
    assert capsys.readouterr().out.startswith("::notice file=base/s.yaml,line=")


def test_python_dash_m_engine_cli_is_the_sortie_command():
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "list", "--help"], capture_output=True, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("usage: sortie list")
    bad = subprocess.run([sys.executable, "-m", "engine.cli", "no-such-command"], capture_output=True, text=True,
                         cwd=ROOT)
    assert bad.returncode == 2 and "invalid choice: 'no-such-command'" in bad.stderr
