// Baseline for scripts/bench: chocolate by a GF(2) linear basis, cases until end of input.
#include <cstdio>
typedef unsigned long long u64;
int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        u64 basis[64] = {0};
        int rank = 0;
        for (int i = 0; i < n; i++) {
            u64 x;
            scanf("%llu", &x);
            for (int b = 63; b >= 0 && x; b--) {
                if (!(x >> b & 1)) continue;
                if (!basis[b]) { basis[b] = x; rank++; break; }
                x ^= basis[b];
            }
        }
        puts(rank < n ? "NO" : "YES");
    }
}
