//! Heap values of every short take-and-break code against an independent brute force written
//! from the definition (FAMILIES.md): every octal code d0.d1…d4 (d0 ∈ {0, 4}, up to four digits
//! after the point) and every hexadecimal code d0.d1d2 (d0 ∈ {0, 4, 8, c}), on every heap up to
//! 60. Covers the fast engine (codes leaving at most two heaps) and the straightforward table
//! (three-heap codes), through `HeapGame` as `analyze` uses it.

use grundy::core::Nimber;
use grundy::families::HeapRule;
use grundy::families::heaps::HeapGame;
use grundy::theory::Theory;

const LAST: usize = 60;

/// G(0..=LAST) from the definition: after removing k tokens (n ≥ k), digit d_k allows leaving
/// nothing (bit 1, n = k), one heap (bit 2, k ≥ 1), two or three non-empty heaps (bits 4, 8).
fn brute(digits: &[u8]) -> Vec<u32> {
    let mut g = Vec::new();
    for n in 0..=LAST {
        let mut seen = [false; 256];
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                seen[g[rest] as usize] = true;
            }
            for a in 1..rest {
                let b = rest - a;
                if d & 4 != 0 && a <= b {
                    seen[(g[a] ^ g[b]) as usize] = true;
                }
                if d & 8 == 0 {
                    continue;
                }
                for c in a..b {
                    let e = b - c;
                    if c <= e {
                        seen[(g[a] ^ g[c] ^ g[e]) as usize] = true;
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

fn check(digits: &[u8]) {
    let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap();
    let spelled = format!(
        "{}.{}",
        hex(digits[0]),
        digits[1..].iter().map(|&d| hex(d)).collect::<String>()
    );
    let expected = brute(digits);
    let game = HeapGame::new(HeapRule::resolve(&spelled).unwrap().unwrap());
    for (heap, &value) in expected.iter().enumerate().skip(1) {
        let position = game.position(vec![heap as u64]).unwrap();
        assert_eq!(
            position.grundy_value(),
            Some(Nimber(u64::from(value))),
            "{spelled}, heap {heap}"
        );
    }
}

#[test]
fn every_octal_code_with_up_to_four_digits() {
    for d0 in [0u8, 4] {
        for len in 1..=4u32 {
            for index in 0..8usize.pow(len) {
                let mut digits = vec![d0];
                let mut rest = index;
                for _ in 0..len {
                    digits.push((rest % 8) as u8);
                    rest /= 8;
                }
                check(&digits);
            }
        }
    }
}

#[test]
fn every_hexadecimal_code_with_up_to_two_digits() {
    for d0 in [0u8, 4, 8, 12] {
        for len in 1..=2u32 {
            for index in 0..16usize.pow(len) {
                let mut digits = vec![d0];
                let mut rest = index;
                for _ in 0..len {
                    digits.push((rest % 16) as u8);
                    rest /= 16;
                }
                check(&digits);
            }
        }
    }
}
