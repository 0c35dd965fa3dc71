"""deckhand.distributed.run: a self-play run (deckhand.selfplay) in this process, on a local
Dask cluster, or on an existing one; the same result everywhere (docs/distributed.md).

Dask (Debian's python3-distributed) is imported only when a cluster is used. Each chunk is
one task, play_chunk(spec, index): pure, so when a worker dies the scheduler runs its chunks
again elsewhere and the result is the one an undisturbed run gives. The client merges the
chunks' totals as they arrive and writes the records itself, atomically.

Before the first chunk, every worker is asked (by an expression that needs no deckhand to be
sent) which deckhand it imports: a worker that cannot import it, or imports another version
than the client, is refused by name with the fix (WorkerMismatch).
"""

import logging
import os
import sys
import time

from . import _args, selfplay


class WorkerMismatch(ImportError):
    """A Dask worker that cannot import deckhand, or has another version than the client:
    `workers` maps each such worker's address to what it reported."""

    def __init__(self, message, workers):
        super().__init__(message)
        self.workers = workers


# Evaluated on each worker by the builtin eval, so that sending it needs nothing but Python:
# a worker without deckhand answers with its ImportError instead of failing to unpickle a
# task. _WHO needs no deckhand at all (which Python the worker runs, for the message).
_PROBE = "__import__('deckhand').__version__"
_WHO = "__import__('sys').executable"


def client_version():
    from . import __version__
    return __version__


def check_workers(client):
    """Raises WorkerMismatch naming every worker of `client` that cannot import deckhand
    or reports another version than this process's; returns {address: version}."""
    want = client_version()
    versions = client.run(eval, _PROBE, on_error="return")
    bad = {address: answer for address, answer in versions.items() if answer != want}
    if not bad:
        return versions
    pythons = client.run(eval, _WHO, on_error="return", workers=list(bad))
    lines = []
    for address, answer in sorted(bad.items()):
        python = pythons.get(address)
        python = python if isinstance(python, str) else "an unknown Python"
        if isinstance(answer, BaseException):
            lines.append(f"worker {address} ({python}) cannot import deckhand "
                         f"({type(answer).__name__}: {answer})")
        else:
            lines.append(f"worker {address} ({python}) has deckhand {answer}, this client "
                         f"{want}")
    raise WorkerMismatch(
        "; ".join(lines) + f". Every worker must import the client's deckhand {want} (chunks "
        f"played by another version would give other games): install that wheel into each "
        f"named worker's Python (pip install deckhand-{want}-*.whl; `make python` builds it "
        f"in build/python/dist), or start the workers with the client's Python "
        f"({sys.executable} -m distributed.cli.dask_worker SCHEDULER)", bad)


def default_workers():
    """The local cluster's size when none is given: the CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run(game, games, seats, seed=0, players=None, options=None, scheduler=None, workers=None,
        chunk=None, records=None, progress=None):
    """Plays `games` games of `game` between the bots named by `seats` (one per seat: a list
    or "basic,random,random") and returns the result as a dict (deckhand.selfplay.summarize;
    strip_timing() of it is the same for any workers and scheduler).

    scheduler: the address of an existing Dask scheduler, or a distributed.Client (left
    open); otherwise a local cluster of
    `workers` processes on 127.0.0.1 (default: one per CPU), or this process alone when
    workers is 0. chunk: games per task (a multiple of the players; part of the results'
    identity, like the seed). records: a directory to write every game's record into.
    progress: None shows a bar on stderr when it is a terminal, True always, False never;
    or a function called with (games done, games in all) after each chunk.
    """
    spec = selfplay.make_spec(game, games, seats, seed=seed, players=players, options=options,
                              chunk=chunk, records=records is not None)
    if scheduler and workers is not None:
        raise ValueError("workers sizes a local cluster: with a scheduler, its workers play")
    if workers is None:
        workers = 0 if scheduler else default_workers()
    workers = _args.integer(workers, "workers", -(1 << 31), (1 << 31) - 1)
    if workers < 0:
        raise ValueError(f"workers must be 0 or more, not {workers}")
    if records is not None:
        os.makedirs(records, exist_ok=True)
    totals = selfplay.new_totals(spec)
    report = _progress(progress, spec["games"])
    start = time.perf_counter()
    ready = [start]  # when the cluster was ready to take chunks

    def absorb(part):
        if records is not None:
            selfplay.write_records(spec, records, part["records"])
        selfplay.merge(totals, part)
        report(totals["games"])

    if scheduler is None and workers == 0:
        for index in range(selfplay.chunk_count(spec)):
            absorb(selfplay.play_chunk(spec, index))
    else:
        _run_on_dask(spec, absorb, scheduler, workers, ready)
    report(None)
    address = getattr(getattr(scheduler, "scheduler", None), "address", scheduler)
    result = selfplay.summarize(spec, totals, time.perf_counter() - start,
                                workers=None if scheduler else workers, scheduler=address)
    result[selfplay.TIMING_BLOCK]["setup_seconds"] = ready[0] - start
    return result


def _run_on_dask(spec, absorb, scheduler, workers, ready):
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:
        raise ImportError(f"a cluster needs Dask's distributed package (Debian: "
                          f"python3-distributed; {e}); workers=0 plays without it") from None

    if hasattr(scheduler, "submit"):  # a distributed.Client of the caller's: kept open
        ready[0] = time.perf_counter()
        _submit_all(scheduler, spec, absorb)
        return
    if scheduler:
        with Client(scheduler) as client:
            ready[0] = time.perf_counter()
            _submit_all(client, spec, absorb)
        return
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", scheduler_port=0, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        ready[0] = time.perf_counter()
        _submit_all(client, spec, absorb)


def _submit_all(client, spec, absorb):
    """Keeps a window of chunks in flight (a few per worker thread, so results and records
    wait in memory only briefly), merging each as it completes. A chunk whose worker died
    is run again by the scheduler; a chunk that raised raises here."""
    from distributed import as_completed

    check_workers(client)
    key = selfplay.spec_key(spec)
    count = selfplay.chunk_count(spec)
    pending = iter(range(count))

    def submit(index):
        return client.submit(selfplay.play_chunk, spec, index, key=f"deckhand-{key}-{index}",
                             pure=False)

    def window():
        threads = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
        return max(8, 4 * threads)

    running = as_completed()
    in_flight = 0
    for index in pending:
        running.add(submit(index))
        in_flight += 1
        if in_flight >= window():
            break
    for future in running:
        try:
            part = future.result()
        except (ImportError, RuntimeError):
            check_workers(client)  # a worker that joined since: named, with the fix
            raise
        future.release()
        in_flight -= 1
        absorb(part)
        for index in pending:
            running.add(submit(index))
            in_flight += 1
            if in_flight >= window():
                break


def _progress(progress, total):
    """A function called with the games done after each chunk, and with None at the end."""
    if callable(progress):
        def call(done):
            if done is not None:
                progress(done, total)
        return call
    show = sys.stderr.isatty() if progress is None else bool(progress)
    if not show:
        return lambda done: None
    start = time.perf_counter()
    state = {"last": 0.0}

    def draw(done):
        now = time.perf_counter()
        if done is None:
            sys.stderr.write("\n")
            sys.stderr.flush()
            return
        if now - state["last"] < 0.2 and done < total:
            return
        state["last"] = now
        elapsed = now - start
        width = 30
        filled = width * done // total
        eta = f"{elapsed * (total - done) / done:.0f} s left" if done else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} games "
                         f"{100 * done // total}%  {elapsed:.0f} s  {eta}   ")
        sys.stderr.flush()
    return draw
