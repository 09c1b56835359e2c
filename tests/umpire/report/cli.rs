//! `umpire report`: the battle report from a journal, set up with the command-line battle itself
//! (`umpire new`, then a script into `umpire act JOURNAL -`), run in-process.

use crate::support::cli::{GRID_CROSSROADS as GRID, Played, SCRUBY_LEARNING as SCRUBY, ok, run_in};
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use umpire::battle::session::Session;
use umpire::model::Viewer;
use umpire::report::{Chronicle, Report};

/// The first move of the learning game: the hussars find the French column, the French guns
/// and rifles fire, an umpire's note with markup in it, a shot taken back, a melee, and the
/// next move's first phases.
const SCRUBY_SCRIPT: &str = r#"next --dice 5,2
expose --stand 1 --side fr --cause scouting --scout au-hus-a
next
next
artillery --gun-unit fr-gun --target-unit au-l3 --range 17 --gun-on hill --dice 2
next
rifle --firer-unit fr-lt --target-unit au-l2 --range 5
note "The light infantry holds the orchard wall <script>alert(1)</script> | [x](javascript:alert(1))"
rifle --firer-unit fr-l1 --target-unit au-hus-b --range 5
undo
next
melee --attacker-unit fr-cui-a --defender-unit au-hus-b --dice 4,3
next
next
"#;

/// A battle of `roster` played by `script`.
struct Given(Played);

impl Given {
    fn battle(roster: &str, script: &str) -> Given {
        Given(Played::battle(roster, script))
    }

    fn j(&self) -> &str {
        self.0.j()
    }

    fn path(&self) -> &Path {
        &self.0.journal
    }

    /// `umpire report JOURNAL ARGS… -o -`: the Markdown on standard output.
    fn markdown(&self, args: &[&str]) -> String {
        self.0.report("md", args)
    }
}

/// The part of `text` from the line starting `from` to the line starting `to`.
fn section<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("no {from:?} in\n{text}"));
    let rest = &text[start..];
    let end = rest[from.len()..]
        .find(to)
        .map_or(rest.len(), |e| e + from.len());
    &rest[..end]
}

#[test]
fn the_umpires_report_tells_the_battle_turn_by_turn() {
    let g = Given::battle(SCRUBY, SCRUBY_SCRIPT);
    let md = g.markdown(&[]);
    assert!(
        md.starts_with("# Learning game: the Road to Aue, April 1809\n"),
        "{md}"
    );
    assert!(md.contains("The umpire's copy: everything"), "{md}");
    assert!(md.contains("(`scruby`)"), "{md}");
    // Every option in force, the ones the scenario set marked.
    assert!(
        md.contains("| `concealment` | true (set by the scenario) |"),
        "{md}"
    );
    assert!(md.contains("| `musket_range` | 6 |"), "{md}");
    // The account: turns, phases, each resolution with its dice and result.
    let turn1 = section(&md, "### Turn 1", "### Turn 2");
    assert!(turn1.contains("**Return cannon fire**"), "{turn1}");
    assert!(
        turn1.contains("fr-gun fires at au-l3: the target retires in confusion for 3 moves"),
        "{turn1}"
    );
    assert!(
        turn1.contains("range 17\": within a gun's range from a hill (18\") — dice 2 (d6) (typed by the umpire) — The target retires in confusion for 3 moves"),
        "{turn1}"
    );
    assert!(
        turn1.contains("no die thrown — One figure killed"),
        "{turn1}"
    );
    assert!(turn1.contains("dice 4 (d6), 3 (d6)"), "{turn1}");
    // The exposure is logged with its cause.
    assert!(turn1.contains("exposed (found by scouts)"), "{turn1}");
    // The undone shot is left out, and said to be.
    assert!(!md.contains("fr-l1 fires at au-hus-b"), "{md}");
    assert!(
        md.contains("Left out: 1 event(s) undone during play."),
        "{md}"
    );
    // The umpire's note in its place, inert.
    assert!(
        turn1.contains("&lt;script&gt;alert(1)&lt;/script&gt; \\| \\[x\\](javascript:alert(1))"),
        "{turn1}"
    );
    assert!(!md.contains("<script"), "{md}");
    // Losses per turn in the rule set's words.
    assert!(
        turn1.contains("Losses: Austrian advanced guard 3 figures lost, 1 unit left the table (no loss); French brigade at Aue 1 figure lost."),
        "{turn1}"
    );
    assert!(md.contains("Strength (figures left):"), "{md}");
    assert!(md.contains("| start | 25 | 26 |"), "{md}");
    // The hussars who scouted left the table (no loss: their 3 figures still count), a figure
    // to the rifles, two to the cuirassiers; one cuirassier lost.
    assert!(md.contains("| turn 1 | 22 | 25 |"), "{md}");
    assert!(md.contains("| 1 | 3 | 1 |"), "{md}");
    // The final state and the outcome.
    let end = section(&md, "## Final state", "## Outcome");
    assert!(
        end.contains("`au-l3` Infanterie-Regiment Nr. 36 — line, figures 3/4 ●●●○ · RET"),
        "{end}"
    );
    assert!(md.contains("- The battle stands at turn 2 of 10"), "{md}");
    assert!(
        md.contains("(au-hq) is held by Austrian advanced guard."),
        "{md}"
    );
}

