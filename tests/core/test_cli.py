"""`sortie validate` as CI uses it: lines, JSON, exit codes; and the schema freshness check."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from engine.cli import main
from engine.content.schemas import stale_schemas

from .conftest import write


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
    assert stale_schemas() == [], "run 'sortie schemas' and commit schemas/"


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
