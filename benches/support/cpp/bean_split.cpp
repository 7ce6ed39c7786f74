// Baseline for scripts/bench: the classic O(n^3) bean-split solution (mex table, triple loop).
#include <cstdio>
#include <cstring>
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        scanf("%d", &n);
        static long long p[200];
        for (int i = 0; i < n; i++) scanf("%lld", &p[i]);
        static int g[200];
        for (int d = 0; d < n; d++) {
            static bool seen[1 << 16];
            memset(seen, 0, sizeof seen);
            for (int j = 0; j < d; j++)
                for (int k = 0; k <= j; k++) seen[g[j] ^ g[k]] = true;
            int m = 0;
            while (seen[m]) m++;
            g[d] = m;
        }
        int value = 0;
        for (int i = 0; i < n; i++) if (p[i] & 1) value ^= g[n - 1 - i];
        long long count = 0;
        int fi = -1, fj = -1, fk = -1;
        for (int i = 0; i < n; i++) {
            if (!p[i]) continue;
            for (int j = i + 1; j < n; j++)
                for (int k = j; k < n; k++)
                    if ((value ^ g[n - 1 - i] ^ g[n - 1 - j] ^ g[n - 1 - k]) == 0) {
                        if (fi < 0) { fi = i; fj = j; fk = k; }
                        count++;
                    }
        }
        printf("%d %d %d\n%lld\n", fi, fj, fk, count);
    }
}
