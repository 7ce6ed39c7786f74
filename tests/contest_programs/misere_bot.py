#!/usr/bin/env python3
"""A perfect misère player for `grundy interact --misere`, by exhaustive search written here from
the rules (it shares nothing with grundy): a position is won for the player to move when it has
no move, or some move leaves a lost one.

Usage: misere_bot.py GAME, GAME one of `nim` (take any number from one heap), `kayles` (knock
down one pin or two adjacent ones; the row may split) or `end-piles` (take any number from the
leftmost or the rightmost pile). It answers each `position` line with the position it moves to,
or with the move's notation when that position is empty."""
import sys
from functools import lru_cache

game = sys.argv[1]


def heap_options(position, takes, may_split):
    for index, heap in enumerate(position):
        rest = position[:index] + position[index + 1:]
        for take in takes(heap):
            left = heap - take
            splits = [(a, left - a) for a in range(0, left // 2 + 1)] if may_split else [(0, left)]
            for a, b in splits:
                yield tuple(sorted(rest + tuple(h for h in (a, b) if h > 0)))


def options(position):
    if game == "nim":
        return heap_options(position, lambda heap: range(1, heap + 1), False)
    if game == "kayles":
        return heap_options(position, lambda heap: range(1, min(heap, 2) + 1), True)
    if game == "end-piles":
        if not position:
            return []
        ends = [0] if len(position) == 1 else [0, len(position) - 1]
        result = []
        for end in ends:
            for keep in range(position[end]):
                row = list(position)
                if keep == 0:
                    del row[end]
                else:
                    row[end] = keep
                result.append(tuple(row))
        return result
    raise SystemExit(f"unknown game {game}")


@lru_cache(maxsize=None)
def won(position):
    moves = list(options(position))
    return not moves or any(not won(next) for next in moves)


def emptying_move(position):
    return "L0" if game == "end-piles" else f"1-{position[0]}"


for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "position":
        continue
    position = tuple(int(word) for word in words[1:])
    if game != "end-piles":
        position = tuple(sorted(position))
    moves = list(options(position))
    target = next((m for m in moves if not won(m)), moves[0])
    print(" ".join(map(str, target)) if target else emptying_move(position), flush=True)
