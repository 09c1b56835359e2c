//! Scruby's rulings through the command line battle: `umpire act JOURNAL PROCEDURE …` on the
//! learning roster, what it accepts and what it refuses (exit status 1, the rules' words, the
//! journal left byte for byte as it was), each named after the digest sentence it checks; and
//! `umpire rulesets scruby` showing every changed reading with its option.

use crate::support::cli::{Played, SCRUBY_LEARNING, ok, run_in};
use std::process::ExitCode;

/// Move 1 up to rifle fire: the Austrians win the initiative 5 to 2, the French column (stand 1)
/// is exposed by vision, and both cannon fires pass.
const TO_RIFLE_FIRE: &str = "\
next --dice 5,2
expose --stand 1 --side fr --cause vision
next
next
next
";

/// `umpire act JOURNAL ARGS…`, accepted: its output.
fn act(b: &Played, args: &[&str]) -> String {
    let mut all = vec!["act", b.j()];
    all.extend_from_slice(args);
    ok("", &all)
}

/// `umpire act JOURNAL ARGS…`, refused with exit status 1 and the journal unchanged: stderr.
fn refused(b: &Played, args: &[&str]) -> String {
    refused_with(1, b, args)
}

/// As [`refused`], with exit status `code` (2: an input missing or mistyped).
fn refused_with(code: u8, b: &Played, args: &[&str]) -> String {
    let before = std::fs::read(&b.journal).unwrap();
    let mut all = vec!["act", b.j()];
    all.extend_from_slice(args);
    let r = run_in("", &all);
    assert_eq!(
        r.code,
        ExitCode::from(code),
        "{args:?} was not refused: {}",
        r.out
    );
    assert!(r.out.is_empty(), "{}", r.out);
    assert!(r.err.starts_with("error: "), "{}", r.err);
    assert_eq!(
        std::fs::read(&b.journal).unwrap(),
        before,
        "a refusal changes nothing"
    );
    r.err
}

/// Digest, rifle fire at a gun crew: "Line 4/3/2 kill the crew on 3-6" (a 3 or a 6).
#[test]
fn act_rifle_at_a_crew_kills_on_a_three_or_a_six() {
    let b = Played::battle(SCRUBY_LEARNING, TO_RIFLE_FIRE);
    let out = act(
        &b,
        &[
            "rifle",
            "--firer-unit",
            "au-l3",
            "--target-unit",
            "fr-gun",
            "--range",
            "5",
            "--dice",
            "4",
        ],
    );
    assert!(
        out.contains("rolled 4 (needs 3 or 6): the crew survives"),
        "{out}"
    );
}

/// Digest: "Any infantry fired on from its flank gets no return fire at that firer this move (the
/// program refuses that return fire, not only says so)".
#[test]
fn act_refuses_the_return_fire_of_a_regiment_taken_in_its_flank() {
    let b = Played::battle(
        SCRUBY_LEARNING,
        &format!("{TO_RIFLE_FIRE}rifle --firer-unit au-l3 --target-unit fr-l1 --range 5 --flank\n"),
    );
    let err = refused(
        &b,
        &[
            "rifle",
            "--firer-unit",
            "fr-l1",
            "--target-unit",
            "au-l3",
            "--range",
            "5",
        ],
    );
    assert!(
        err.contains("4e régiment d'infanterie de ligne (fr-l1) was fired on from its flank by Infanterie-Regiment Nr. 36 (au-l3) this move: it gets no return fire at au-l3"),
        "{err}"
    );
}

/// Digest: a headquarters "is never fired on (rifle, canister or cannon) nor meleed … taken only
/// by an enemy regiment or squadron reaching it (not by a gun or another headquarters)".
#[test]
fn act_refuses_fire_at_a_headquarters_and_a_gun_taking_one() {
    let b = Played::battle(SCRUBY_LEARNING, "next --dice 2,5\nnext\n");
    let err = refused(
        &b,
        &[
            "artillery",
            "--gun-unit",
            "fr-gun",
            "--target-unit",
            "au-hq",
            "--range",
            "12",
            "--dice",
            "1",
        ],
    );
    assert!(
        err.contains("is a headquarters") && err.contains("never fired on"),
        "{err}"
    );
    let err = refused(&b, &["take-hq", "--hq", "au-hq", "--by", "fr-gun"]);
    assert!(
        err.contains("only a regiment or squadron takes a headquarters"),
        "{err}"
    );
    let out = act(&b, &["take-hq", "--hq", "au-hq", "--by", "fr-cui-a"]);
    assert!(out.contains("has lost it"), "{out}");
}

