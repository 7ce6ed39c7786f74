#!/usr/bin/env python3
"""A Kayles bot that plays a random legal move (seeded, so that the test is reproducible)."""
import random
import sys

random.seed(1)
for line in sys.stdin:
    words = line.split()
    if not words or words[0] != "position":
        continue
    heaps = [int(word) for word in words[1:]]
    index = random.randrange(len(heaps))
    heap = heaps[index]
    taken = random.choice([1, 2]) if heap >= 2 else 1
    rest = heap - taken
    a = random.randint(0, rest // 2)
    if a == 0:
        print(f"{index + 1}-{taken}", flush=True)
    else:
        print(f"{index + 1}-{taken}={a}+{rest - a}", flush=True)