#[test]
fn a_sides_report_shows_the_enemy_only_as_far_as_it_was_seen() {
    let g = Given::battle(SCRUBY, SCRUBY_SCRIPT);
    let au = g.markdown(&["--side", "au"]);
    assert!(au.contains("What Austrian advanced guard (au) saw"), "{au}");
    // At the start the French column is its stand's number; its regiments are named only from
    // the event that exposed it.
    let oob = section(&au, "## Order of battle", "## The battle");
    assert!(
        oob.contains("Concealment stand 1 (its contents unseen)"),
        "{oob}"
    );
    for hidden in [
        "fr-l2",
        "fr-l3",
        "fr-gr",
        "fr-cui-b",
        "18e régiment",
        "Grenadiers réunis",
    ] {
        assert!(!oob.contains(hidden), "{hidden} in\n{oob}");
        let before = &au[..au.find("exposed (found by scouts)").expect("the exposure")];
        assert!(
            !before.contains(hidden),
            "{hidden} before its exposure:\n{before}"
        );
    }
    // Its own concealed units it knows in full.
    assert!(oob.contains("`au-l1` Infanterie-Regiment Nr. 12"), "{oob}");
    let end = section(&au, "## Final state", "## Outcome");
    assert!(
        end.contains("`fr-l2` 18e régiment d'infanterie de ligne"),
        "{end}"
    );
    // The French side's copy does not know the Austrian column before it was fired on.
    let fr = g.markdown(&["--side", "fr"]);
    let oob = section(&fr, "## Order of battle", "## The battle");
    assert!(!oob.contains("au-l1"), "{oob}");
    assert!(oob.contains("Concealment stand 1"), "{oob}");
    // The public copy hides both columns at the start.
    let public = g.markdown(&["--public"]);
    assert!(public.contains("What everyone saw"), "{public}");
    let oob = section(&public, "## Order of battle", "## The battle");
    assert!(!oob.contains("au-l1") && !oob.contains("fr-l2"), "{oob}");
}

#[test]
fn hidden_strength_is_not_counted_for_a_side_that_cannot_see_it() {
    let g = Given::battle(SCRUBY, "next --dice 5,2\n");
    let chronicle = Chronicle::load(g.path()).expect("loads");
    let umpire = Report::build(&chronicle, Viewer::Umpire);
    let au = Report::build(&chronicle, Viewer::Side(0));
    // The French have 26 figures; the Austrians see the 12 outside the stand (4 + 4 + 3 + 1
    // more regiments and squadrons: everything but fr-l2, fr-l3, fr-gr and fr-cui-b).
    assert_eq!(umpire.strength[0].values, vec![25, 26]);
    assert_eq!(au.strength[0].values[0], 25);
    assert_eq!(au.strength[0].values[1], 26 - 4 - 4 - 4 - 3);
}

#[test]
fn the_report_is_written_beside_the_journal_with_its_chart() {
    let g = Given::battle(SCRUBY, SCRUBY_SCRIPT);
    let out = ok("", &["report", g.j()]);
    let dir = g.path().parent().expect("a folder");
    let md = dir.join("battle.report.md");
    let svg = dir.join("battle.report.strength.svg");
    assert!(
        out.contains("Report written: ") && out.contains("battle.report.md"),
        "{out}"
    );
    assert!(
        out.contains("Chart written:  ") && out.contains("battle.report.strength.svg"),
        "{out}"
    );
    let text = std::fs::read_to_string(&md).expect("the report");
    assert!(text.contains("![Each side's strength over the turns](battle.report.strength.svg)"));
    assert!(
        std::fs::read_to_string(&svg)
            .expect("the chart")
            .contains("<svg")
    );
    // A side's copy and an HTML page get names of their own.
    ok("", &["report", g.j(), "--side", "fr", "--format", "html"]);
    assert!(dir.join("battle.report.fr.html").is_file());
    let given = dir.join("elsewhere.md");
    ok("", &["report", g.j(), "-o", given.to_str().unwrap()]);
    assert!(given.is_file() && dir.join("elsewhere.strength.svg").is_file());
}

