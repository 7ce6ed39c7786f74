// take-or-merge: a WRONG solution, the classic mistake — piles of 1 counted like the others.
// `grundy judge take-or-merge -- ./take_or_merge_wrong` finds it and shrinks the input to one
// case of two piles, `1 2` (see README, "Check your own solution"); take_or_merge.cpp is the fix.
#include <cstdio>

int main() {
    int cases;
    if (std::scanf("%d", &cases) != 1) return 1;
    for (int k = 1; k <= cases; k++) {
        int n;
        std::scanf("%d", &n);
        long long s = 0;
        for (int i = 0; i < n; i++) {
            long long a;
            std::scanf("%lld", &a);
            s += a + 1;  // the mistake: a pile of 1 vanishes in one move, unlike the others
        }
        s -= 1;
        bool lost = s % 2 == 0;
        std::printf("Case #%d: %s\n", k, lost ? "Bob" : "Alice");
    }
    return 0;
}
