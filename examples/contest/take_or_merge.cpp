// take-or-merge ("Alice and Bob", SPOJ ALICE / UVa 1500 / HDU 4111): a correct solution.
// Check it with: grundy judge take-or-merge -- ./take_or_merge
//
// Piles of one stone are special: they vanish in one move. With c piles of 1 and
// s = sum(a_i + 1) - 1 over the piles of 2 or more (s = 0 when there are none), the first
// player loses iff (s > 2 and s, c both even) or (s <= 2 and c % 3 == 0).
#include <cstdio>

int main() {
    int cases;
    if (std::scanf("%d", &cases) != 1) return 1;
    for (int k = 1; k <= cases; k++) {
        int n;
        std::scanf("%d", &n);
        long long ones = 0, s = 0;
        bool any_big = false;
        for (int i = 0; i < n; i++) {
            long long a;
            std::scanf("%lld", &a);
            if (a == 1) {
                ones++;
            } else {
                s += a + 1;
                any_big = true;
            }
        }
        s = any_big ? s - 1 : 0;
        bool lost = s > 2 ? (s % 2 == 0 && ones % 2 == 0) : (ones % 3 == 0);
        std::printf("Case #%d: %s\n", k, lost ? "Bob" : "Alice");
    }
    return 0;
}
