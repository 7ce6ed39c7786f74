# HDU 3404 with a light at (x, y) taken to be worth x XOR y (the nim-sum) instead of the
# nim-product x * y: right on the sample's first case, wrong on its second.
import sys

data = sys.stdin.read().split()
pos = 0
t = int(data[pos]); pos += 1
for _ in range(t):
    n = int(data[pos]); pos += 1
    value = 0
    for _ in range(n):
        x, y = int(data[pos]), int(data[pos + 1]); pos += 2
        value ^= x ^ y
    print("Have a try, lxhgww." if value else "Don't waste your time.")
