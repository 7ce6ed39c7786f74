#!/usr/bin/env python3
"""A wrong HDU 3595 solution: it plays the games as a disjunctive sum (the nim-sum of the
Euclid pairs' Grundy values) instead of the continued conjunctive compound. `grundy judge`
must reject it."""
import sys


def grundy(p, q):
    x, y = min(p, q), max(p, q)
    quotients = []
    while x > 0:
        quotients.append(y // x)
        x, y = y % x, x
    if not quotients:
        return 0
    b = 0
    for quotient in reversed(quotients[1:]):
        b = quotient - 1 if quotient - 1 < b else quotient
    q = quotients[0]
    return q - 1 if q - 1 < b else q


data = sys.stdin.read().split()
at, out = 0, []
while at < len(data):
    n = int(data[at])
    at += 1
    total = 0
    for _ in range(n):
        total ^= grundy(int(data[at]), int(data[at + 1]))
        at += 2
    out.append("MM" if total else "GG")
print("\n".join(out))
