#!/usr/bin/env python3
"""A Kayles bot that answers with an illegal move: three pins from the first heap."""
import sys

for line in sys.stdin:
    if line.startswith("position "):
        print("1-3", flush=True)
