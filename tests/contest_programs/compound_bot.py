#!/usr/bin/env python3
"""A bot for `grundy interact GAME --compound C`: it asks grundy itself for its move.

Usage: compound_bot.py GRUNDY GAME COMPOUND MODE. MODE `perfect` plays the first winning move
`grundy analyze --compound C --json` lists (and the first legal move when there is none);
MODE `first` plays the first move `analyze --remoteness` lists, winning or not (conjunctive and
continued compounds), so that the jury catches its mistakes. At the end of each game it writes
`moves N` (both sides' moves) to standard error."""
import json
import subprocess
import sys

grundy, game, compound, mode = sys.argv[1:5]


def ask(position, *extra):
    report = subprocess.run(
        [grundy, "analyze", game, "--compound", compound, "--json", *extra, "--", position],
        capture_output=True, text=True, check=True,
    )
    return json.loads(report.stdout)


played = 0
for line in sys.stdin:
    if line.startswith("grundy "):
        played += 1
    if line.startswith("result "):
        print(f"moves {played}", file=sys.stderr, flush=True)
        played = 0
    if not line.startswith("position "):
        continue
    played += 1
    position = line[len("position "):].rstrip("\n")
    move = None
    if mode == "perfect":
        winning = ask(position, "--limit", "1")["winning_moves"]
        if winning:
            move = winning[0]["move"]
    if move is None:
        move = ask(position, "--remoteness", "--limit", "1")["moves"][0]["move"]
    print(move, flush=True)
