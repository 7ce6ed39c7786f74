// bounded-take (学园祭的游戏; AtCoder ARC 091 F "Strange Nim"): a correct solution.
// Check it with:  grundy judge bounded-take -- ./bounded_take
//           and:  grundy judge bounded-take --dialect arc091f -- ./bounded_take arc091f
//
// A pile of x stones with constant b: SG(x) = x / b when b divides x, else SG(x - x/b - 1).
// While the quotient q = x / b stays the same, each step takes q + 1 stones, so the steps are
// taken all at once: ceil((x % b) / (q + 1)) of them. 64-bit throughout.
#include <cstdio>
#include <cstring>

typedef unsigned long long u64;

static u64 pile_value(u64 x, u64 b) {
    for (;;) {
        u64 q = x / b, r = x % b;
        if (r == 0) return q;
        u64 step = q + 1;
        u64 steps = r / step + (r % step != 0);
        x -= steps * step;
    }
}

int main(int argc, char **argv) {
    bool arc = argc > 1 && std::strcmp(argv[1], "arc091f") == 0;
    int cases = 1;
    if (!arc && std::scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        if (std::scanf("%d", &n) != 1) return 1;
        u64 total = 0;
        for (int i = 0; i < n; i++) {
            u64 x, b;
            std::scanf("%llu %llu", &x, &b);
            total ^= pile_value(x, b);
        }
        if (arc) std::puts(total ? "Takahashi" : "Aoki");
        else std::puts(total ? "Setsuna" : "Kazusa");
    }
    return 0;
}
