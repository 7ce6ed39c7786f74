"""Censuses on executors: the shards grundy defines, run by a process pool, by Dask
(``LocalCluster`` with two worker processes), and by fake executors that lose or fail
shards; every merged census equals the single-process one, byte for byte (its JSON)."""

from __future__ import annotations

import concurrent.futures as futures
import json
import os
import pathlib
import pickle
import threading
import time
from typing import Any, Callable, Iterator, List, Tuple

import pytest

import grundy
from grundy import _distributed

# A census of 72 games that takes about a second on two cores.
PATTERNS = ["0.??", "4.?"]
OPTIONS = {"to": 1 << 12, "budget": 10**6}
CLI_OPTIONS = ["--to", "2^12", "--budget", "10^6"]


def compact(report: Any) -> str:
    """The JSON text the library writes (serde_json: compact, keys in order, UTF-8)."""
    return json.dumps(report, separators=(",", ":"), ensure_ascii=False)


@pytest.fixture(scope="module")
def single() -> grundy.Census:
    return grundy.census(PATTERNS, progress=False, **OPTIONS)


def test_the_single_process_census_is_the_command_lines(cli, single):
    assert compact(single.report) == cli.run("census", *PATTERNS, *CLI_OPTIONS, "--json").stdout.rstrip("\n")


def test_a_shard_is_the_command_lines_piece(cli):
    for k in (1, 3):
        piece = grundy.census_shard(PATTERNS, k, 4, **OPTIONS)
        assert piece == cli.run("census", *PATTERNS, *CLI_OPTIONS, "--shard", f"{k}/4", "--json").stdout.rstrip("\n")
    # What is submitted pickles by reference (a module-level function of plain data).
    assert pickle.loads(pickle.dumps(_distributed._shard_task)) is _distributed._shard_task


def test_a_process_pool_gives_the_single_process_census(single):
    seen: List[Tuple[int, int]] = []
    with futures.ProcessPoolExecutor(2) as pool:
        merged = grundy.census(
            PATTERNS, executor=pool, shards=7, threads=1, progress=lambda d, t: seen.append((d, t)), **OPTIONS
        )
    assert isinstance(merged, grundy.Census)
    assert compact(merged.report) == compact(single.report)
    assert merged.rows == single.rows
    assert seen[0] == (0, 7) and seen[-1] == (7, 7) and len(seen) == 8


def test_merge_refuses_a_missing_or_repeated_shard():
    pieces = [grundy.census_shard("0.?", k, 3, to=100) for k in (1, 2, 3)]
    assert grundy.census_merge(pieces[::-1]).report == grundy.census("0.?", to=100, progress=False).report
    with pytest.raises(grundy.GrundyError, match=r"cannot merge: shard 2/3 of the census of `0.\?` .* is missing"):
        grundy.census_merge([pieces[0], pieces[2]])
    with pytest.raises(grundy.GrundyError, match=r"shard 3/3 is given twice: piece 3 and piece 4"):
        grundy.census_merge(pieces + [pieces[2]])
    other = grundy.census_shard("0.?", 2, 3, to=101)
    with pytest.raises(grundy.GrundyError, match=r"piece 2 \(shard 2/3\) is not of the same run as piece 1 .*: to 101"):
        grundy.census_merge([pieces[0], other, pieces[2]])


def test_the_misere_census_on_a_pool_is_the_single_process_one():
    options = {"to": 12, "seconds": 5.0, "misere": True, "progress": False}
    single = grundy.census("0.?", **options)
    with futures.ThreadPoolExecutor(2) as pool:
        merged = grundy.census("0.?", executor=pool, shards=3, **options)
    assert isinstance(merged, grundy.MisereCensus)

    def without_time(census: Any) -> Any:
        return [dict(g, seconds=None) for g in census.report["games"]]

    assert without_time(merged) == without_time(single)
    assert {k: v for k, v in merged.report.items() if k != "games"} == {
        k: v for k, v in single.report.items() if k != "games"
    }


