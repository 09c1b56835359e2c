//! The command line in-process, for tests that set a battle up the way a user would: `umpire new`,
//! then a script into `umpire act JOURNAL -`. Run in-process, not as child processes: a forked
//! child holds the parent's open files (and the journal locks of the tests running beside it)
//! until it execs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tempfile::TempDir;

/// The learning game of `rosters/`.
pub const SCRUBY_LEARNING: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/scruby-learning.toml");
/// The crossroads of `rosters/`: Grid skirmish, the rule set the core's tests play.
pub const GRID_CROSSROADS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/rosters/grid-crossroads.toml");
/// The company action of `rosters/`.
pub const NEWPORT_COMPANY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rosters/newport-company-action.toml"
);

/// Four moves of the learning game: the hussars expose the French column, the guns and muskets
/// fire, two melees, a note written to break out of a page, and an event undone.
pub const SCRUBY_FOUR_MOVES: &str = r#"next --dice 5,2
expose --stand 1 --side fr --cause scouting --scout au-hus-a
next
next
artillery --gun-unit fr-gun --target-unit au-l3 --range 17 --gun-on hill --dice 2
next
rifle --firer-unit fr-lt --target-unit au-l2 --range 5
note "The light infantry holds the orchard wall <script>alert(1)</script> | [x](javascript:alert(1))"
next
next
next
next
artillery --gun-unit au-gun --target-unit fr-l1 --range 12
next
rifle --firer-unit au-l1 --target-unit fr-l1 --range 5
rifle --firer-unit fr-l2 --target-unit au-l1 --range 5
next
melee --attacker-unit au-gr --defender-unit fr-l1
next
next
next
artillery --gun-unit fr-gun --target-unit au-l1 --range 12 --gun-on hill
next
rifle --firer-unit au-lt --target-unit fr-l2 --range 4
rifle --firer-unit fr-gr --target-unit au-gr --range 4
note A mistake
undo
next
melee --attacker-unit fr-cui-a --defender-unit au-hus-b
next
next
next
next
rifle --firer-unit au-l2 --target-unit fr-l3 --range 5
next
"#;

/// What a command did.
pub struct Run {
    pub code: ExitCode,
    pub out: String,
    pub err: String,
}

/// `umpire ARGS` with `input` on standard input.
pub fn run_in(input: &str, args: &[&str]) -> Run {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = umpire::cli::run_with_input(
        std::iter::once("umpire").chain(args.iter().copied()),
        &mut input.as_bytes(),
        &mut out,
        &mut err,
    );
    Run {
        code,
        out: String::from_utf8(out).expect("utf-8 stdout"),
        err: String::from_utf8(err).expect("utf-8 stderr"),
    }
}

/// Runs and expects success with nothing on stderr; returns stdout.
pub fn ok(input: &str, args: &[&str]) -> String {
    let r = run_in(input, args);
    assert_eq!(
        r.code,
        ExitCode::SUCCESS,
        "umpire {args:?}\ninput:\n{input}\nstdout:\n{}\nstderr:\n{}",
        r.out,
        r.err
    );
    assert!(r.err.is_empty(), "umpire {args:?}: {}", r.err);
    r.out
}

/// A battle played on the command line, its journal `battle.jsonl` in a fresh folder.
pub struct Played {
    pub dir: TempDir,
    pub journal: PathBuf,
}

impl Played {
    /// `umpire new SCENARIO --journal … --seed 7`, then `script` (if any) through `act JOURNAL -`.
    pub fn battle(scenario: impl AsRef<Path>, script: &str) -> Played {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let journal = dir.path().join("battle.jsonl");
        let b = Played { dir, journal };
        let scenario = scenario.as_ref().to_str().expect("a UTF-8 path");
        ok("", &["new", scenario, "--journal", b.j(), "--seed", "7"]);
        if !script.is_empty() {
            ok(script, &["act", b.j(), "-"]);
        }
        b
    }

    /// The journal's path as an argument.
    pub fn j(&self) -> &str {
        self.journal.to_str().expect("a UTF-8 path")
    }

    /// `umpire report JOURNAL --format FORMAT -o - MORE…`: the report on standard output.
    pub fn report(&self, format: &str, more: &[&str]) -> String {
        let mut args = vec!["report", self.j(), "--format", format, "-o", "-"];
        args.extend_from_slice(more);
        ok("", &args)
    }
}