/// Digest: "a gun within musket range of its target fires canister (not ordinary fire)".
#[test]
fn act_refuses_ordinary_fire_at_troops_within_musket_range() {
    let b = Played::battle(SCRUBY_LEARNING, "next --dice 2,5\nnext\n");
    let err = refused(
        &b,
        &[
            "artillery",
            "--gun-unit",
            "fr-gun",
            "--target-unit",
            "au-l3",
            "--range",
            "5",
            "--dice",
            "1",
        ],
    );
    assert!(err.contains("use `canister`"), "{err}");
    act(
        &b,
        &[
            "canister",
            "--gun-unit",
            "fr-gun",
            "--target-unit",
            "au-l3",
            "--range",
            "5",
        ],
    );
}

/// Digest, Decision: "the umpire says who holds a crewless gun (a procedure, not only a hand-set
/// marker)"; the count restarts when the holder changes.
#[test]
fn act_hold_gun_says_who_holds_a_crewless_gun() {
    let b = Played::battle(
        SCRUBY_LEARNING,
        &format!(
            "{TO_RIFLE_FIRE}rifle --firer-unit au-l3 --target-unit fr-gun --range 5 --dice 6\n"
        ),
    );
    let err = refused_with(2, &b, &["hold-gun", "--gun-unit", "fr-gun"]);
    assert!(err.contains("--by is required"), "{err}");
    let out = act(&b, &["hold-gun", "--gun-unit", "fr-gun", "--by", "au-l3"]);
    assert!(out.contains("the count starts"), "{out}");
    let err = refused(
        &b,
        &["hold-gun", "--gun-unit", "fr-gun", "--by", "au-hus-a"],
    );
    assert!(err.contains("already"), "{err}");
    let out = act(&b, &["hold-gun", "--gun-unit", "fr-gun", "--by", "fr-lt"]);
    assert!(out.contains("the count starts again"), "{out}");
    let state = ok("", &["state", b.j()]);
    assert!(state.contains("HELD fr 0/3"), "{state}");
    let err = refused(&b, &["hold-gun", "--gun-unit", "fr-gun", "--by", "fr-gun"]);
    assert!(
        err.contains("only a regiment or squadron holds a gun"),
        "{err}"
    );
}

/// Digest: "only a column of 3+ regiments is a cross-country column, and it fires with one
/// regiment only".
#[test]
fn act_form_refuses_a_cross_country_column_of_fewer_than_three() {
    let b = Played::battle(
        SCRUBY_LEARNING,
        "next --dice 5,2\nexpose --stand 1 --side fr --cause vision\n",
    );
    let err = refused(
        &b,
        &["form", "--unit", "fr-l1", "--formation", "cross-country"],
    );
    assert!(err.contains("3 or more regiments stand to stand"), "{err}");
    let err = refused(
        &b,
        &[
            "form",
            "--unit",
            "fr-l1",
            "--formation",
            "cross-country",
            "--with",
            "fr-lt",
        ],
    );
    assert!(err.contains("(2 named)"), "{err}");
    // Joining the exposed column (3 regiments) makes one of 4.
    let out = act(
        &b,
        &[
            "form",
            "--unit",
            "fr-l1",
            "--formation",
            "cross-country",
            "--with",
            "fr-l2",
        ],
    );
    assert!(
        out.contains("form cross-country column 1: 4 regiments"),
        "{out}"
    );
    // Exposed this move, its regiments may not deploy yet.
    let err = refused(&b, &["form", "--unit", "fr-l2", "--formation", "line"]);
    assert!(err.contains("may deploy from the following move"), "{err}");
    let script =
        "next\nnext\nnext\nrifle --firer-unit fr-l1 --target-unit au-l3 --range 5 --dice 1\n";
    let r = run_in(script, &["act", b.j(), "-"]);
    assert_eq!(r.code, ExitCode::SUCCESS, "{}", r.err);
    let err = refused(
        &b,
        &[
            "rifle",
            "--firer-unit",
            "fr-gr",
            "--target-unit",
            "au-l3",
            "--range",
            "5",
        ],
    );
    assert!(err.contains("a column fires as one regiment"), "{err}");
}

/// `umpire rulesets scruby`: every changed reading, with the option that offers the other one.
#[test]
fn rulesets_shows_the_changed_decisions_and_their_options() {
    // Read with its lines run together (long texts are wrapped).
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let out = words(&ok("", &["rulesets", "scruby"]));
    for needle in [
        "three_six                     3-and-6|3-to-6          default \"3-and-6\"",
        "road_column_against_position  row-6|row-8             default \"row-6\"",
        "rifle table, row 6 (changed)",
        "is a roll of 3 or 6 (one third), never 3 to 6",
        "re-manning a crewless gun",
        "is never fired on (rifle, canister or cannon) nor meleed",
        "hold-gun  (in a battle)",
        "firing into a melee",
        "costs that stand a figure",
    ] {
        assert!(out.contains(&words(needle)), "{needle:?} missing:\n{out}");
    }
}
