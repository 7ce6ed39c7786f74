//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// The widely copied end-piles recurrence step, which puts the boundary `x = l` in the plain `x`
/// case (wrong): kept only to show that the tests and `verify` catch it.
pub fn copied_extend(l: u64, r: u64, x: u64) -> u64 {
    if x == r {
        0
    } else if (x <= l && x < r) || (x >= l && x > r) {
        x
    } else if l <= x && x < r {
        x + 1
    } else {
        x - 1
    }
}

/// The standard output of a command that must have succeeded (its stderr is shown if not).
pub fn stdout_of_success(output: std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}
