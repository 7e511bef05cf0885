"""The crash test: `sortie fmt`, `play --save`, `simulate --out` and `sheets` killed (SIGKILL) or
failing (ENOSPC, EIO) at each filesystem call of their writes in turn (`tests/crash.py`). Every
file is then its old or its new content, whole; a failure is said with the file and the reason
and a non-zero exit; and no temporary file outlives the next run."""

import re

import pytest

from engine.content.loader import BUNDLED_CONTENT
from tests.crash import CALLS, crash_at_every_call

MESSY = "# {id}, as typed\nkind: toy.plane\nid: {id}\nspeed:   {speed}\nturns: [ A,  B ]\n"
IDS = ("a", "b")
HOW = ["kill", "ENOSPC", pytest.param("EIO", marks=pytest.mark.slow)]


def putting_back(folder, typed: dict[str, str]):
    """A `reset`: `folder`'s files as `typed` again (other files, a kill's leavings, stay)."""
    def reset():
        folder.mkdir(parents=True, exist_ok=True)
        for path, text in typed.items():
            (folder / path).write_text(text)
    return reset


@pytest.mark.parametrize("how", HOW)
def test_fmt_crashing_at_each_call_leaves_every_record_old_or_new(make_pack, how):
    typed = {f"planes/{i}.yaml": MESSY.format(id=i, speed=n + 2) for n, i in enumerate(IDS)}
    root = make_pack(files=typed)
    calls = crash_at_every_call(["fmt", str(root)], root, how, putting_back(root, typed), toy=True,
                                env={"SORTIE_PACK_PATH": ""})
    assert calls >= len(IDS) * len(CALLS)  # every call of every write was crashed at


@pytest.mark.parametrize("how", HOW)
def test_play_save_crashing_at_each_call_leaves_the_old_save_or_the_new(toy_pack, tmp_path, how):
    out = tmp_path / "out"
    calls = crash_at_every_call(["play", "duel", "--seed", "3", "--save", str(out / "game.json")], out, how,
                                putting_back(out, {"game.json": '{"an": "older save"}\n'}), toy=True,
                                env={"SORTIE_PACK_PATH": str(toy_pack.parent)})
    assert calls >= len(CALLS)


@pytest.mark.parametrize("how", HOW)
def test_simulate_out_crashing_at_each_call_leaves_the_old_report_or_the_new(toy_pack, tmp_path, how):
    out = tmp_path / "out"
    argv = ["simulate", "duel", "--games", "3", "--jobs", "1", "--out", str(out / "report.json")]
    calls = crash_at_every_call(argv, out, how, putting_back(out, {"report.json": '{"an": "older report"}\n'}),
                                toy=True, env={"SORTIE_PACK_PATH": str(toy_pack.parent)})
    assert calls >= len(CALLS)


MADE = re.compile(rb"D:\d{14}Z|\d{4}-\d\d-\d\dT[\d:+-]+|uuid:[0-9a-f-]{36}|/ID \[[^\]]*\]")


def same_pdf(path: str, a: bytes, b: bytes) -> bool:
    """Two PDFs the same but for the time each was made and the id each was given (and, now and
    then, what else Qt's writer varies between runs: then of one length, each ending as a PDF does)."""
    return a == b or path.endswith(".pdf") and (MADE.sub(b"", a) == MADE.sub(b"", b)
                                                or len(a) == len(b) and a.rstrip().endswith(b"%%EOF")
                                                and b.rstrip().endswith(b"%%EOF"))


@pytest.mark.skipif(not BUNDLED_CONTENT.is_dir(), reason="no bundled content")
@pytest.mark.parametrize("how", ["kill", pytest.param("ENOSPC", marks=pytest.mark.slow),
                                 pytest.param("EIO", marks=pytest.mark.slow)])
def test_sheets_crashing_at_each_call_leaves_the_old_pdf_or_the_new(tmp_path, how):
    out = tmp_path / "out"
    argv = ["sheets", str(BUNDLED_CONTENT / "red-eagles"), "aw.air_unit", "--out", str(out / "sheets.pdf")]
    calls = crash_at_every_call(argv, out, how, putting_back(out, {"sheets.pdf": "%PDF-1.4 an older PDF\n%%EOF\n"}),
                                same=same_pdf)
    assert calls >= len(CALLS) - 2  # (Qt writes the PDF itself: no open or write of ours to crash)
