"""Censuses on any ``concurrent.futures.Executor``: shards defined by grundy, submitted as plain
function calls, retried when the engine loses them, and merged by the library.

A census is split into ``N`` shards by the plan of ``grundy census --shard K/N`` (each game's
worst-case work estimated from its rule, the range and the budget; longest processing time
first into the least-loaded shard), so a shard computed here, on a Slurm node or by the
command line is the same piece, byte for byte. Each shard is one call of :func:`census_shard`
(through :func:`_shard_task`), a module-level function of plain data that any engine can
pickle and run on a worker where ``grundy`` is installed: a local ``ProcessPoolExecutor``,
``dask.distributed.Client.get_executor()``, ``mpi4py.futures.MPIPoolExecutor``, or Ray through
a three-line adapter (docs/census.md). The pieces are joined by the library's merge (the one
``grundy census --merge`` runs), which checks that they are the shards of one run.

Faults. A shard is a pure function of its arguments, so running it again gives the same
bytes. A shard whose future fails with a :class:`grundy.GrundyError` (the library refused
something: deterministic) fails the whole census at once with that error, and nothing is
retried; any other failure (a worker lost, a killed process, a broken connection) submits the
shard again, up to ``retries`` times. Engines that retry lost tasks themselves (Dask
reschedules a task whose worker died; Ray retries tasks) do so beneath this, unseen. The
patterns are expanded before anything is submitted, so a bad pattern raises the same error as
a single-process census, and no shard runs.
"""

from __future__ import annotations

import concurrent.futures as _futures
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _grundy as _native
from ._grundy import GrundyError  # type: ignore  # the native module (its stubs: __init__.pyi)

#: Shards of a census on an executor when not given: more than the workers of a small
#: cluster, so that a slow shard does not leave the others idle, and few enough that each is
#: worth a task (capped by the number of games).
DEFAULT_SHARDS = 64

#: How many times a shard whose future failed for a reason other than grundy's is submitted
#: again before the census gives up.
DEFAULT_RETRIES = 3


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def census_shard(
    patterns: Union[str, Sequence[str]],
    shard: int,
    shards: int,
    to: Optional[int] = None,
    misere: bool = False,
    budget: Optional[int] = None,
    seconds: Optional[float] = None,
    max_order: Optional[int] = None,
    threads: Optional[int] = None,
) -> str:
    """One shard of a census: the JSON piece ``grundy census PATTERN... --shard K/N --json``
    prints (K = ``shard``, N = ``shards``), as text. ``threads``: the engine's threads (default:
    the cores this process may use), in a thread pool of the call's own. Join pieces with :func:`census_merge`.

    >>> import grundy, json
    >>> piece = json.loads(grundy.census_shard("0.?", 2, 3, to=100))
    >>> piece["shard"], piece["total_games"], len(piece["games"])
    ('2/3', 8, 3)
    """
    listed = [patterns] if isinstance(patterns, str) else list(patterns)
    if threads is None:
        # A pool of its own, never the process's global one: a worker forked from a process
        # that had started the global pool (a ProcessPoolExecutor on Linux) has its state
        # without its threads.
        threads = _cores()
    if misere:
        if budget is not None:
            raise TypeError("budget applies to normal-play censuses only")
        return str(_native.run_misere_census(listed, to, seconds, max_order, None, (shard, shards), threads))
    if seconds is not None or max_order is not None:
        raise TypeError("seconds and max_order apply to misere=True censuses only")
    return str(_native.run_census(listed, to, budget, None, (shard, shards), threads))


def _shard_task(
    patterns: List[str],
    shard: int,
    shards: int,
    to: Optional[int],
    misere: bool,
    budget: Optional[int],
    seconds: Optional[float],
    max_order: Optional[int],
    threads: Optional[int],
    attempt: int,
) -> str:
    """What is submitted for a shard: :func:`census_shard` with positional plain data (no
    keyword can clash with an engine's own ``submit`` keywords). ``attempt`` is not used: it
    makes a resubmission a new task for engines that name tasks by their arguments (Dask's
    pure keys), instead of the failed one again."""
    del attempt
    return census_shard(patterns, shard, shards, to, misere, budget, seconds, max_order, threads)


def merge_pieces(pieces: Sequence[Tuple[str, str]], misere: bool) -> str:
    """The library's merge of pieces given as (name, JSON text): the whole census's JSON."""
    return str(_native.merge_census(list(pieces), misere))


def _stderr_progress() -> Callable[[int, int], None]:
    """A line on stderr: rewritten in place on a terminal, one line per shard otherwise."""
    terminal = sys.stderr.isatty()

    def update(done: int, total: int) -> None:
        line = f"census: {done}/{total} shards"
        if terminal:
            sys.stderr.write("\r" + line + ("\n" if done >= total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    return update


def tqdm_bar(unit: str) -> Optional[Callable[[int, int], None]]:
    """A tqdm bar counting `unit`s, as a `progress(done, total)` callback; None without tqdm."""
    try:
        from tqdm.auto import tqdm  # type: ignore
    except ImportError:
        return None
    bars: List[Any] = []

    def update(done: int, total: int) -> None:
        if not bars:
            bars.append(tqdm(total=total, unit=unit, desc="census"))
        bar = bars[0]
        if bar.n < done:
            bar.update(done - bar.n)
        if done >= total and not getattr(bar, "_grundy_closed", False):
            bar._grundy_closed = True
            bar.close()

    return update


def progress_callback(
    progress: Union[None, bool, Callable[[int, int], None]],
    default: Callable[[], Optional[Callable[[int, int], None]]],
) -> Optional[Callable[[int, int], None]]:
    """What `progress=` asks for: `default()` for None or True, nothing for False, else itself."""
    if progress is None or progress is True:
        return default()
    if progress is False:
        return None
    return progress


def run_on_executor(
    executor: Any,
    patterns: List[str],
    to: Optional[int],
    misere: bool,
    budget: Optional[int],
    seconds: Optional[float],
    max_order: Optional[int],
    progress: Union[bool, Callable[[int, int], None], None],
    shards: Optional[int],
    threads: Optional[int],
    retries: int,
) -> str:
    """A census over ``executor`` (see the module doc); the merged census's JSON text."""
    games = _native.census_games(patterns)  # a bad pattern raises here, before any shard runs
    if shards is None:
        count = min(games, DEFAULT_SHARDS)
    elif isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards={shards!r}: give a positive number of shards")
    else:
        count = shards
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries={retries!r}: give 0 or more")
    callback = progress_callback(progress, lambda: tqdm_bar("shard") or _stderr_progress())

    def submit(shard: int, attempt: int) -> Any:
        return executor.submit(
            _shard_task, patterns, shard, count, to, misere, budget, seconds, max_order, threads, attempt
        )

    pending: Dict[Any, Tuple[int, int]] = {}
    pieces: Dict[int, str] = {}
    try:
        for shard in range(1, count + 1):
            pending[submit(shard, 0)] = (shard, 0)
        if callback is not None:
            callback(0, count)
        while pending:
            finished, _ = _futures.wait(list(pending), return_when=_futures.FIRST_COMPLETED)
            for future in finished:
                shard, attempt = pending.pop(future)
                try:
                    pieces[shard] = future.result()
                except GrundyError:
                    raise
                except Exception:
                    if attempt >= retries:
                        raise
                    pending[submit(shard, attempt + 1)] = (shard, attempt + 1)
                    continue
                if callback is not None:
                    callback(len(pieces), count)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return merge_pieces([(f"shard {k}/{count}", pieces[k]) for k in range(1, count + 1)], misere)
