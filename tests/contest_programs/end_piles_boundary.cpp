// end-piles: a WRONG solution, the widely copied boundary mistake: x equal to the far value
// (x == l when adding on the right) is put in the "x" case instead of the +-1 cases.
// Check it with: grundy judge end-piles -- ./end_piles
//
// For a segment S, L(S) is the one left pile that makes `L(S) S` lost for the player to move
// (R(S) likewise on the right). With l = L(S), r = R(S) and a new pile x on the right:
//   x == r            -> L(S x) = 0
//   x below or above both l and r -> x
//   l <= x < r        -> x + 1
//   r < x <= l        -> x - 1
// and the mirror image for R(x S). The row is lost iff a_1 == L(a_2 .. a_n).
#include <cstdio>
#include <vector>

typedef long long ll;

static ll extend(ll near, ll far, ll x) {
    // near: the value on the side x is added (R(S) when adding on the right), far: the other.
    if (x == near) return 0;
    if ((x <= far && x < near) || (x >= far && x > near)) return x;  // the mistake
    if (far <= x && x < near) return x + 1;
    return x - 1;  // near < x <= far
}

int main() {
    int cases;
    if (std::scanf("%d", &cases) != 1) return 1;
    while (cases--) {
        int n;
        std::scanf("%d", &n);
        std::vector<ll> a(n);
        for (auto &x : a) std::scanf("%lld", &x);
        // left[i], right[i]: L and R of the segment a[i .. i + len - 1], one length at a time.
        std::vector<ll> left(a), right(a);
        for (int len = 2; len <= n - 1; len++) {
            std::vector<ll> next_left(n), next_right(n);
            for (int i = 0; i + len <= n; i++) {
                int j = i + len - 1;
                // L(a[i..j]) from the segment a[i..j-1]; R(a[i..j]) from a[i+1..j].
                next_left[i] = extend(right[i], left[i], a[j]);
                next_right[i] = extend(left[i + 1], right[i + 1], a[i]);
            }
            left.swap(next_left);
            right.swap(next_right);
        }
        // left[1] is now L(a[1 .. n-1]) (for n >= 2).
        bool first_wins = n == 1 || a[0] != left[1];
        std::printf("%d\n", first_wins ? 1 : 0);
    }
    return 0;
}
