// Baseline for scripts/bench: take-or-merge by the (c, s) closed form, scanf input.
#include <cstdio>
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    for (int k = 1; k <= t; k++) {
        int n;
        scanf("%d", &n);
        long long ones = 0, total = 0;
        for (int i = 0; i < n; i++) {
            long long a;
            scanf("%lld", &a);
            if (a == 1) ones++; else total += a + 1;
        }
        long long s = total > 0 ? total - 1 : 0;
        bool lose = s > 2 ? (s % 2 == 0 && ones % 2 == 0) : ones % 3 == 0;
        printf("Case #%d: %s\n", k, lose ? "Bob" : "Alice");
    }
}
