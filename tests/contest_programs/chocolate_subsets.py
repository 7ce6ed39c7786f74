#!/usr/bin/env python3
"""chocolate: a WRONG solution, an off-by-one in the subset loop: the set of all bars is never
tried (range(1, 2**n - 1) instead of range(1, 2**n))."""
import sys


def main():
    tokens = sys.stdin.read().split()
    position = 0
    out = []
    while position < len(tokens):
        n = int(tokens[position])
        lengths = [int(token) for token in tokens[position + 1:position + 1 + n]]
        position += 1 + n
        xors = [0] * (1 << n)
        found = False
        for mask in range(1, (1 << n) - 1):  # the mistake: stops one short of the full set
            low = mask & -mask
            xors[mask] = xors[mask ^ low] ^ lengths[low.bit_length() - 1]
            if xors[mask] == 0:
                found = True
        out.append("NO" if found else "YES")
    print("\n".join(out))


main()
