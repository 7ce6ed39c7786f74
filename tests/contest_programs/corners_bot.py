#!/usr/bin/env python3
"""A Turning Corners bot (HDU 3404's game, `turning-corners`): a move at a heads square (a, b)
turns the corners of the rectangle from (s, t) to (a, b), s <= a, t <= b. With `random` it
plays a random legal move (seeded); otherwise perfectly, by the Tartan theorem: a square is
worth the nim-product x * y, computed here by the half-splitting rule (F * F = 3F/2 for a
Fermat 2-power F), and a winning move is one whose turned squares are worth the position's
value. Shares nothing with grundy."""
import random
import sys


def nim_product(a, b, width=64):
    if a < 2 or b < 2:
        return a * b
    while width > 1 and a >> (width // 2) == 0 and b >> (width // 2) == 0:
        width //= 2
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = nim_product(a1, b1, half)
    low = nim_product(a0, b0, half)
    cross = nim_product(a1 ^ a0, b1 ^ b0, half)
    return ((cross ^ low) << half) | (low ^ nim_product(high, 1 << (half - 1), half))


def factor(s, a):
    return [a] if s == a else [s, a]


def spelled(s, a):
    return str(a) if s == a else f"{s},{a}"


def moves(heads):
    for a, b in sorted(heads):
        for s in range(1, a + 1):
            for t in range(1, b + 1):
                squares = [(x, y) for x in factor(s, a) for y in factor(t, b)]
                yield f"{spelled(s, a)}*{spelled(t, b)}", squares


def main():
    chaotic = len(sys.argv) > 1 and sys.argv[1] == "random"
    rng = random.Random(3)
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] != "position":
            continue
        heads = [tuple(int(v) for v in word.split(",")) for word in words[1:]]
        legal = list(moves(heads))
        if chaotic:
            print(rng.choice(legal)[0], flush=True)
            continue
        value = 0
        for x, y in heads:
            value ^= nim_product(x, y)
        choice = legal[0][0]
        for notation, squares in legal:
            worth = 0
            for x, y in squares:
                worth ^= nim_product(x, y)
            if worth == value:
                choice = notation
                break
        print(choice, flush=True)


main()
