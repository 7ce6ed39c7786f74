//! Rows and the diagonal of Wythoff's Grundy function against a brute force written here from
//! the definition (the mex of a pair's row, column and diagonal options), the proved periods
//! against the brute force's values, OEIS data (rows 1–4's periods 3, 3, 6, 12; A047708), and
//! `grundy table wythoff --row/--rows/--diagonal` through the binary, bad input included.

mod common;

use assert_cmd::Command;
use grundy::games::wythoff::rows::{self, RowTable};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// G(x, y) for x < `height`, y < `width`, from the definition: the least value that is no
/// option's — (x, y') for y' < y, (x', y) for x' < x, (x − d, y − d) for d ≥ 1.
fn brute_force(height: usize, width: usize) -> Vec<Vec<u64>> {
    let mut values = vec![vec![0u64; width]; height];
    for x in 0..height {
        for y in 0..width {
            let mut options: BTreeSet<u64> = values[x][..y].iter().copied().collect();
            options.extend(values[..x].iter().map(|row| row[y]));
            for d in 1..=x.min(y) {
                options.insert(values[x - d][y - d]);
            }
            values[x][y] = (0..).find(|v| !options.contains(v)).unwrap();
        }
    }
    values
}

/// OEIS A047708 (data section, n = 0..70): the diagonal G(n, n).
const A047708: [u64; 71] = [
    0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25, 17, 18, 19, 30, 31, 38,
    35, 36, 22, 23, 43, 45, 48, 49, 24, 26, 27, 28, 29, 33, 60, 32, 61, 57, 66, 37, 63, 34, 64, 67,
    40, 39, 41, 42, 82, 44, 74, 79, 47, 46, 87, 86, 50, 95, 96, 52, 101, 51, 102, 53, 54,
];

#[test]
fn the_rows_are_the_definition() {
    let brute = brute_force(25, 400);
    let mut table = RowTable::new(24).unwrap();
    table.extend_to(400).unwrap();
    for (x, row) in brute.iter().enumerate() {
        for (y, &value) in row.iter().enumerate() {
            assert_eq!(table.value(x as u64, y as u64), value, "G({x}, {y})");
        }
    }
}

#[test]
fn every_proved_period_and_preperiod_is_exact_on_the_brute_force() {
    // Rows 0..=10: periods up to 24 and preperiods up to 224 (see the docs' table).
    let width = 1200;
    let brute = brute_force(11, width);
    let report = rows::rows_report(0, 10, None).unwrap();
    for row in &report.rows {
        let (period, preperiod) = (
            row.period.unwrap() as usize,
            row.preperiod.unwrap() as usize,
        );
        let values = &brute[row.row as usize];
        assert!(preperiod + 3 * period < width);
        let repeats = |q: usize, y: usize| values[y + q] == values[y] + q as u64;
        // Periodic from the preperiod on (as far as the brute force goes) …
        assert!((preperiod..width - period).all(|y| repeats(period, y)));
        // … not from one column earlier …
        assert!(
            preperiod == 0 || !repeats(period, preperiod - 1),
            "row {}",
            row.row
        );
        // … and with no smaller period after it.
        for q in 1..period {
            assert!(
                (preperiod..width - q).any(|y| !repeats(q, y)),
                "row {} repeats with {q}",
                row.row
            );
        }
    }
}

#[test]
fn rows_one_to_four_have_the_periods_of_oeis() {
    // OEIS (the rows of A004481 as their own sequences): additive periods 3, 3, 6, 12.
    let report = rows::rows_report(1, 4, None).unwrap();
    let periods: Vec<u64> = report.rows.iter().map(|row| row.period.unwrap()).collect();
    assert_eq!(periods, [3, 3, 6, 12]);
    assert_eq!(report.rows[3].proof.unwrap().last_row, 4);
}

#[test]
fn the_diagonal_is_the_definition_and_oeis() {
    let brute = brute_force(300, 300);
    let diagonal = rows::diagonal(299).unwrap();
    for (n, &value) in diagonal.iter().enumerate() {
        assert_eq!(value, brute[n][n], "G({n}, {n})");
    }
    assert_eq!(diagonal[..A047708.len()], A047708);
}

#[test]
fn five_thousand_terms_of_the_diagonal_keep_landmans_bounds() {
    // A047708 is a permutation (Landman and Ferguson) with n/2 ≤ G(n, n) ≤ 2n (Landman, in
    // its comments): no value twice, and each within the bounds.
    let diagonal = rows::diagonal(4999).unwrap();
    assert_eq!(diagonal.len(), 5000);
    assert_eq!(diagonal[..A047708.len()], A047708);
    let distinct: BTreeSet<u64> = diagonal.iter().copied().collect();
    assert_eq!(distinct.len(), 5000);
    for (n, &value) in diagonal.iter().enumerate() {
        let n = n as u64;
        assert!(n <= 2 * value && value <= 2 * n, "G({n}, {n}) = {value}");
    }
}