#[test]
fn a_journal_in_play_is_reported_as_it_stands_without_its_lock() {
    let g = Given::battle(SCRUBY, "next --dice 5,2\n");
    // The umpire's program has the battle open, its journal locked.
    let (session, _) = Session::open(g.path()).expect("the battle opens");
    let md = g.markdown(&[]);
    assert!(md.contains("Initiative for move 1"), "{md}");
    drop(session);
}

#[test]
fn a_torn_tail_is_left_out_of_the_report_and_the_rest_reported() {
    let g = Given::battle(SCRUBY, SCRUBY_SCRIPT);
    let before = std::fs::read(g.path()).expect("the journal");
    std::fs::OpenOptions::new()
        .append(true)
        .open(g.path())
        .and_then(|mut f| f.write_all(b"{\"crc\":\"0000\",\"seq\":99,\"at\""))
        .expect("a torn line appended");
    let r = run_in("", &["report", g.j(), "-o", "-"]);
    assert_eq!(r.code, ExitCode::SUCCESS, "{}", r.err);
    // Said once, plainly, without nesting, and without saying "set aside": the report changes
    // nothing.
    assert!(
        r.err.starts_with(
            "note: The journal ends in an unfinished last line (line 17, 27 bytes), which was \
             never recorded whole: this report holds every event before it, and the file is left \
             as it is."
        ),
        "{}",
        r.err
    );
    assert!(!r.err.contains("set aside"), "{}", r.err);
    assert!(
        r.out
            .contains("> **Note:** The journal ends in an unfinished last line"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("melee fr-cui-a against au-hus-b"),
        "{}",
        r.out
    );
    // Reading changed nothing: the torn line is still there for the umpire's program.
    let after = std::fs::read(g.path()).expect("the journal");
    assert!(after.starts_with(&before) && after.len() > before.len());
}

#[test]
fn a_report_counts_hits_and_units() {
    let g = Given::battle(GRID, "");
    let md = g.markdown(&[]);
    assert!(md.contains("Strength (units in play):"), "{md}");
    assert!(md.contains("hits"), "{md}");
    assert!(md.contains("(`grid`)"), "{md}");
    assert!(md.contains("## Outcome"), "{md}");
}

#[test]
fn a_finished_battle_says_who_held_the_field() {
    // Ten moves of the learning game: the first with the hussars' melee, the rest passed.
    let mut script = String::from(SCRUBY_SCRIPT);
    for _ in 0..60 {
        script.push_str("next\n");
    }
    let g = Given::battle(SCRUBY, "");
    let r = run_in(&script, &["act", g.j(), "-"]);
    // The script runs past the battle's end: the next after the last move is refused.
    assert!(
        r.err.contains("over") || r.code == ExitCode::SUCCESS,
        "{}",
        r.err
    );
    let md = g.markdown(&[]);
    assert!(
        md.contains("- The battle is over: all 10 turns were played."),
        "{md}"
    );
    assert!(
        md.contains(
            "- French brigade at Aue held the field, with the larger share of its strength."
        ),
        "{md}"
    );
    assert!(md.contains("| turn 10 |"), "{md}");
}

#[test]
fn bad_requests_name_what_is_wrong() {
    let g = Given::battle(SCRUBY, "");
    let r = run_in("", &["report", g.j(), "--side", "frr"]);
    assert_eq!(r.code, ExitCode::from(2));
    assert!(
        r.err.contains("--side frr: the battle has no side `frr`"),
        "{}",
        r.err
    );
    assert!(r.err.contains("fr"), "{}", r.err);
    let r = run_in("", &["report", g.j(), "--side", "fr", "--umpire"]);
    assert_eq!(r.code, ExitCode::from(2), "{}", r.err);
    let missing = Path::new(g.j()).with_file_name("nothing.jsonl");
    let r = run_in("", &["report", missing.to_str().unwrap()]);
    assert_eq!(r.code, ExitCode::from(1));
    assert!(
        r.err.starts_with("error: ") && r.err.contains("nothing.jsonl"),
        "{}",
        r.err
    );
    let r = run_in("", &["report", g.j(), "--format", "pdf"]);
    assert_eq!(r.code, ExitCode::from(2));
}

#[test]
fn a_private_note_is_the_umpires_alone() {
    let g = Given::battle(
        GRID,
        "note Smoke drifts east\nnote --private the red reserve waits behind the mill\n",
    );
    let umpire = g.markdown(&[]);
    assert!(umpire.contains("Smoke drifts east"), "{umpire}");
    assert!(
        umpire.contains("the red reserve waits behind the mill"),
        "{umpire}"
    );
    assert!(
        umpire.contains("umpire only"),
        "the umpire's copy says who saw it: {umpire}"
    );
    assert!(
        umpire.contains("\\[umpire only\\] Private note: the red reserve"),
        "said once what it is: {umpire}"
    );
    for side in ["blue", "red"] {
        let md = g.markdown(&["--side", side]);
        assert!(md.contains("Smoke drifts east"), "{md}");
        assert!(!md.contains("reserve waits"), "{side}: {md}");
    }
    let public = g.markdown(&["--public"]);
    assert!(!public.contains("reserve waits"), "{public}");
}

// ---- a report never written over a battle ------------------------------------------------------

#[test]
fn a_report_is_never_written_over_its_journal_or_another_battle() {
    let g = Given::battle(GRID, "next\nnote Smoke drifts east\n");
    let before = std::fs::read(g.path()).unwrap();
    // The journal itself, by its name and through a link.
    let link = g.path().with_file_name("link.jsonl");
    std::os::unix::fs::symlink(g.path(), &link).unwrap();
    for target in [g.j(), link.to_str().unwrap()] {
        let r = run_in("", &["report", g.j(), "-o", target]);
        assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
        assert!(r.err.contains("it is the battle's journal"), "{}", r.err);
    }
    // Another battle's journal.
    let other = Given::battle(SCRUBY, "");
    let other_before = std::fs::read(other.path()).unwrap();
    let r = run_in("", &["report", g.j(), "-o", other.j(), "--format", "html"]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert!(r.err.contains("it is a battle journal"), "{}", r.err);
    assert_eq!(std::fs::read(g.path()).unwrap(), before);
    assert_eq!(std::fs::read(other.path()).unwrap(), other_before);
    // The battle goes on, recorded where it always was.
    ok("note Still here\n", &["act", g.j(), "-"]);
    assert!(
        std::fs::read_to_string(g.path())
            .unwrap()
            .contains("Still here")
    );
}

#[test]
fn a_report_is_never_written_over_a_file_it_did_not_write() {
    let g = Given::battle(GRID, "next\n");
    let dir = g.path().parent().unwrap();
    let notes = dir.join("notes.md");
    std::fs::write(&notes, "my own notes\n").unwrap();
    let r = run_in("", &["report", g.j(), "-o", notes.to_str().unwrap()]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert!(
        r.err.contains("not a report written by umpire"),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my own notes\n");
    // Nor over a file where the Markdown report's chart would go.
    let report = dir.join("mine.md");
    let chart = dir.join("mine.strength.svg");
    std::fs::write(&chart, "<svg>a drawing of mine</svg>").unwrap();
    let r = run_in("", &["report", g.j(), "-o", report.to_str().unwrap()]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert!(r.err.contains("not a report's chart"), "{}", r.err);
    assert!(!report.exists());
    // A report of its own is written again; a folder is refused.
    std::fs::remove_file(&chart).unwrap();
    for format in ["md", "html"] {
        let path = dir.join(format!("again.{format}"));
        let p = path.to_str().unwrap();
        ok("", &["report", g.j(), "--format", format, "-o", p]);
        ok("", &["report", g.j(), "--format", format, "-o", p]);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("The crossroads"), "{text}");
    }
    let r = run_in("", &["report", g.j(), "-o", dir.to_str().unwrap()]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.err);
    assert!(r.err.contains("folder"), "{}", r.err);
}

#[test]
fn a_report_to_what_is_not_a_regular_file_is_written_in_place() {
    let g = Given::battle(GRID, "next\n");
    let dir = g.path().parent().unwrap();
    let fifo = dir.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo is given a valid, NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    ok("", &["report", g.j(), "-o", fifo.to_str().unwrap()]);
    let text = reader.join().unwrap();
    assert!(text.contains("The crossroads"), "{text}");
    use std::os::unix::fs::FileTypeExt as _;
    assert!(
        std::fs::metadata(&fifo).unwrap().file_type().is_fifo(),
        "still a FIFO"
    );
    assert!(
        !dir.join("pipe.strength.svg").exists(),
        "no chart beside a FIFO"
    );
    // The system's null device stays what it is.
    let out = ok("", &["report", g.j(), "-o", "/dev/null"]);
    assert!(out.contains("/dev/null"), "{out}");
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert!(!Path::new("/dev/null.strength.svg").exists());
}

/// `text` with every checksum written again, chained, as a hand edit that knows the format would.
fn resealed(text: &str) -> String {
    const OPEN: &str = "{\"crc\":\"";
    const PREV: &str = "\"prev\":\"";
    let mut last = 0u32;
    let mut out = String::new();
    for line in text.lines() {
        let rest = &line[OPEN.len() + 10..];
        let rest = match rest.strip_prefix(PREV) {
            Some(after) => format!("{PREV}{last:08x}{}", &after[8..]),
            None => rest.to_string(),
        };
        last = crc32fast::hash(format!("{{{rest}").as_bytes());
        out.push_str(&format!("{OPEN}{last:08x}\",{rest}\n"));
    }
    out
}

#[test]
fn a_journal_edited_to_carry_terminal_codes_is_refused_not_reported() {
    let g = Given::battle(
        GRID,
        "next\nfire --firer b1 --target r1 --range 2 --dice 5,2\n",
    );
    let text = std::fs::read_to_string(g.path()).unwrap();
    for (from, to) in [
        // A step's outcome, the resolution's title, the event's summary.
        (
            "\"outcome\":\"1 hit\"",
            "\"outcome\":\"Hit\\u001b]0;pwned\\u0007\"",
        ),
        ("\"title\":\"b1 fires\"", "\"title\":\"Fire\\u001b[2J\""),
        ("\"summary\":\"b1 fires", "\"summary\":\"\\u202eb1 fires"),
    ] {
        assert!(text.contains(from), "{from}");
        std::fs::write(g.path(), resealed(&text.replacen(from, to, 1))).unwrap();
        for format in ["md", "html"] {
            let r = run_in("", &["report", g.j(), "--format", format, "-o", "-"]);
            assert_eq!(r.code, ExitCode::from(1), "{from}: {}", r.out);
            assert!(r.err.contains("battle.jsonl:4:"), "{}", r.err);
            assert!(r.err.contains("is not allowed here"), "{}", r.err);
            assert!(!r.out.contains('\u{1b}') && !r.err.contains('\u{1b}'));
        }
        let r = run_in("", &["state", g.j()]);
        assert_eq!(r.code, ExitCode::from(1), "{from}");
    }
}

#[test]
fn a_scenario_or_a_device_is_not_taken_for_a_journal() {
    for args in [
        &["report", SCRUBY, "-o", "-"][..],
        &["state", SCRUBY][..],
        &["replay", SCRUBY][..],
    ] {
        let r = run_in("", args);
        assert_eq!(r.code, ExitCode::from(1), "{args:?}");
        assert!(
            r.err.contains(
                "not a battle journal: it is a scenario; start a battle from it with `umpire new"
            ),
            "{}",
            r.err
        );
    }
    let r = run_in("", &["new", SCRUBY, "--journal", "/dev/null"]);
    assert_eq!(r.code, ExitCode::from(1));
    assert!(
        r.err
            .contains("not a regular file (it is a character device)"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("already exists"), "{}", r.err);
}

#[test]
fn a_clock_set_back_while_the_battle_is_played_takes_nothing_from_its_duration() {
    use chrono::TimeZone;
    use umpire::battle::Command;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.jsonl");
    let at = |m: i64| {
        chrono::Utc
            .timestamp_opt(1_700_000_000 + 60 * m, 0)
            .unwrap()
    };
    let scenario = umpire::scenario::load(std::path::Path::new(GRID)).unwrap();
    let mut s = Session::create(scenario, &path, 7, at(0)).unwrap();
    let note = |t: &str| Command::Note {
        text: t.into(),
        private: false,
    };
    s.execute(&note("an hour in"), None, at(60)).unwrap();
    // The laptop's clock is set back a day, and play goes on for half an hour more.
    s.execute(&note("clock set back"), None, at(-1440)).unwrap();
    s.execute(&note("half an hour later"), None, at(-1410))
        .unwrap();
    drop(s);
    let c = Chronicle::load(&path).unwrap();
    assert_eq!(Report::build(&c, Viewer::Umpire).duration(), "1 h 30 min");
}
