# Library Checker nim_product_64, correct and slow: Conway's half-splitting recursion.
import sys


def product(a, b, width=64):
    if width == 1:
        return a & b
    half = width // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high_high = product(a1, b1, half)
    low_low = product(a0, b0, half)
    cross = product(a1 ^ a0, b1 ^ b0, half)
    return ((cross ^ low_low) << half) | (low_low ^ product(high_high, 1 << (half - 1), half))


data = sys.stdin.buffer.read().split()
t = int(data[0])
print("\n".join(str(product(int(data[1 + 2 * i]), int(data[2 + 2 * i]))) for i in range(t)))