class FakeExecutor(futures.Executor):
    """Runs each call at once in the calling thread; `fail(shard, attempt)` may give an
    exception to put in the future instead (a lost worker, a library error)."""

    def __init__(self, fail: Callable[[int, int], Any]) -> None:
        self.fail = fail
        self.submitted: List[Tuple[int, int]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> futures.Future:  # type: ignore[override]
        shard, attempt = args[1], args[-1]
        self.submitted.append((shard, attempt))
        future: futures.Future = futures.Future()
        error = self.fail(shard, attempt)
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_a_lost_shard_is_submitted_again(single):
    lost = FakeExecutor(lambda shard, attempt: RuntimeError("worker lost") if shard == 2 and attempt < 2 else None)
    merged = grundy.census(PATTERNS, executor=lost, shards=4, progress=False, **OPTIONS)
    assert compact(merged.report) == compact(single.report)
    assert sorted(lost.submitted) == [(1, 0), (2, 0), (2, 1), (2, 2), (3, 0), (4, 0)]
    # Past `retries`, the engine's error is raised.
    always = FakeExecutor(lambda shard, attempt: RuntimeError("worker lost") if shard == 3 else None)
    with pytest.raises(RuntimeError, match="worker lost"):
        grundy.census(PATTERNS, executor=always, shards=4, retries=1, progress=False, **OPTIONS)
    assert [a for s, a in always.submitted if s == 3] == [0, 1]


def test_a_library_error_in_a_shard_is_raised_once_and_not_retried():
    failing = FakeExecutor(lambda shard, attempt: grundy.LimitError("the library refused") if shard == 1 else None)
    with pytest.raises(grundy.LimitError, match="the library refused"):
        grundy.census("0.?", to=100, executor=failing, shards=3, progress=False)
    assert [s for s, _ in failing.submitted].count(1) == 1


def test_a_bad_pattern_raises_the_single_process_error_before_any_shard(cli):
    with pytest.raises(grundy.UnknownGameError) as single:
        grundy.census(["0.?", "x.?"], progress=False)
    counting = FakeExecutor(lambda shard, attempt: None)
    with pytest.raises(grundy.UnknownGameError) as sharded:
        grundy.census(["0.?", "x.?"], executor=counting, progress=False)
    assert str(sharded.value) == str(single.value) == cli.error("census", "0.?", "x.?")
    assert counting.submitted == []


def test_progress_falls_back_to_a_line_on_stderr(capsys, monkeypatch):
    monkeypatch.setattr(_distributed, "tqdm_bar", lambda unit: None)
    with futures.ThreadPoolExecutor(1) as pool:
        grundy.census("0.?", to=50, executor=pool, shards=2)
    assert capsys.readouterr().err.splitlines() == ["census: 0/2 shards", "census: 1/2 shards", "census: 2/2 shards"]


def test_bad_executor_arguments():
    with futures.ThreadPoolExecutor(1) as pool:
        for bad in ({"shards": 0}, {"shards": "4"}, {"retries": -1}):
            with pytest.raises(ValueError):
                grundy.census("0.?", to=50, executor=pool, progress=False, **bad)
    with pytest.raises(TypeError):
        grundy.census("0.?", to=50, shards=3, progress=False)
    with pytest.raises(ValueError, match="threads=0"):
        grundy.census("0.?", to=50, threads=0, progress=False)


def test_the_shard_functions_examples_run():
    import doctest

    assert doctest.testmod(_distributed).failed == 0


# Dask: a LocalCluster of two worker processes, one thread each.


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_dask_gives_the_single_process_census(dask_client, single):
    merged = grundy.census(PATTERNS, executor=dask_client.get_executor(), threads=1, progress=False, **OPTIONS)
    assert compact(merged.report) == compact(single.report)


def kill_once_then(marker: str, fn: Any, *args: Any) -> Any:
    """The first call anywhere (the marker file does not exist yet) kills its own worker
    process in the middle of the shard; later calls run the shard."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return fn(*args)
    threading.Timer(0.05, lambda: os._exit(1)).start()
    fn(*args)
    time.sleep(1)  # the timer fires before the result could be sent
    os._exit(1)


class KillingExecutor(futures.Executor):
    """Submits each shard through `kill_once_then` on the wrapped executor."""

    def __init__(self, inner: futures.Executor, marker: pathlib.Path) -> None:
        self.inner = inner
        self.marker = str(marker)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> futures.Future:  # type: ignore[override]
        return self.inner.submit(kill_once_then, self.marker, fn, *args)


def test_a_worker_killed_mid_shard_still_gives_the_same_census(dask_client, single, tmp_path):
    marker = tmp_path / "killed"
    executor = KillingExecutor(dask_client.get_executor(), marker)
    merged = grundy.census(PATTERNS, executor=executor, shards=6, threads=1, progress=False, **OPTIONS)
    assert marker.exists()  # a worker was killed
    assert compact(merged.report) == compact(single.report)


def test_dask_raises_a_bad_pattern_once(dask_client):
    with pytest.raises(grundy.UnknownGameError, match="pattern `x.\\?`"):
        grundy.census(["0.?", "x.?"], executor=dask_client.get_executor(), progress=False)
    # A library error inside a shard crosses the wire as itself, once.
    future = dask_client.get_executor().submit(_distributed._shard_task, ["x.?"], 1, 2, None, False, None, None, None, 1, 0)
    with pytest.raises(grundy.UnknownGameError, match="pattern `x.\\?`"):
        future.result()
