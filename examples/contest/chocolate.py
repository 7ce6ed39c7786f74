#!/usr/bin/env python3
"""chocolate (BZOJ 1299 巧克力棒): a correct solution.

Check it with: grundy judge chocolate -- python3 chocolate.py

From the start (every bar in the box) the first player wins exactly when some non-empty set of
bars has XOR 0: take that set out, and mirror the opponent as in nim. A linear basis over GF(2)
finds such a set: a bar that reduces to 0 against the basis is dependent. The judge wants `NO`
when the first player wins.
"""
import sys


def dependent(lengths):
    basis = {}  # highest bit -> basis vector
    for value in lengths:
        while value:
            top = value.bit_length() - 1
            if top not in basis:
                basis[top] = value
                break
            value ^= basis[top]
        if value == 0:
            return True
    return False


def main():
    tokens = sys.stdin.read().split()
    position = 0
    out = []
    while position < len(tokens):
        n = int(tokens[position])
        lengths = [int(token) for token in tokens[position + 1:position + 1 + n]]
        position += 1 + n
        out.append("NO" if dependent(lengths) else "YES")
    print("\n".join(out))


main()
