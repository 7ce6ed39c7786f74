# HDU 3537 Daizhenyang's Coin: mock turtles, a coin at a worth 2a or 2a+1 (the odious one).
# With the argument `repeats`, it forgets that a coin listed twice is one coin (the classic bug).
import sys

def main():
    keep_repeats = len(sys.argv) > 1 and sys.argv[1] == "repeats"
    data = sys.stdin.read().split()
    pos = 0
    out = []
    while pos < len(data):
        n = int(data[pos]); pos += 1
        coins = [int(v) for v in data[pos:pos + n]]; pos += n
        if not keep_repeats:
            coins = set(coins)
        s = 0
        for a in coins:
            s ^= 2 * a + (0 if bin(a).count("1") % 2 else 1)
        out.append("Yes" if s == 0 else "No")
    sys.stdout.write("".join(line + "\n" for line in out))

main()
