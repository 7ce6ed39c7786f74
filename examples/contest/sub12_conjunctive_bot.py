#!/usr/bin/env python3
"""A perfect bot for `grundy interact sub:1,2 --compound conjunctive`: take 1 or 2 from every
heap at once; the game ends when any heap is empty.

The player to move wins iff the least remoteness R of the heaps is odd (C. A. B. Smith 1966),
and subtraction {1, 2} has R(n) = 2n/3 when 3 | n, else 2*(n//3) + 1 (Winning Ways ch. 9). The
winner moves every heap to an option of R one less: the minimum drops to an even number."""
import sys


def remoteness(n):
    return 2 * n // 3 if n % 3 == 0 else 2 * (n // 3) + 1


for line in sys.stdin:
    if not line.startswith("position "):
        continue
    heaps = [int(part) for part in line[len("position "):].split(" | ")]
    moves = []
    for n in heaps:
        # The option of R one less (it exists for every heap of a won position); else take 1.
        take = next((k for k in (1, 2) if k <= n and remoteness(n - k) == remoteness(n) - 1), 1)
        moves.append(f"1-{take}")
    print(" | ".join(moves), flush=True)
