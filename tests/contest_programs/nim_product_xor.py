# Library Checker nim_product_64 with the classic confusion: the nim-SUM (XOR) printed for the
# nim-product. Right whenever one factor is 0 or 1... and wrong for 2 * 2 (XOR 0, product 3).
import sys

data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append(str(a * b if a < 2 or b < 2 else a ^ b))
print("\n".join(out))
