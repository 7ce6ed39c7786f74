#!/usr/bin/env python3
"""A perfect bot for any game: it asks `grundy analyze --json` for a winning move.

Usage: analyze_bot.py GRUNDY GAME. Used by the tests to play `grundy interact` on every game,
which checks the protocol and the notation round trip (positions and moves as grundy writes
them are read back)."""
import json
import subprocess
import sys

grundy, game = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    if not line.startswith("position "):
        continue
    position = line[len("position "):].rstrip("\n")
    report = subprocess.run(
        [grundy, "analyze", game, position, "--json", "--limit", "1"],
        capture_output=True, text=True, check=True,
    )
    moves = json.loads(report.stdout)["winning_moves"]
    print(moves[0]["move"] if moves else "resign", flush=True)
