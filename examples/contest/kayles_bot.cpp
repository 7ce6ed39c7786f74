// A perfect Kayles player in C++: grundy interact kayles -- ./kayles_bot
//
// Kayles: knock down one pin or two adjacent pins; a row may split in two. G(n) = mex of
// G(a) ^ G(b) over a + b = n - 1 or n - 2, and a position is lost for the player to move exactly
// when the XOR of its heaps' values is 0. On each `position P` line, play a move to XOR 0.
// Moves: `<heap>-<k>` (take k from heap <heap>, counting from 1 as printed) or
// `<heap>-<k>=<a>+<b>` (and split the rest into a and b).
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static std::vector<int> values(1, 0);

static int value(int n) {
    while ((int)values.size() <= n) {
        int m = values.size();
        std::vector<bool> seen(2 * m + 2, false);
        for (int taken = 1; taken <= 2 && taken <= m; taken++)
            for (int a = 0; a <= (m - taken) / 2; a++) {
                int x = values[a] ^ values[m - taken - a];
                if (x < (int)seen.size()) seen[x] = true;
            }
        int mex = 0;
        while (seen[mex]) mex++;
        values.push_back(mex);
    }
    return values[n];
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string keyword;
        if (!(words >> keyword) || keyword != "position") continue;
        std::vector<int> heaps;
        for (int heap; words >> heap;) heaps.push_back(heap);
        int total = 0;
        for (int heap : heaps) total ^= value(heap);
        std::string move = "1-1";  // if no move wins (grundy never asks this)
        bool found = false;
        for (size_t i = 0; i < heaps.size() && !found; i++)
            for (int taken = 1; taken <= 2 && taken <= heaps[i] && !found; taken++) {
                int rest = heaps[i] - taken;
                for (int a = 0; a <= rest / 2 && !found; a++) {
                    if ((total ^ value(heaps[i]) ^ value(a) ^ value(rest - a)) != 0) continue;
                    move = std::to_string(i + 1) + "-" + std::to_string(taken);
                    if (a > 0) move += "=" + std::to_string(a) + "+" + std::to_string(rest - a);
                    found = true;
                }
            }
        std::cout << move << std::endl;  // endl flushes
    }
    return 0;
}
