"""The census of every four-digit octal game ('0.????', 4,096 codes) on a Dask cluster, beside
the same census in one process; prints wall time, shards and throughput (codes per
CPU-second) of both, and checks that the two censuses are the same JSON.

    python examples/dask_census.py                       # '0.????' on a LocalCluster of this machine
    python examples/dask_census.py '0.??' --workers 2    # a quick check
    python examples/dask_census.py '0.????' --scheduler tcp://head:8786   # a running cluster

Needs `pip install ./python distributed` (tqdm for a bar). On a LocalCluster each worker is a
process with one thread, and each shard runs the engine on one thread (threads=1), so the
workers share the cores without oversubscribing them. `--skip-single` leaves out the
single-process run (on a cluster, its time is the cluster's job).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from typing import Any, Dict, Tuple

import grundy


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the single-process run)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def workers_cpu_seconds(client: Any) -> float:
    """CPU time of the Dask worker processes so far (user + system), read on each worker."""

    def used() -> float:
        import resource as r

        usage = r.getrusage(r.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    return float(sum(client.run(used).values()))


def single_process(patterns: list, options: Dict[str, Any]) -> Tuple[grundy.Census, float, float]:
    start, cpu = time.perf_counter(), cpu_seconds()
    census = grundy.census(patterns, progress=None, **options)
    return census, time.perf_counter() - start, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", default=["0.????"])
    parser.add_argument("--to", type=int, default=None, help="the census's --to (default 2^20)")
    parser.add_argument("--budget", type=int, default=None, help="the census's --budget (default 10^9)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="LocalCluster worker processes")
    parser.add_argument("--shards", type=int, default=None, help="shards (default: the games, at most 64)")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument("--skip-single", action="store_true", help="leave out the single-process run")
    parser.add_argument("--json", default=None, help="write the census's JSON here")
    args = parser.parse_args()
    options: Dict[str, Any] = {"to": args.to, "budget": args.budget}

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"])
        before = workers_cpu_seconds(client)
        start = time.perf_counter()
        census = grundy.census(
            args.patterns, executor=client.get_executor(), shards=args.shards, threads=1, **options
        )
        wall = time.perf_counter() - start
        cpu = workers_cpu_seconds(client) - before
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    games = len(census)
    shards = args.shards or min(games, 64)
    s = census.summary
    print(f"census of {' '.join(args.patterns)}: {games} games, {s['trivial']} trivial, {s['solved']} solved, "
          f"{s['open']} open, {s['classes']} classes")
    print(f"dask ({workers} workers, {shards} shards): {wall:.1f} s wall, {cpu:.1f} CPU-s, "
          f"{games / cpu if cpu else float('nan'):.2f} codes per CPU-second")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(json.dumps(census.report, separators=(",", ":"), ensure_ascii=False) + "\n")
    if not args.skip_single:
        alone, alone_wall, alone_cpu = single_process(args.patterns, options)
        same = alone.report == census.report
        print(f"one process: {alone_wall:.1f} s wall, {alone_cpu:.1f} CPU-s, "
              f"{games / alone_cpu if alone_cpu else float('nan'):.2f} codes per CPU-second; "
              f"speed-up {alone_wall / wall:.2f}; same census: {same}")
        if not same:
            raise SystemExit("the censuses differ")


if __name__ == "__main__":
    main()
