//! The report's outcome says who won: the scenario's objectives first (Scruby's headquarters),
//! then strength; a unit that left the table is no loss; and the result the umpire records in
//! his own words (`umpire result JOURNAL TEXT…`) comes first, in every copy, escaped.

use crate::support::cli::{
    GRID_CROSSROADS, NEWPORT_COMPANY, Played, SCRUBY_FOUR_MOVES, SCRUBY_LEARNING, ok, run_in,
};
use std::process::ExitCode;

/// The part of `text` from the line starting `from` to the end.
fn from<'a>(text: &'a str, from: &str) -> &'a str {
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("no {from:?} in\n{text}"));
    &text[start..]
}

/// The outcome's lines of a Markdown report.
fn outcome(md: &str) -> Vec<&str> {
    from(md, "## Outcome")
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .collect()
}

#[test]
fn a_side_that_lost_its_headquarters_did_not_hold_the_field() {
    // The French keep the larger share of their strength, but an Austrian squadron reaches
    // their headquarters.
    let script = format!("{SCRUBY_FOUR_MOVES}take-hq --hq fr-hq --by au-hus-b\n");
    let g = Played::battle(SCRUBY_LEARNING, &script);
    let md = g.report("md", &[]);
    let lines = outcome(&md);
    assert!(
        lines.contains(&"Quartier général de brigade (Aue) (fr-hq) is lost: in the enemy's hands."),
        "{lines:#?}"
    );
    let verdict = lines.last().unwrap();
    assert_eq!(
        *verdict,
        "Austrian advanced guard leads on the objectives: French brigade at Aue lost 1 of its 1 \
         objective; Austrian advanced guard lost none.",
        "{lines:#?}"
    );
    assert!(!md.contains("the field"), "{md}");
    // Every copy reads the objectives first: the sides' and the public one.
    for side in ["au", "fr"] {
        let copy = g.report("md", &["--side", side]);
        assert!(
            outcome(&copy)
                .last()
                .unwrap()
                .starts_with("Austrian advanced guard leads on the objectives"),
            "{copy}"
        );
    }
}

#[test]
fn with_the_objectives_even_the_larger_share_of_strength_holds_the_field() {
    let g = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let lines_md = g.report("md", &[]);
    let lines = outcome(&lines_md);
    let n = lines.len();
    assert_eq!(
        lines[n - 2],
        "The objectives leave the sides even: none was lost.",
        "{lines:#?}"
    );
    assert!(lines[n - 1].ends_with("the field, with the larger share of its strength."));
    // A rule set without objectives says nothing of them.
    let g = Played::battle(GRID_CROSSROADS, "");
    let md = g.report("md", &[]);
    assert!(!md.contains("objective"), "{md}");
}

#[test]
fn a_scout_that_left_the_table_is_no_loss_and_the_figures_add_up() {
    // The Austrian hussars' first squadron exposes the French column and leaves the table.
    let g = Played::battle(SCRUBY_LEARNING, SCRUBY_FOUR_MOVES);
    let md = g.report("md", &[]);
    let au = outcome(&md)
        .into_iter()
        .find(|l| l.starts_with("Austrian advanced guard (au)"))
        .unwrap()
        .to_string();
    assert!(au.contains("units in play, 1 left the table, "), "{au}");
    // Its figures are kept, not lost: what was lost and what was kept make the whole.
    let number = |before: &str| -> u32 {
        let at = au
            .find(before)
            .unwrap_or_else(|| panic!("{before:?} in {au}"));
        au[..at]
            .rsplit(|c: char| !c.is_ascii_digit())
            .find(|w| !w.is_empty())
            .unwrap()
            .parse()
            .unwrap()
    };
    let lost = number(" figures lost");
    let kept = number(" of 25)");
    assert_eq!(kept + lost, 25, "{au}");
}

