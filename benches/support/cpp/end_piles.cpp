// Baseline for scripts/bench: the classic contest solution of end-piles (two n x n tables).
#include <cstdio>
#include <vector>
typedef unsigned long long u64;
static u64 extend_value(u64 l, u64 r, u64 x) {
    if (x == r) return 0;
    if ((x < l && x < r) || (x > l && x > r)) return x;
    if (l <= x && x < r) return x + 1;
    return x - 1;
}
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        std::vector<u64> a(n);
        for (int i = 0; i < n; i++) scanf("%llu", &a[i]);
        std::vector<std::vector<u64>> L(n, std::vector<u64>(n)), R(n, std::vector<u64>(n));
        for (int i = 0; i < n; i++) L[i][i] = R[i][i] = a[i];
        for (int len = 2; len < n; len++)
            for (int i = 0; i + len - 1 < n; i++) {
                int j = i + len - 1;
                L[i][j] = extend_value(L[i][j - 1], R[i][j - 1], a[j]);
                R[i][j] = extend_value(R[i + 1][j], L[i + 1][j], a[i]);
            }
        puts(n == 1 || a[0] != L[1][n - 1] ? "1" : "0");
    }
}
