"""How `sortie validate` grows with the record count: the bundled packs with every record file
copied N-1 times under new ids (same packs, same `extends`, the copies' references to the
originals), validated whole. Linear is the target: 10x the records, about 10x the time.

    .venv/bin/python -m pytest bench/test_validate_scale.py --benchmark-only
    PYTHONPATH=. .venv/bin/python bench/test_validate_scale.py 1 10 100   # times, one run each
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest

from engine.content.loader import BUNDLED_CONTENT, find_pack_roots
from engine.content.pack import MANIFEST
from engine.content.validate import validate_paths
from engine.rulesets import workspace

ID_LINE = re.compile(r"^id:\s*(\S+)\s*$", re.MULTILINE)


def scaled_content(factor: int, into: Path) -> int:
    """The bundled packs in `into`, each record file there `factor` times; the records written."""
    records = 0
    for root in find_pack_roots(BUNDLED_CONTENT):
        copy = into / Path(root).name
        shutil.copytree(root, copy)
        for path in sorted(copy.rglob("*.yaml")):
            if path.name == MANIFEST:
                continue
            text = path.read_text(encoding="utf-8")
            records += factor
            for n in range(2, factor + 1):
                (path.parent / f"{path.stem}-x{n}{path.suffix}").write_text(
                    ID_LINE.sub(lambda m, n=n: f"id: {m.group(1)}-x{n}", text, count=1), encoding="utf-8")
    return records


def validate(folder: Path):
    return validate_paths([folder], workspace([folder]))


@pytest.fixture(scope="module", params=[1, 10], ids=lambda f: f"{f}x")
def content(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"scaled-{request.param}")
    return folder, scaled_content(request.param, folder)


def test_validation_of_scaled_content(benchmark, content):
    folder, records = content
    report = benchmark.pedantic(validate, (folder,), rounds=1, iterations=1)
    assert not [d for d in report.diagnostics if d.code == "ref.unknown"]
    benchmark.extra_info["records"] = records


def main(factors: list[int]) -> None:
    workspace()  # the rulesets imported once, outside the times
    for factor in factors:
        with tempfile.TemporaryDirectory() as tmp:
            records = scaled_content(factor, Path(tmp))
            start = time.perf_counter()
            report = validate(Path(tmp))
            took = time.perf_counter() - start
            print(f"{factor:>4}x  {records:>7} records  {took:8.2f} s  {len(report.diagnostics)} finding(s)", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 10])
