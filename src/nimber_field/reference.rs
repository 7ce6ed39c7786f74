//! Slow products written from the definitions: the referee of the fast arithmetic's tests.
//! Neither shares code with [`super::tables`] or [`super::arithmetic`].

/// The nim-products a ⊗ b of all a, b below `size` (at most 256), by the mex rule itself:
/// a ⊗ b = mex { (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b }, filled row by row (every
/// value it needs is an earlier entry). `table[a][b]` is a ⊗ b. The values stay below 256
/// (the nimbers below 256 are closed under the rule: they are the field of 256 elements).
pub fn mex_table(size: usize) -> Vec<Vec<u8>> {
    let size = size.min(256);
    let mut table = vec![vec![0u8; size]; size];
    for a in 0..size {
        for b in 0..=a {
            let mut seen = [0u64; 4];
            for a_less in 0..a {
                let left = table[a_less][b];
                let (row, row_less) = (&table[a][..b], &table[a_less][..b]);
                for (&right, &corner) in row.iter().zip(row_less) {
                    let value = left ^ right ^ corner;
                    seen[usize::from(value >> 6)] |= 1 << (value & 63);
                }
            }
            let mex = (0..256usize)
                .find(|&v| seen[v >> 6] & (1 << (v & 63)) == 0)
                .expect("fewer than 256 values are excluded") as u8;
            table[a][b] = mex;
            table[b][a] = mex;
        }
    }
    table
}

/// Conway's product by powers of two: a ⊗ b is the nim-sum of 2^i ⊗ 2^j over the bits i of a
/// and j of b, and 2^i ⊗ 2^j comes from the top Fermat 2-power F = 2^(2^k) below the field's
/// size: if neither i nor j has bit k, the field is smaller; if one has it, 2^i = F · 2^i′ and
/// the product is F times a product below F (an ordinary product); if both, F ⊗ F = F ⊕ F/2
/// and the product is (F ⊕ F/2) ⊗ (2^i′ ⊗ 2^j′), with F/2 and the inner product below F.
/// The products of powers of two are memoised. It works below 2^128 (the field of 2^128
/// elements is the top of its recursion), the referee of both the 64-bit and the 128-bit field.
#[derive(Clone, Debug)]
pub struct PowerOfTwoProducts {
    memo: Vec<Option<u128>>,
}

impl Default for PowerOfTwoProducts {
    fn default() -> Self {
        PowerOfTwoProducts {
            memo: vec![None; 128 * 128],
        }
    }
}

impl PowerOfTwoProducts {
    /// a ⊗ b for a, b below 2^(2^level).
    fn product_below(&mut self, a: u128, b: u128, level: u32) -> u128 {
        let mut sum = 0;
        for i in (0..128).filter(|i| a >> i & 1 == 1) {
            for j in (0..128).filter(|j| b >> j & 1 == 1) {
                sum ^= self.powers(i, j, level);
            }
        }
        sum
    }

    /// 2^i ⊗ 2^j for i, j below 2^level.
    fn powers(&mut self, i: u32, j: u32, level: u32) -> u128 {
        if let Some(known) = self.memo[(i * 128 + j) as usize] {
            return known;
        }
        let value = if level == 0 {
            1
        } else {
            let k = level - 1;
            let fermat_bits = 1u32 << k;
            let (i_has, j_has) = (i & fermat_bits != 0, j & fermat_bits != 0);
            let (i_rest, j_rest) = (i & !fermat_bits, j & !fermat_bits);
            match (i_has, j_has) {
                (false, false) => self.powers(i, j, k),
                (true, false) | (false, true) => self.powers(i_rest, j_rest, k) << fermat_bits,
                (true, true) => {
                    let inner = self.powers(i_rest, j_rest, k);
                    let half = 1u128 << (fermat_bits - 1);
                    (inner << fermat_bits) ^ self.product_below(half, inner, k)
                }
            }
        };
        self.memo[(i * 128 + j) as usize] = Some(value);
        value
    }

    /// a ⊗ b.
    pub fn product(&mut self, a: u64, b: u64) -> u64 {
        let below = self.product_below(u128::from(a), u128::from(b), 6);
        u64::try_from(below).expect("the nimbers below 2^64 are a field")
    }

    /// a ⊗ b in the field of 2^128 elements.
    pub fn product_128(&mut self, a: u128, b: u128) -> u128 {
        self.product_below(a, b, 7)
    }
}

/// a ⊗ b by [`PowerOfTwoProducts`], with a fresh memo.
pub fn power_of_two_product(a: u64, b: u64) -> u64 {
    PowerOfTwoProducts::default().product(a, b)
}

/// a ⊗ b below 2^128 by [`PowerOfTwoProducts`], with a fresh memo.
pub fn power_of_two_product_128(a: u128, b: u128) -> u128 {
    PowerOfTwoProducts::default().product_128(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_mex_table_is_the_known_one() {
        // Winning Ways, ch. 14 (and the HDU 3404 editorials): the products below 5.
        let table = mex_table(5);
        let expected: [[u8; 5]; 5] = [
            [0, 0, 0, 0, 0],
            [0, 1, 2, 3, 4],
            [0, 2, 3, 1, 8],
            [0, 3, 1, 2, 12],
            [0, 4, 8, 12, 6],
        ];
        for (a, row) in expected.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(table[a][b], value, "{a} * {b}");
                assert_eq!(power_of_two_product(a as u64, b as u64), u64::from(value));
            }
        }
    }
}
