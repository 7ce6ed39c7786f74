//! The docs are tested: every ```console block of README.md and docs/*.md is run and its output
//! compared (trycmd; `...` stands for lines and `[..]` for the part of a line that legitimately
//! varies, such as times and seeds). A `$ grundy …` line runs the `grundy` binary built for the
//! tests, in the repository's root, so that paths such as `examples/end-piles.txt` resolve.
//! Examples not meant to run (a long record run, Ctrl-C, a pipe) are ```sh or ```text blocks.
//!
//! `TRYCMD=overwrite cargo test --release --test docs` rewrites the documents' outputs.

#[test]
fn console_blocks_of_the_readme_and_the_book() {
    trycmd::TestCases::new()
        .register_bin("grundy", trycmd::cargo::cargo_bin("grundy"))
        .case("README.md")
        .case("docs/*.md");
}
