#!/usr/bin/env python3
"""bean-split (HNOI 2007 分裂游戏): a correct solution.

Check it with: grundy judge bean-split -- python3 bean_split.py

Each bean is a game of its own that depends only on its distance d to the last bottle:
g(0) = 0, g(d) = mex{ g(j) ^ g(k) : 0 <= k <= j < d }. The position's value is the XOR of g over
the bottles holding an odd number of beans. A move (i, j, k) wins when it leaves value 0; it must
take from a non-empty bottle i.
"""
import sys


def bean_values(n):
    values = []
    for d in range(n):
        seen = {values[j] ^ values[k] for j in range(d) for k in range(j + 1)}
        mex = 0
        while mex in seen:
            mex += 1
        values.append(mex)
    return values


def main():
    tokens = sys.stdin.read().split()
    position = 0
    cases = int(tokens[position])
    position += 1
    out = []
    for _ in range(cases):
        n = int(tokens[position])
        beans = [int(token) for token in tokens[position + 1:position + 1 + n]]
        position += 1 + n
        values = bean_values(n)
        g = [values[n - 1 - i] for i in range(n)]  # bottle i is at distance n - 1 - i
        total = 0
        for i in range(n):
            if beans[i] % 2 == 1:
                total ^= g[i]
        first = None
        count = 0
        for i in range(n):
            if beans[i] == 0:
                continue
            for j in range(i + 1, n):
                for k in range(j, n):
                    if total ^ g[i] ^ g[j] ^ g[k] == 0:
                        count += 1
                        if first is None:
                            first = (i, j, k)
        out.append("%d %d %d" % first if first else "-1 -1 -1")
        out.append(str(count))
    print("\n".join(out))


main()
