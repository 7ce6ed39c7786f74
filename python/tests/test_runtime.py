"""How the package behaves as a Python library: Ctrl-C, the GIL, the values without a copy,
without NumPy, and the docstrings' examples."""

from __future__ import annotations

import doctest
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import _thread

import pytest

import grundy

# A table that takes minutes: 0.6 has no proved period, and 10^9 values is far past a test.
LONG_TABLE = ("0.6", 10**9)


def interrupt_main_after(seconds: float) -> threading.Thread:
    def later() -> None:
        time.sleep(seconds)
        _thread.interrupt_main()

    thread = threading.Thread(target=later)
    thread.start()
    return thread


def test_a_long_table_stops_on_keyboard_interrupt():
    thread = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.table(*LONG_TABLE)
    thread.join()
    assert time.monotonic() - start < 10


def test_a_long_census_stops_on_keyboard_interrupt():
    thread = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.census(["0.6", "0.1777"], to=10**9, budget=10**15, progress=False)
    thread.join()
    assert time.monotonic() - start < 10


def test_a_long_misere_census_stops_on_keyboard_interrupt():
    thread = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        grundy.census(["0.6", "0.16"], to=20000, misere=True, seconds=10**6, max_order=10**7, progress=False)
    thread.join()
    assert time.monotonic() - start < 20


def test_a_long_misere_table_stops_on_keyboard_interrupt():
    thread = interrupt_main_after(0.5)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        # Misère 0.6 is wild, its quotient grows without end: the heaps up to 20000 take far
        # longer than a test.
        grundy.table("0.6", to=20000, misere=True, max_order=10**7)
    thread.join()
    assert time.monotonic() - start < 20


def test_sigint_to_a_python_process_ends_its_table_with_keyboard_interrupt():
    script = textwrap.dedent(
        f"""
        import grundy, sys
        print("started", flush=True)
        try:
            grundy.table({LONG_TABLE[0]!r}, to={LONG_TABLE[1]})
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
        """
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "started"
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=20)
    assert process.returncode == 3 and out.strip() == "interrupted"


def test_a_table_releases_the_gil():
    started, done = threading.Event(), threading.Event()
    thread = threading.Thread(target=lambda: (started.set(), grundy.table("0.6", to=400_000), done.set()))
    thread.start()
    started.wait()
    spins = 0
    while not done.is_set() and thread.is_alive():
        spins += 1
        time.sleep(0.001)
    thread.join()
    # With the GIL held by the table, this thread could not have run at all while it worked.
    assert spins > 10


def test_values_are_the_engines_storage_read_only():
    numpy = pytest.importorskip("numpy")
    table = grundy.table("0.6", to=100_000)  # no period: every value is computed
    values = table.values
    assert isinstance(values, numpy.ndarray)
    assert values.dtype == numpy.uint16 and values.shape == (100_001,)
    assert not values.flags.writeable
    buffer = table._native.values()
    assert values.ctypes.data == buffer.address  # the same memory, not a copy
    with pytest.raises(ValueError):
        values[0] = 1
    small = grundy.table("0.07", to=100).values  # a proved period: filled from it
    assert small.dtype == numpy.uint8 and len(small) == 101


def test_values_outlive_the_table_object():
    numpy = pytest.importorskip("numpy")
    values = grundy.table("0.6", to=5000).values
    import gc

    gc.collect()
    assert numpy.array_equal(values[:8], [0, 0, 1, 2, 0, 1, 2, 3])


def test_values_without_numpy_are_a_list(monkeypatch):
    monkeypatch.setattr(grundy, "_numpy", lambda: None)
    values = grundy.table("0.07", to=20).values
    assert isinstance(values, list)
    assert values[:10] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]


def test_every_public_function_has_a_running_example():
    pytest.importorskip("numpy")  # the examples show arrays and a DataFrame
    pytest.importorskip("pandas")
    for name in grundy.__all__:
        item = getattr(grundy, name)
        if callable(item) and not isinstance(item, type):
            assert item.__doc__ and ">>>" in item.__doc__, name
    for method in [grundy.Game.analyze, grundy.Game.moves, grundy.Game.verify, grundy.Game.table, grundy.Table.value, grundy.Census.to_pandas, grundy.Analysis.to_dict]:
        assert ">>>" in method.__doc__, method
    results = doctest.testmod(grundy, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 30
    assert results.failed == 0


def test_the_type_stubs_match_the_package():
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "grundy", "--ignore-missing-stub"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
