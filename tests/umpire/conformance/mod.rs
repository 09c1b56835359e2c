//! Conformance: each rule set's digest (`digests/`, the umpire's digest of the published text),
//! sentence by sentence, as battles at the table — given a small scenario and the events so far,
//! when a command, then the state, the refusal, the offer or the odds. Every suite is written with
//! one kit ([`kit`]) and held to its digest by [`trace`]: a sentence is quoted by the tests that
//! check it, or listed as left to the umpire's judgement, with why.
//!
//! [`kit`]: crate::support::kit

mod trace;

mod additions;
mod arrivals;
mod fft3;
mod grammar;
mod guards;
mod hats_of_tin;
mod newport;
mod scruby;

/// README.md says, for each rule set, how many of its digest's sentences are traced to tests and
/// how many are left to the umpire, in a row of its conformance table: `| ruleset | sentences |
/// traced | left to the umpire | decisions |`. The row must be the trace's own figures.
#[track_caller]
fn readme_counts(ruleset: &str, t: &trace::Trace) {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let row = format!(
        "| `{ruleset}` | {} | {} | {} | {} |",
        t.sentences.len(),
        t.traced(),
        t.left_to_the_umpire(),
        t.decisions()
    );
    assert!(
        readme.lines().any(|l| l.starts_with(&row)),
        "README.md's conformance table must have the row\n{row}"
    );
}
