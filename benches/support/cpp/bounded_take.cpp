// Baseline for scripts/bench: bounded-take with one division per batch.
#include <cstdio>
typedef unsigned long long u64;
static u64 sg(u64 x, u64 b) {
    for (;;) {
        u64 q = x / b, r = x % b;
        if (r == 0) return q;
        if (q == 0) return 0;
        x -= (r + q) / (q + 1) * (q + 1);
    }
}
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        scanf("%d", &n);
        u64 total = 0;
        for (int i = 0; i < n; i++) {
            u64 x, b;
            scanf("%llu %llu", &x, &b);
            total ^= sg(x, b);
        }
        puts(total ? "Setsuna" : "Kazusa");
    }
}
