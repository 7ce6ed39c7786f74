# POJ 2425 A Chess Game: Grundy values of the DAG without recursion, nim-sum of the pieces.
import sys

def main():
    data = sys.stdin.read().split()
    pos = 0
    out = []
    while pos < len(data):
        n = int(data[pos]); pos += 1
        succ = []
        for _ in range(n):
            x = int(data[pos]); pos += 1
            succ.append([int(v) for v in data[pos:pos + x]]); pos += x
        value = [None] * n
        for root in range(n):
            stack = [root]
            while stack:
                u = stack[-1]
                if value[u] is not None:
                    stack.pop(); continue
                todo = [v for v in succ[u] if value[v] is None]
                if todo:
                    stack.extend(todo); continue
                seen = {value[v] for v in succ[u]}
                g = 0
                while g in seen:
                    g += 1
                value[u] = g
                stack.pop()
        while True:
            m = int(data[pos]); pos += 1
            if m == 0:
                break
            s = 0
            for v in data[pos:pos + m]:
                s ^= value[int(v)]
            pos += m
            out.append("WIN" if s else "LOSE")
    sys.stdout.write("".join(line + "\n" for line in out))

main()
