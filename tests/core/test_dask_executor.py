"""Balance runs on a Dask cluster: a LocalCluster of two worker processes plays the same games as
this machine, refuses a worker whose files differ, stops on a cancel, and the command line says
plainly what it needs."""

import json
import logging
import sys
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

import engine.core.fingerprint as fingerprint
from engine.cli import main
from engine.core.batch import ExecutorError
from engine.core.dask_executor import DaskExecutor
from engine.core.simulate import as_dicts, report, simulate
from engine.core.strength_matrix import strength_matrix
from tests import toy
from tests.core.test_game import content

ENGINE = toy.RULESET.engine


@pytest.fixture(scope="module")
def client():
    """Two worker processes of one thread, as `dask worker --nworkers 2 --nthreads 1` starts them."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster, set_as_default=False) as client:
        yield client


def test_a_run_on_the_cluster_is_the_local_run_byte_for_byte(client):
    view, scen = content()
    local = simulate(ENGINE, scen, view, 40, seed=100, jobs=1)
    on_dask = simulate(ENGINE, scen, view, 40, seed=100, executor=DaskExecutor(client))
    assert json.dumps(as_dicts(on_dask)) == json.dumps(as_dicts(local))
    assert json.dumps(report(on_dask, ["blue", "red"])) == json.dumps(report(local, ["blue", "red"]))
    matrices = [strength_matrix(ENGINE, scen, view, 16, seed=3, executor=e) for e in (None, DaskExecutor(client))]
    assert json.dumps(matrices[0]) == json.dumps(matrices[1])


def _other_engine(root: str) -> None:
    """On a worker: its engine files are elsewhere (another version of Sortie, say)."""
    fingerprint.ENGINE_ROOT = Path(root)


def test_a_worker_holding_other_files_is_refused_and_plays_no_game(client, tmp_path):
    other = tmp_path / "engine"
    other.mkdir()
    (other / "rules.py").write_text("# not the rules this machine plays\n")
    first, second = sorted(client.nthreads())
    client.run(_other_engine, str(other), workers=[first])
    refused = []
    try:
        view, scen = content()
        results = simulate(ENGINE, scen, view, 24, seed=5,
                           executor=DaskExecutor(client, refused=lambda w, why: refused.append((w, why))))
        assert results == simulate(ENGINE, scen, view, 24, seed=5)  # all played by the other worker
        assert [w for w, _ in refused] == [first] and refused[0][1].startswith("engine code (")
        client.run(_other_engine, str(other), workers=[second])
        with pytest.raises(ExecutorError, match="none of the 2 workers at tcp://.* holds the same content and engine "
                                                r"as this machine \(install the same Sortie and packs there\)"):
            simulate(ENGINE, scen, view, 8, executor=DaskExecutor(client))
    finally:
        client.run(_other_engine, str(fingerprint.ENGINE_ROOT))


def test_a_cancelled_run_on_the_cluster_keeps_the_first_seeds(client):
    view, scen = content()
    calls = []
    results = simulate(ENGINE, scen, view, 400, seed=100, executor=DaskExecutor(client),
                       progress=lambda d, t: calls.append(d), cancelled=lambda: len(calls) >= 2)
    assert 0 < len(results) < 400
    assert results == simulate(ENGINE, scen, view, len(results), seed=100)  # what a shorter run plays


def test_the_command_on_a_cluster_prints_what_it_prints_locally(client, toy_pack, capsys):
    address = client.scheduler.address
    assert main(["simulate", "duel", "--games", "24", "--json", "--executor", "dask", "--scheduler", address]) == 0
    on_dask = capsys.readouterr().out
    assert main(["simulate", "duel", "--games", "24", "--json", "--jobs", "1"]) == 0
    assert on_dask == capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--executor", "dask"], "--executor dask needs --scheduler ADDRESS: the address `dask scheduler` prints"),
    (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler is the address of a Dask scheduler: give it with "
                                              "--executor dask"),
    (["--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"],
     "--jobs counts processes of --executor local"),
    (["--executor", "dask", "--scheduler", "scheduler-without-port"],
     "--scheduler scheduler-without-port: not a scheduler's address (tcp://HOST:PORT)"),
])
def test_the_executor_flags_are_checked_before_a_game(toy_pack, capsys, argv, message):
    assert main(["simulate", "duel", *argv]) == 2
    assert message in capsys.readouterr().err


def test_a_scheduler_out_of_reach_is_said_plainly(toy_pack, capsys, monkeypatch):
    monkeypatch.setattr("engine.core.dask_executor.CONNECT_TIMEOUT", 0.5)
    assert main(["simulate", "duel", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("sortie simulate: cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")
    assert "Traceback" not in err


def test_without_dask_installed_the_command_says_how_to_get_it(toy_pack, capsys, monkeypatch):
    monkeypatch.delitem(sys.modules, "engine.core.dask_executor")
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    assert main(["simulate", "duel", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "needs Dask's distributed scheduler, which is not installed: pip install 'sortie[dask]'" \
        in capsys.readouterr().err


def _batches_held() -> list[str]:
    from engine.core.dask_executor import _BATCHES

    return list(_BATCHES)


def test_ctrl_c_on_a_cluster_run_reports_the_games_finished_and_leaves_the_workers_clean(
        client, toy_pack, capsys, monkeypatch):
    import contextlib
    import os
    import signal

    @contextlib.contextmanager
    def ctrl_c_at_the_first_games(total, command):
        sent = []
        yield lambda done, _total: sent or sent.append(os.kill(os.getpid(), signal.SIGINT))

    monkeypatch.setattr("engine.cli.sim_cmds.progress_bar", ctrl_c_at_the_first_games)
    argv = ["simulate", "duel", "--games", "2000", "--seed", "7", "--json", "--executor", "dask",
            "--scheduler", client.scheduler.address]
    assert main(argv) == 130
    captured = capsys.readouterr()
    played = json.loads(captured.out)["report"]["games"]
    assert 0 < played < 2000
    assert f"interrupted; the report covers the first {played} of 2000 games (seeds 7-{6 + played})" in captured.err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    assert client.run(_batches_held) == {w: [] for w in client.nthreads()}  # the batch left every worker
