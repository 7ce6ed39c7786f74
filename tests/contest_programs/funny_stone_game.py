# LA 3668 A Funny Stone Game: g(d) = mex of g(j) ^ g(k), j, k < d; smallest winning move.
import sys

def main():
    data = sys.stdin.read().split()
    g = [0]
    for d in range(1, 80):
        seen = {g[j] ^ g[k] for j in range(d) for k in range(j + 1)}
        x = 0
        while x in seen:
            x += 1
        g.append(x)
    pos = 0
    t = 0
    out = []
    while True:
        n = int(data[pos]); pos += 1
        if n == 0:
            break
        s = [int(v) for v in data[pos:pos + n]]; pos += n
        t += 1
        total = 0
        for i in range(n):
            if s[i] % 2:
                total ^= g[n - 1 - i]
        found = None
        if total:
            for i in range(n):
                if found or s[i] == 0:
                    continue
                for j in range(i + 1, n):
                    if found:
                        break
                    for k in range(j, n):
                        if total ^ g[n-1-i] ^ g[n-1-j] ^ g[n-1-k] == 0:
                            found = (i, j, k)
                            break
        out.append("Game %d: %s" % (t, "%d %d %d" % found if found else "-1 -1 -1"))
    sys.stdout.write("".join(line + "\n" for line in out))

main()
