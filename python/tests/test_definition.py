"""The package against a brute force written here from the definition of octal games (not
from the library): G(n) = mex of the values of the options of a heap of n."""

from __future__ import annotations

import pytest

import grundy


def octal_values(code: str, n_max: int) -> list:
    """G(0..=n_max) of the octal game `code`: digit d_k's bit 1 lets a move take k tokens
    leaving no heap, bit 2 leaving one non-empty heap, bit 4 leaving two non-empty heaps."""
    digits = [int(c, 8) for c in code.split(".")[1]]
    g = [0] * (n_max + 1)
    for n in range(1, n_max + 1):
        seen = set()
        for k, d in enumerate(digits, start=1):
            rest = n - k
            if rest < 0:
                break
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest >= 2:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
        g[n] = next(m for m in range(len(seen) + 1) if m not in seen)
    return g


@pytest.mark.parametrize("code", ["0.6", "0.77", "0.07", "0.137", "0.16", "0.1777", "0.4", "0.75"])
def test_table_values_are_the_mex_of_the_options(code):
    n = 400
    assert list(grundy.table(code, to=n).values) == octal_values(code, n)


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.6"])
def test_analysis_of_heap_sums_is_the_nim_sum(code):
    g = octal_values(code, 12)
    game = grundy.resolve(code)
    for a in range(1, 13):
        for b in range(a, 13):
            analysis = game.analyze(f"{a} {b}")
            assert analysis.grundy == g[a] ^ g[b]
            assert analysis.winner == ("second" if g[a] == g[b] else "first")
