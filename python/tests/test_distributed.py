"""deckhand.distributed on Dask: the same result in this process, on a local cluster, and on
a cluster of separate dask-scheduler and dask-worker processes; and after a worker is killed
mid-run."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from deckhand import distributed, selfplay

pytest.importorskip("distributed")
# Dask 2022.12 on Debian 12 starts its event loop in a way tornado 6.2 deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

# Twelve chunks of a few tenths of a second each: long enough that a worker can be killed
# while it runs one, short enough for the suite.
RUN = dict(game="sheepshead", games=120, seats="random,random:samples=2,random,random,random",
           seed=11, chunk=10, options={"hands": 2})


@contextlib.contextmanager
def deadline(seconds):
    """Fails a run that hangs (chunks never finishing) instead of waiting for ever."""
    def expire(signum, frame):
        raise TimeoutError(f"the run did not finish in {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def records(directory):
    return {name: (directory / name).read_bytes() for name in sorted(os.listdir(directory))}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The in-process result and records."""
    directory = tmp_path_factory.mktemp("in-process")
    result = distributed.run(workers=0, records=str(directory), **RUN)
    return selfplay.strip_timing(result), records(directory)


def test_a_local_cluster_of_two_workers_gives_the_in_process_result(reference, tmp_path):
    result = distributed.run(workers=2, records=str(tmp_path), **RUN)
    assert result["timing"]["workers"] == 2
    assert (selfplay.strip_timing(result), records(tmp_path)) == reference


