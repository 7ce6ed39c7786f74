#!/usr/bin/env python3
"""box-fill (摆放石子), and HDU 1729 "Stone Game" with `hdu1729` as argument: a correct solution.

Check it with: grundy judge box-fill -- python3 box_fill.py
          and: grundy judge box-fill --dialect hdu1729 -- python3 box_fill.py hdu1729

A box of capacity a holding b, where a move adds 1..f(b) stones (f(b) = b, or b*b for HDU 1729):
let t be the largest number with t + f(t) < a. If b > t the box is a plain pile of a - b moves
(value a - b); if b == t every move gives the opponent a winning reply (value 0); if b < t the
box plays as one of capacity t.
"""
import math
import sys


def threshold(capacity, square):
    if square:
        t = math.isqrt(capacity)
        while t > 0 and t + t * t >= capacity:
            t -= 1
        return t
    return max(capacity - 1, 0) // 2


def box_value(capacity, held, square):
    while True:
        if held == 0:
            return 0
        t = threshold(capacity, square)
        if held > t:
            return capacity - held
        if held == t:
            return 0
        capacity = t


def main():
    square = len(sys.argv) > 1 and sys.argv[1] == "hdu1729"
    tokens = iter(sys.stdin.read().split())
    out = []
    if square:
        case = 0
        for token in tokens:
            n = int(token)
            if n == 0:
                break
            case += 1
            total = 0
            for _ in range(n):
                capacity, held = int(next(tokens)), int(next(tokens))
                total ^= box_value(capacity, held, True)
            out.append("Case %d:" % case)
            out.append("Yes" if total else "No")
    else:
        for _ in range(int(next(tokens))):
            total = 0
            for _ in range(int(next(tokens))):
                capacity, held = int(next(tokens)), int(next(tokens))
                total ^= box_value(capacity, held, False)
            out.append("Yes" if total else "No")
    print("\n".join(out))


main()
