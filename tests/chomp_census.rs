//! `grundy census chomp:3 | chomp:4 | chomp:rectangles` through the binary: the lines, the count
//! line, JSON, and refusals (exit status 2, nothing on stdout).

use assert_cmd::Command;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn census(args: &[&str]) -> String {
    let output = grundy().arg("census").args(args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn three_rows_are_listed_in_order_then_counted() {
    // [a, b, 0] is lost when a = b + 1 (the two-row rule); the others are checked against a
    // brute force by the library's tests.
    assert_eq!(
        census(&["chomp:3", "--to", "5"]),
        "1,0,0\n2,1,0\n2,2,1\n3,1,1\n3,2,0\n4,2,2\n4,3,0\n5,3,2\n5,4,0\n5,5,3\n\
         10 three-row P-positions with first row at most 5\n"
    );
    assert_eq!(
        census(&["chomp:3", "--to", "1000", "--count"]),
        "172786 three-row P-positions with first row at most 1000\n"
    );
}

#[test]
fn four_rows_start_as_oeis_a395126_lists_them() {
    // A395126's comment: the first ten P-positions.
    let text = census(&["chomp:4", "--to", "4"]);
    assert_eq!(
        text,
        "1,0,0,0\n2,1,0,0\n2,2,1,0\n2,2,2,1\n3,1,1,0\n3,2,0,0\n3,3,1,1\n4,1,1,1\n4,2,2,0\n\
         4,3,0,0\n10 four-row P-positions with first row at most 4\n"
    );
    let json = census(&["chomp:4", "--to", "2", "--json"]);
    assert_eq!(
        json,
        "{\"p_position\":[1,0,0,0]}\n{\"p_position\":[2,1,0,0]}\n{\"p_position\":[2,2,1,0]}\n\
         {\"p_position\":[2,2,2,1]}\n{\"census\":\"four-row P-positions\",\"to\":2,\"count\":4}\n"
    );
}

#[test]
fn rectangles_list_their_winning_first_bites() {
    let text = census(&["chomp:rectangles", "--to", "3"]);
    assert_eq!(
        text,
        "1x1: lost\n2x1: 2,1\n3x1: 2,1\n1x2: 1,2\n2x2: 2,2\n3x2: 3,2\n1x3: 1,2\n2x3: 2,3\n\
         3x3: 2,2\n9 rectangles of at most 3 rows and 3 columns\n"
    );
}

#[test]
fn censuses_too_large_or_out_of_range_are_refused() {
    for args in [
        ["chomp:rectangles", "--to", "20"],
        ["chomp:rectangles", "--to", "33"],
        ["chomp:3", "--to", "0"],
        ["chomp:3", "--to", "10^6"],
        ["chomp:4", "--to", "x"],
    ] {
        let output = grundy().arg("census").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
    let output = grundy()
        .args(["census", "chomp:rectangles", "--to", "20"])
        .output()
        .unwrap();
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("137846528820 diagrams"), "{error}");
    assert!(error.contains("--max-memory"), "{error}");
    // With room allowed, the same census as with the default limit.
    assert_eq!(
        census(&["chomp:rectangles", "--to", "6", "--max-memory", "1"]),
        census(&["chomp:rectangles", "--to", "6"])
    );
}

#[test]
fn a_census_the_game_does_not_run_is_refused_with_the_ones_it_does() {
    let output = grundy().args(["census", "chomp:5"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let error = String::from_utf8(output.stderr).unwrap();
    for kind in ["chomp:3 (", "chomp:4 (", "chomp:rectangles ("] {
        assert!(error.contains(kind), "{error}");
    }
    // A game without censuses of its own: the pattern is read as the heap games' census's.
    let output = grundy().args(["census", "cram:3"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("cram:3"), "{error}");
    assert!(!error.contains("runs the censuses"), "{error}");
}

#[test]
fn flags_of_other_censuses_are_refused_by_name() {
    for (args, flag) in [
        (&["chomp:3", "--to", "5", "--shard", "1/2"][..], "--shard"),
        (&["chomp:4", "--to", "5", "--markdown"][..], "--markdown"),
        (&["chomp:3", "--to", "5", "--budget", "100"][..], "--budget"),
        (&["0.07", "--to", "50", "--count"][..], "--count"),
        (
            &["0.07", "--to", "50", "--max-memory", "9"][..],
            "--max-memory",
        ),
        (
            &["chomp:3", "--to", "5", "--max-memory", "9"][..],
            "--max-memory",
        ),
        (
            &["chomp:rectangles", "--to", "5", "--max-memory", "0"][..],
            "--max-memory",
        ),
        (
            &["chomp:rectangles", "--to", "5", "--max-memory", "2^21"][..],
            "--max-memory",
        ),
    ] {
        let output = grundy().arg("census").args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = String::from_utf8(output.stderr).unwrap();
        assert!(error.contains(flag), "{args:?}: {error}");
    }
}

#[test]
fn rectangles_to_14_with_two_winning_bites_are_the_ten_the_previous_table_found() {
    // The rectangles up to 15 x 15 with two winning first bites, as the previous table (each
    // diagram decided from its bites one by one) found them and docs/games.md lists them;
    // none has three.
    let text = census(&["chomp:rectangles", "--to", "14"]);
    let rectangles: Vec<&str> = text.lines().filter(|line| line.contains(':')).collect();
    assert_eq!(rectangles.len(), 196);
    let mut two: Vec<&str> = rectangles
        .iter()
        .filter(|line| line.split(' ').count() == 3)
        .map(|line| line.split(':').next().unwrap())
        .collect();
    two.sort();
    let mut expected = vec![
        "13x6", "6x13", "10x8", "8x10", "10x9", "9x10", "14x10", "10x14", "13x12", "12x13",
    ];
    expected.sort();
    assert_eq!(two, expected);
    assert!(rectangles.iter().all(|line| line.split(' ').count() <= 3));
    assert!(text.ends_with("\n196 rectangles of at most 14 rows and 14 columns\n"));
    let json = census(&["chomp:rectangles", "--to", "2", "--json"]);
    assert_eq!(
        json,
        "{\"rows\":1,\"columns\":1,\"winning_bites\":[]}\n\
         {\"rows\":1,\"columns\":2,\"winning_bites\":[[2,1]]}\n\
         {\"rows\":2,\"columns\":1,\"winning_bites\":[[1,2]]}\n\
         {\"rows\":2,\"columns\":2,\"winning_bites\":[[2,2]]}\n\
         {\"census\":\"rectangles\",\"to\":2,\"count\":4}\n"
    );
}

/// The recorded 20 × 20 census (`examples/chomp-rectangles-20.txt`, made by `grundy census
/// chomp:rectangles --to 20 --max-memory 17`, about an hour): every rectangle once, its count
/// line, and every rectangle of at most 12 × 12 as a run made now prints it.
#[test]
fn the_recorded_twenty_by_twenty_census_agrees_with_a_run_where_one_is_quick() {
    let recorded = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/chomp-rectangles-20.txt"
    ))
    .unwrap();
    let lines: Vec<&str> = recorded.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&"400 rectangles of at most 20 rows and 20 columns")
    );
    let mut seen = std::collections::BTreeSet::new();
    let mut small = Vec::new();
    for line in &lines[..lines.len() - 1] {
        let (board, _) = line.split_once(": ").unwrap();
        let (columns, rows) = board.split_once('x').unwrap();
        let (columns, rows): (u32, u32) = (columns.parse().unwrap(), rows.parse().unwrap());
        assert!(
            (1..=20).contains(&columns) && (1..=20).contains(&rows),
            "{line}"
        );
        assert!(seen.insert((columns, rows)), "{line} twice");
        if columns <= 12 && rows <= 12 {
            small.push(*line);
        }
    }
    assert_eq!(seen.len(), 400);
    let now = census(&["chomp:rectangles", "--to", "12"]);
    let now: Vec<&str> = now.lines().collect();
    assert_eq!(now[..now.len() - 1], small[..]);
}