class Cluster:
    """dask-scheduler and dask-worker as separate processes on 127.0.0.1, on ports the
    system picks. They run as `python -m distributed.cli.dask_*` (the programs behind the
    dask-scheduler and dask-worker commands) with this interpreter, so the workers import
    the deckhand being tested."""

    def __init__(self, directory, workers):
        self.file = os.path.join(directory, "scheduler.json")
        self.processes = []
        self.start("dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard")
        deadline = time.monotonic() + 60
        while not os.path.exists(self.file):
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        time.sleep(0.2)  # the file is written whole before the scheduler listens; let it
        with open(self.file, encoding="utf-8") as f:
            self.address = json.load(f)["address"]
        for _ in range(workers):
            # the worker killed below leaves its space in the test's directory, not in /tmp
            self.start("dask_worker", "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                       "--no-dashboard", "--local-directory", directory)
        from distributed import Client
        self.client = Client(self.address)
        self.client.wait_for_workers(workers, timeout=60)

    def start(self, program, *args, python=(sys.executable,), cwd=None):
        self.processes.append(subprocess.Popen(
            [*python, "-m", f"distributed.cli.{program}", "--scheduler-file", self.file,
             *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd))

    def add_worker(self, python, directory):
        """One more worker, run by `python` (a command list) in `directory`."""
        before = len(self.client.scheduler_info()["workers"])
        self.start("dask_worker", "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny",
                   "--no-dashboard", "--local-directory", directory, python=python,
                   cwd=directory)
        self.client.wait_for_workers(before + 1, timeout=60)

    def worker_pids(self):
        return self.client.run(os.getpid)

    def close(self):
        """Shuts the cluster down through its scheduler; returns the processes that did not
        stop by themselves within 20 s (then killed)."""
        stuck = []
        try:
            self.client.shutdown()  # the scheduler and its workers stop
        finally:
            self.client.close()  # no heartbeat to a closed scheduler at exit
            for p in self.processes:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    stuck.append(p.args)
                    p.kill()
                    p.wait()
        return stuck


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(str(tmp_path), workers=2)
    yield c
    c.close()


def test_a_cluster_of_separate_processes_gives_the_in_process_result(reference, tmp_path):
    c = Cluster(str(tmp_path), workers=2)
    try:
        result = distributed.run(scheduler=c.address, records=str(tmp_path / "records"), **RUN)
    finally:
        stuck = c.close()
    assert result["timing"]["scheduler"] == c.address
    assert (selfplay.strip_timing(result), records(tmp_path / "records")) == reference
    assert stuck == []  # the scheduler and the workers stopped cleanly


def test_a_worker_killed_mid_run_loses_nothing(reference, cluster, tmp_path):
    pids = cluster.worker_pids()
    games_done = [0]
    killed = []
    finished = threading.Event()

    def kill_the_first_busy_worker():
        # Its own thread watches the scheduler: the progress callback runs only between
        # chunks, and on a loaded machine every chunk in flight may be finished by then.
        while not finished.is_set():
            busy = [address for address, tasks in cluster.client.processing().items() if tasks]
            if busy:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append((busy[0], games_done[0]))
                return
            time.sleep(0.005)

    def count(done, total):
        games_done[0] = done

    killer = threading.Thread(target=kill_the_first_busy_worker)
    killer.start()
    try:
        with deadline(90):
            result = distributed.run(scheduler=cluster.client, progress=count,
                                     records=str(tmp_path / "records"), **RUN)
    finally:
        finished.set()
        killer.join()
    assert killed, "no worker was seen running a chunk"
    assert killed[0][1] < RUN["games"]  # killed before the run was done
    assert killed[0][0] not in cluster.client.scheduler_info()["workers"]
    assert result["timing"]["scheduler"] == cluster.address
    assert (selfplay.strip_timing(result), records(tmp_path / "records")) == reference


def pythons(client):
    return client.run(eval, "__import__('sys').executable")


def test_a_worker_that_cannot_import_deckhand_is_named_with_the_fix(tmp_path, capsys):
    # Debian's interpreter itself, isolated (-I: no PYTHONPATH, no user site) and started
    # outside the source tree, has Dask (python3-distributed) but not deckhand, which is in
    # the test's venv only.
    base = [getattr(sys, "_base_executable", None) or "/usr/bin/python3", "-I"]
    probe = subprocess.run([*base, "-c", "import distributed; import deckhand"],
                           capture_output=True, text=True, cwd=tmp_path)
    if "No module named 'deckhand'" not in probe.stderr:
        pytest.skip(f"{base[0]} -I imports deckhand (or lacks Dask): {probe.stderr[-200:]}")
    c = Cluster(str(tmp_path), workers=1)
    try:
        (good,) = pythons(c.client)
        c.add_worker(base, str(tmp_path))
        bad = [a for a, exe in pythons(c.client).items() if a != good]
        assert len(bad) == 1
        with deadline(60), pytest.raises(distributed.WorkerMismatch) as e:
            distributed.run(scheduler=c.address, **RUN)
        message = str(e.value)
        assert f"worker {bad[0]} ({base[0]}) cannot import deckhand" in message
        assert "No module named 'deckhand'" in message and good not in message
        assert "pip install deckhand-" in message and sys.executable in message
        assert list(e.value.workers) == bad
        # The command line says the same, not a bare "No module named 'deckhand'".
        assert selfplay.main(["--game", RUN["game"], "--games", "10", "--seats",
                              RUN["seats"], "--scheduler", c.address]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"selfplay: error: worker {bad[0]} ") and "pip install" in err
    finally:
        c.close()


def test_a_worker_with_another_version_is_named_with_the_fix(cluster):
    import deckhand
    workers = sorted(pythons(cluster.client))
    # The worker's own deckhand reports another version (patched in that worker only).
    cluster.client.run(exec, "import deckhand; deckhand.__version__ = '0.0.1-other'",
                       workers=[workers[0]])
    with deadline(60), pytest.raises(distributed.WorkerMismatch) as e:
        distributed.run(scheduler=cluster.client, **RUN)
    message = str(e.value)
    assert (f"worker {workers[0]} ({sys.executable}) has deckhand 0.0.1-other, this client "
            f"{deckhand.__version__}") in message
    assert workers[1] not in message and f"deckhand {deckhand.__version__}" in message
    assert e.value.workers == {workers[0]: "0.0.1-other"}
    # Put back, the same cluster plays.
    cluster.client.run(exec, f"import deckhand; deckhand.__version__ = "
                             f"{deckhand.__version__!r}", workers=[workers[0]])
    assert distributed.check_workers(cluster.client) == {w: deckhand.__version__
                                                        for w in workers}
