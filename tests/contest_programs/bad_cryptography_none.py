# Codeforces 1310F answered -1 ("no logarithm") every time: right only when b is no power of a.
import sys

data = sys.stdin.read().split()
print("\n".join("-1" for _ in range(int(data[0]))))
