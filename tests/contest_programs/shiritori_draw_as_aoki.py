#!/usr/bin/env python3
"""shiritori (AtCoder ABC 209 E): a WRONG solution: it answers `Aoki` for draws.

grundy judge must reject it on a dictionary with a cycle.

A word is an edge from its first three letters to its last three. After Takahashi says S_i,
Aoki must continue from S_i's last three letters. Label the blocks backwards from those without
a continuation (lost for the player to move): a block with an edge to a lost block is won, a
block all of whose edges go to won blocks is lost, and whatever is never labelled is a draw.
"""
import sys
from collections import deque


def main():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    words = tokens[1:1 + n]
    ids = {}
    edges = []
    for word in words:
        a = ids.setdefault(word[:3], len(ids))
        b = ids.setdefault(word[-3:], len(ids))
        edges.append((a, b))
    v = len(ids)
    predecessors = [[] for _ in range(v)]
    out_degree = [0] * v
    for a, b in edges:
        predecessors[b].append(a)
        out_degree[a] += 1
    state = [0] * v  # 0 draw, 1 won, -1 lost (for the player to move)
    queue = deque(x for x in range(v) if out_degree[x] == 0)
    for x in queue:
        state[x] = -1
    while queue:
        x = queue.popleft()
        for p in predecessors[x]:
            if state[p] != 0:
                continue
            if state[x] == -1:
                state[p] = 1
                queue.append(p)
            else:
                out_degree[p] -= 1
                if out_degree[p] == 0:
                    state[p] = -1
                    queue.append(p)
    names = {1: "Aoki", -1: "Takahashi", 0: "Aoki"}  # wrong: a draw is not a win
    print("\n".join(names[state[b]] for _, b in edges))


main()
