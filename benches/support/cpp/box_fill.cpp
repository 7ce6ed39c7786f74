// Baseline for scripts/bench: box-fill by the halving rule.
#include <cstdio>
static long long sg(long long a, long long b) {
    for (;;) {
        if (b == 0) return 0;
        long long t = (a - 1) / 2;
        if (b > t) return a - b;
        if (b == t) return 0;
        a = t;
    }
}
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        scanf("%d", &n);
        long long total = 0;
        for (int i = 0; i < n; i++) {
            long long a, b;
            scanf("%lld %lld", &a, &b);
            total ^= sg(a, b);
        }
        puts(total ? "Yes" : "No");
    }
}