#[test]
fn the_umpires_result_comes_first_in_every_copy_escaped() {
    let script = format!(
        "{SCRUBY_FOUR_MOVES}result An Austrian victory: the <b>Kapellenhof</b> held | [x](javascript:alert(1))\n"
    );
    let g = Played::battle(SCRUBY_LEARNING, &script);
    let state = ok("", &["state", g.j()]);
    assert!(
        state.contains("Result, in the umpire's words: An Austrian victory"),
        "{state}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok("", &["state", g.j(), "--json"])).unwrap();
    assert!(
        json["result"]
            .as_str()
            .unwrap()
            .starts_with("An Austrian victory: the <b>"),
        "{json}"
    );
    for args in [&[][..], &["--side", "fr"], &["--side", "au"], &["--public"]] {
        let md = g.report("md", args);
        let head = md.lines().nth(2).unwrap();
        assert_eq!(
            head,
            "**Result, in the umpire's words:** An Austrian victory: the &lt;b&gt;Kapellenhof&lt;/b&gt; \
             held \\| \\[x\\](javascript:alert(1))",
            "{args:?}\n{md}"
        );
        assert!(
            outcome(&md)[0].starts_with("The umpire's result: An Austrian victory"),
            "{md}"
        );
        let html = g.report("html", args);
        assert!(
            html.contains(
                "<h1>Learning game: the Road to Aue, April 1809</h1>\n<p class=\"result\"><strong>Result, in the umpire's words:</strong> An Austrian victory: the &lt;b&gt;Kapellenhof&lt;/b&gt; held"
            ),
            "{html}"
        );
        assert!(!html.contains("<b>Kapellenhof"), "{html}");
    }
    // Undone, it is gone; a later one replaces it.
    ok("", &["undo", g.j()]);
    let md = g.report("md", &[]);
    assert!(!md.contains("umpire's words"), "{md}");
    ok("", &["result", g.j(), "A", "draw"]);
    ok("", &["result", g.j(), "An", "Austrian", "win"]);
    let md = g.report("md", &[]);
    assert!(
        md.contains("**Result, in the umpire's words:** An Austrian win\n"),
        "{md}"
    );
    assert_eq!(outcome(&md)[0], "The umpire's result: An Austrian win");
    assert!(!from(&md, "## Outcome").contains("A draw"), "{md}");
}

#[test]
fn a_result_is_refused_empty_and_naming_a_unit_still_concealed() {
    let g = Played::battle(SCRUBY_LEARNING, "");
    let before = std::fs::read(&g.journal).unwrap();
    let r = run_in("", &["result", g.j(), "  "]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.out);
    assert!(r.err.contains("the result is empty"), "{}", r.err);
    // The Austrian column is concealed at the start: a result naming one of its regiments
    // would tell the French what is in it.
    let r = run_in("", &["result", g.j(), "au-l1", "broke"]);
    assert_eq!(r.code, ExitCode::from(1), "{}", r.out);
    assert!(r.err.contains("names a unit still concealed"), "{}", r.err);
    assert_eq!(std::fs::read(&g.journal).unwrap(), before);
}

#[test]
fn state_counts_the_turns_of_a_battle_extended() {
    // The crossroads made one turn long, played to its end and extended by two.
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("short.toml");
    let text =
        std::fs::read_to_string(GRID_CROSSROADS)
            .unwrap()
            .replacen("turns = 6", "turns = 1", 1);
    std::fs::write(&scenario, text).unwrap();
    let journal = dir.path().join("battle.jsonl");
    let j = journal.to_str().unwrap();
    ok(
        "",
        &[
            "new",
            scenario.to_str().unwrap(),
            "--journal",
            j,
            "--seed",
            "7",
        ],
    );
    let state = ok("", &["state", j]);
    assert!(
        state.lines().nth(1).unwrap().starts_with("Turn 1 of 1 · "),
        "{state}"
    );
    ok("next\nnext\nnext\nnext\n", &["act", j, "-"]);
    ok("", &["extend", j, "2"]);
    ok("", &["next", j]);
    let state = ok("", &["state", j]);
    let line = state.lines().nth(1).unwrap();
    assert!(
        line.starts_with("Turn 2 of 3 (extended from 1) · "),
        "{line}"
    );
}

/// (On Newport's company action: an opportunity fire is the one event of the side whose turn it is
/// not, and Grid skirmish has none.)
#[test]
fn the_enemys_opportunity_fire_is_told_under_the_firers_side() {
    let g = Played::battle(
        NEWPORT_COMPANY,
        "next\nmove --unit 1-2\nnote The hedge is thick\nfire --firer gkf --target 1-2 --range 4\n",
    );
    for args in [&[][..], &["--public"]] {
        let md = g.report("md", args);
        let line = |words: &str| {
            md.lines()
                .find(|l| l.contains(words))
                .unwrap_or_else(|| panic!("no {words:?} in\n{md}"))
        };
        assert!(
            line("(1-2) moves").contains("*B Company, 1st Battalion, 116th Infantry*"),
            "{md}"
        );
        let fire = line("opportunity-fires at");
        assert!(
            fire.contains("*5\\. Kompanie, Grenadier-Regiment 916*"),
            "{fire}"
        );
    }
}

/// The learning game with each side's goal, as a scenario states it.
fn with_goals(dir: &std::path::Path) -> std::path::PathBuf {
    let text = std::fs::read_to_string(SCRUBY_LEARNING).unwrap();
    let text = text
        .replacen(
            "name = \"Austrian advanced guard\"",
            "name = \"Austrian advanced guard\"\ngoal = \"Hold the Kapellenhof <b>until</b> move 8\"",
            1,
        )
        .replacen(
            "name = \"French brigade at Aue\"",
            "name = \"French brigade at Aue\"\ngoal = \"Take the *Kapellenhof*\"",
            1,
        );
    let path = dir.join("goals.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn each_sides_goal_is_in_the_outcome_of_the_umpires_copy_and_its_own_alone() {
    let dir = tempfile::tempdir().unwrap();
    let g = Played::battle(with_goals(dir.path()), "");
    let au = "Austrian advanced guard (au)'s goal: Hold the Kapellenhof";
    let fr = "French brigade at Aue (fr)'s goal: Take the";
    let umpire = g.report("md", &[]);
    let lines = outcome(&umpire).join("\n");
    assert!(lines.contains(au) && lines.contains(fr), "{lines}");
    // Escaped as every text of the report is.
    assert!(
        !umpire.contains("<b>") && !umpire.contains("Take the *Kapellenhof*"),
        "{umpire}"
    );
    let html = g.report("html", &[]);
    assert!(!html.contains("<b>until</b>"), "{html}");
    // A side's copy gives its own orders, never the enemy's; the public copy neither.
    let copy = g.report("md", &["--side", "au"]);
    assert!(copy.contains(au) && !copy.contains("(fr)'s goal"), "{copy}");
    let copy = g.report("md", &["--side", "fr"]);
    assert!(copy.contains(fr) && !copy.contains("(au)'s goal"), "{copy}");
    let public = g.report("md", &["--public"]);
    assert!(!public.contains("'s goal"), "{public}");
}

#[test]
fn a_goal_with_a_control_character_is_refused_where_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let path = with_goals(dir.path());
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("Take the *Kapellenhof*", "Take the \\u0007Kapellenhof");
    std::fs::write(&path, text).unwrap();
    let r = run_in("", &["check", path.to_str().unwrap()]);
    assert_ne!(r.code, ExitCode::SUCCESS, "{}", r.out);
    assert!(
        r.err.contains("goals.toml:") && r.err.contains("goal"),
        "{}",
        r.err
    );
}
