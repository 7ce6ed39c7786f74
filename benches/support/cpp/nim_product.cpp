// Library Checker nim_product_64, the straightforward C++ with 8-bit tables: the 256 x 256
// products of bytes, and for each pair of byte places (i, j) the products of a byte with
// 2^(8i) * 2^(8j); a 64-bit product is 64 byte products placed by 64 lookups. The tables are
// built with Conway's half-splitting recursion. The baseline of `scripts/bench nimber`.
#include <cstdint>
#include <cstdio>
#include <vector>

typedef unsigned long long u64;

static u64 split(u64 a, u64 b, int width) {
    if (width == 1) return a & b;
    int half = width / 2;
    u64 mask = (1ULL << half) - 1;
    u64 a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
    u64 hh = split(a1, b1, half), ll = split(a0, b0, half), cross = split(a1 ^ a0, b1 ^ b0, half);
    return ((cross ^ ll) << half) | (ll ^ split(hh, 1ULL << (half - 1), half));
}

static unsigned char bytes[256][256];
static u64 places[64][256];

static u64 product(u64 a, u64 b) {
    u64 r = 0;
    for (int i = 0; i < 8; i++) {
        unsigned x = (a >> (8 * i)) & 255;
        if (!x) continue;
        for (int j = 0; j < 8; j++) r ^= places[8 * i + j][bytes[x][(b >> (8 * j)) & 255]];
    }
    return r;
}

int main() {
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) bytes[a][b] = (unsigned char)split(a, b, 8);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            u64 place = split(1ULL << (8 * i), 1ULL << (8 * j), 64);
            for (int c = 0; c < 256; c++) places[8 * i + j][c] = split((u64)c, place, 64);
        }
    int t;
    if (scanf("%d", &t) != 1) return 1;
    std::vector<char> out;
    out.reserve((size_t)t * 21);
    char buf[24];
    for (int k = 0; k < t; k++) {
        u64 a, b;
        if (scanf("%llu %llu", &a, &b) != 2) return 1;
        int n = snprintf(buf, sizeof buf, "%llu\n", product(a, b));
        out.insert(out.end(), buf, buf + n);
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
