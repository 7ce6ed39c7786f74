#!/usr/bin/env python3
"""chocolate (BZOJ 1299): a solution that reads exactly ten rounds, as the original judge
guarantees ("10 rounds, one box each"), and no more. Correct as it is; with `--wrong` it never
tries the set of all bars (the off-by-one of chocolate_subsets.py)."""
import sys


def first_player_wins(lengths, wrong):
    # Brute force over the subsets: the first player wins exactly when some non-empty set of
    # bars has XOR 0.
    n = len(lengths)
    xors = [0] * (1 << n)
    last = (1 << n) - 1 if wrong else 1 << n
    for mask in range(1, last):
        low = mask & -mask
        xors[mask] = xors[mask ^ low] ^ lengths[low.bit_length() - 1]
        if xors[mask] == 0:
            return True
    return False


def main():
    wrong = "--wrong" in sys.argv[1:]
    out = []
    for _ in range(10):
        n = int(sys.stdin.readline())
        lengths = [int(token) for token in sys.stdin.readline().split()]
        assert len(lengths) == n
        out.append("NO" if first_player_wins(lengths, wrong) else "YES")
    print("\n".join(out))


main()
