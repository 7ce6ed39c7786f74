#!/usr/bin/env python3
"""HDU 3595 "GG and MM" (as grundy reads it: cases to the end of input, each n and n lines
`p q`): all n Euclid games are played at once, every game that can still move must be moved
in, and the last player to move wins (Every-SG). MM moves first and wins exactly when the
largest suspense S of the games is odd; for a Euclid pair, S follows Euclid's algorithm: one
more per quotient 1, and for a quotient of 2 or more the next odd number above S of the rest."""
import sys


def suspense(p, q):
    x, y = min(p, q), max(p, q)
    quotients = []
    while x > 0:
        quotients.append(y // x)
        x, y = y % x, x
    s = 0
    for quotient in reversed(quotients):
        s += 1 if quotient == 1 or s % 2 == 0 else 2
    return s


def main():
    data = sys.stdin.read().split()
    at, out = 0, []
    while at < len(data):
        n = int(data[at])
        at += 1
        largest = 0
        for _ in range(n):
            largest = max(largest, suspense(int(data[at]), int(data[at + 1])))
            at += 2
        out.append("MM" if largest % 2 == 1 else "GG")
    print("\n".join(out))


main()