#[test]
fn limits_are_errors() {
    assert!(matches!(
        RowTable::new(rows::MAX_ROW + 1),
        Err(rows::RowsError::RowTooLarge(_))
    ));
    assert!(matches!(
        rows::rows_report(0, 100, Some(u64::MAX)),
        Err(rows::RowsError::TooManyValues { .. })
    ));
    assert!(matches!(
        rows::rows_report(5, 3, None),
        Err(rows::RowsError::EmptyRange { .. })
    ));
    assert!(matches!(
        rows::diagonal(rows::MAX_DIAGONAL),
        Err(rows::RowsError::DiagonalTooLong(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A random row's proved period holds on the brute force's values.
    #[test]
    fn a_random_rows_period_holds(row in 0u64..8, y in 0usize..100) {
        let report = rows::rows_report(row, row, Some(300)).unwrap();
        let proved = &report.rows[0];
        let (period, preperiod) = (proved.period.unwrap(), proved.preperiod.unwrap());
        let brute = brute_force(row as usize + 1, 400);
        let values = &brute[row as usize];
        let y = preperiod as usize + y;
        if y + (period as usize) < 400 {
            prop_assert_eq!(values[y + period as usize], values[y] + period);
        }
        let listed = proved.values.as_ref().unwrap();
        prop_assert_eq!(&listed[..], &values[..=300]);
    }
}

// ---- Through the binary. ----

fn run(args: &[&str]) -> String {
    common::stdout_of_success(grundy().args(args).output().unwrap())
}

/// The command fails with status 2, an error on stderr and nothing on stdout.
fn refused(args: &[&str], says: &str) {
    let output = grundy().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(says), "{args:?}: {stderr}");
}

#[test]
fn a_row_through_the_binary() {
    let text = run(&["table", "wythoff", "--row", "1", "--to", "5"]);
    assert_eq!(
        text,
        "row 1: period 3, preperiod 0: G(1, y + 3) = G(1, y) + 3 for every y >= 0\n\
         proved: rows 0..=1 repeat with period 3 on columns 0..=3 (the window of 4K = 4 \
         columns), so from column 0 on; 1024 columns computed\n\
         y G(1,y)\n0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["table", "wythoff", "--row", "4", "--json"])).unwrap();
    assert_eq!(json["rows"][0]["period"], 12);
    assert_eq!(json["rows"][0]["values"].as_array().unwrap().len(), 21);
    let json: serde_json::Value =
        serde_json::from_str(&run(&["table", "wythoff", "--rows", "0..4", "--json"])).unwrap();
    let periods: Vec<u64> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["period"].as_u64().unwrap())
        .collect();
    assert_eq!(periods, [1, 3, 3, 6, 12]);
}

#[test]
fn the_diagonal_through_the_binary() {
    let text = run(&["table", "wythoff", "--diagonal", "--to", "70"]);
    let values: Vec<u64> = text
        .lines()
        .enumerate()
        .map(|(n, line)| {
            let (index, value) = line.split_once(' ').unwrap();
            assert_eq!(index, n.to_string());
            value.parse().unwrap()
        })
        .collect();
    assert_eq!(values, A047708);
}

#[test]
fn bad_requests_are_refused() {
    refused(
        &["table", "nim", "--row", "3"],
        "`table --row` works on wythoff only",
    );
    refused(&["table", "0.07", "--diagonal"], "works on wythoff only");
    refused(
        &["table", "wythoff", "--row", "1001"],
        "past the last row 1000",
    );
    refused(
        &["table", "wythoff", "--row", "x"],
        "--row `x` is not a number",
    );
    refused(
        &["table", "wythoff", "--row", "100", "--to", "10^12"],
        "the memory limit",
    );
    refused(
        &[
            "table",
            "wythoff",
            "--row",
            "3",
            "--to",
            "18446744073709551615",
        ],
        "the memory limit",
    );
    refused(
        &["table", "wythoff", "--rows", "5..3"],
        "the first row is past",
    );
    refused(
        &["table", "wythoff", "--rows", "5"],
        "write a range of rows",
    );
    refused(
        &["table", "wythoff", "--diagonal", "--to", "10^9"],
        "past its limit",
    );
    refused(
        &["table", "wythoff", "--row", "3", "--misere"],
        "cannot be used",
    );
}
