#!/usr/bin/env python3
"""A perfect Kayles player for `grundy interact kayles -- python3 kayles_bot.py`.

Kayles: knock down one pin or two adjacent pins from a row; a row may split in two. A heap of n
pins has Grundy value G(n) = mex of G(a) ^ G(b) over a + b = n - 1 or n - 2; a position is lost for
the player to move exactly when the nim-sum (XOR) of its heaps' values is 0. So: find a move that
leaves nim-sum 0 and play it (grundy only gives this bot positions it can win).

Protocol (see `grundy interact --help`): answer every `position P` line with one move line.
Moves are written `<heap>-<k>` (take k pins from heap <heap>, counting from 1 in the order
printed, leaving one heap or none) or `<heap>-<k>=<a>+<b>` (and split what is left into a and b).
"""
import sys

def grundy_values(largest):
    values = [0] * (largest + 1)
    for n in range(1, largest + 1):
        seen = set()
        for taken in (1, 2):
            rest = n - taken
            if rest < 0:
                continue
            for a in range(rest // 2 + 1):
                seen.add(values[a] ^ values[rest - a])
        mex = 0
        while mex in seen:
            mex += 1
        values[n] = mex
    return values

def winning_move(heaps, values):
    total = 0
    for heap in heaps:
        total ^= values[heap]
    for index, heap in enumerate(heaps):
        for taken in (1, 2):
            rest = heap - taken
            if rest < 0:
                continue
            for a in range(rest // 2 + 1):
                b = rest - a
                if total ^ values[heap] ^ values[a] ^ values[b] == 0:
                    if a == 0:
                        return f"{index + 1}-{taken}"
                    return f"{index + 1}-{taken}={a}+{b}"
    # No winning move (grundy never asks this): take one pin from the first heap.
    return f"1-1"

def main():
    values = grundy_values(16)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] != "position":
            continue
        heaps = [int(word) for word in words[1:]]
        if max(heaps) >= len(values):
            values = grundy_values(2 * max(heaps))
        print(winning_move(heaps, values), flush=True)

main()
