//! Newport's explanations add up: every sum an explanation shows lists each die and each modifier,
//! and the numbers shown add up to the total it reads the table with — for every procedure,
//! outside a battle and in one, over a range of faces.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::{Battle, Command, Entry};
use umpire::declare::{Options, Params};
use umpire::dice::{DiceError, DiceSource, Die, SeededDice};
use umpire::resolution::Resolution;
use umpire::rules;
use umpire::ruleset::Ruleset;

/// The first face given, then the program's dice from a seed: every face appears first somewhere,
/// and a loop such as close combat still ends.
struct FirstThen {
    first: Option<u8>,
    rest: SeededDice,
}

impl DiceSource for FirstThen {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u8, DiceError> {
        match self.first.take() {
            Some(f) if f <= die.sides => Ok(f),
            _ => self.rest.roll(die, purpose),
        }
    }
    fn is_generated(&self) -> bool {
        true
    }
}

fn dice(face: u8, seed: u64) -> FirstThen {
    FirstThen {
        first: Some(face),
        rest: SeededDice::new(seed),
    }
}

/// A signed whole number as the sums write it (`−2` with a true minus sign, or `-2`).
fn number(text: &str, line: &str) -> i32 {
    let t = text.trim();
    let (neg, digits) = match t.strip_prefix('−').or_else(|| t.strip_prefix('-')) {
        Some(d) => (true, d),
        None => (false, t),
    };
    let n: i32 = digits
        .parse()
        .unwrap_or_else(|_| panic!("`{t}` is not a number in {line:?}"));
    if neg { -n } else { n }
}

/// The terms and total of a rendered `roll:` line.
fn parse_sum(line: &str) -> (Vec<i32>, i32) {
    let sum = line.trim_start().strip_prefix("roll:").unwrap().trim();
    let (lhs, rhs) = sum
        .split_once(" = ")
        .unwrap_or_else(|| panic!("no ` = ` in {line:?}"));
    let mut words = lhs.split_whitespace();
    let mut terms = vec![number(words.next().expect("a first term"), line)];
    while let Some(op) = words.next() {
        let n = number(
            words
                .next()
                .unwrap_or_else(|| panic!("`{op}` ends {line:?}")),
            line,
        );
        terms.push(match op {
            "+" => n,
            "−" | "-" => -n,
            other => panic!("`{other}` is not + or − in {line:?}"),
        });
    }
    (terms, number(rhs, line))
}

/// Every `roll:` line of `r`'s text adds up to its total, and lists exactly the dice and modifiers
/// of its step.
fn adds_up(r: &Resolution) {
    let text = r.render_text();
    let shown: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("roll:"))
        .collect();
    let summed: Vec<_> = r.steps.iter().filter(|s| s.total.is_some()).collect();
    assert_eq!(
        shown.len(),
        summed.len(),
        "one sum per step with a total:\n{text}"
    );
    for (line, step) in shown.iter().zip(summed) {
        let (terms, total) = parse_sum(line);
        assert_eq!(
            terms.iter().sum::<i32>(),
            total,
            "the sum does not add up: {line:?}\n{text}"
        );
        assert_eq!(Some(total), step.total, "{line:?}");
        let dice: Vec<i32> = match step.kept {
            Some(k) => vec![i32::from(k)],
            None => step.dice.iter().map(|d| i32::from(d.face)).collect(),
        };
        let mods: Vec<i32> = step.modifiers.iter().map(|m| m.value).collect();
        assert_eq!(
            terms,
            [dice, mods].concat(),
            "every die and every modifier, in order: {line:?}\n{text}"
        );
    }
}

fn newport() -> &'static dyn Ruleset {
    rules::get("newport").unwrap()
}

/// A table-only procedure: its id, its inputs and the options in force.
type Case = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    Vec<&'static str>,
);

/// Table-only procedures with the inputs that give each its every kind of term.
fn table_cases() -> Vec<Case> {
    vec![
        ("fire", vec![("range", "4")], vec![]),
        (
            "fire",
            vec![
                ("range", "12"),
                ("cover", "hard"),
                ("firer-suppressed", ""),
                ("target-quality", "green"),
            ],
            vec![],
        ),
        (
            "fire",
            vec![("range", "12"), ("hmg", ""), ("cover", "soft")],
            vec!["hmg_two_dice=true"],
        ),
        (
            "fire",
            vec![
                ("range", "20"),
                ("table", "anti-tank"),
                ("firer-kind", "vehicle"),
                ("flank", ""),
                ("road", ""),
                ("gun", "-2"),
                ("armour", "1"),
            ],
            vec![],
        ),
        ("air", vec![("best-of", "3"), ("cover", "soft")], vec![]),
        (
            "air",
            vec![("target-kind", "vehicle"), ("armour", "-2")],
            vec![],
        ),
        (
            "artillery",
            vec![("targets", "infantry:hard,vehicle:soft:green:+2,leader")],
            vec![],
        ),
        (
            "artillery",
            vec![
                ("weapon", "light-mortar"),
                ("range", "10"),
                ("targets", "infantry"),
            ],
            vec![],
        ),
        ("close-combat", vec![], vec![]),
        (
            "close-combat",
            vec![("cover", "hard"), ("defender-state", "suppressed")],
            vec![],
        ),
        (
            "close-combat",
            vec![("defender-state", "paralyzed"), ("defender-hmg", "")],
            vec!["hmg_two_dice=true"],
        ),
        (
            "close-combat",
            vec![
                ("attacker-kind", "vehicle"),
                ("defender-kind", "vehicle"),
                ("attacker-gun", "-2"),
                ("defender-armour", "2"),
                ("cover", "soft"),
            ],
            vec!["scale=\"battalion\""],
        ),
        (
            "close-combat",
            vec![
                ("defender-kind", "vehicle"),
                ("defender-state", "suppressed"),
            ],
            vec![],
        ),
        ("command-roll", vec![("quality", "green")], vec![]),
        ("command-points", vec![], vec![]),
        (
            "command-points",
            vec![("superior", ""), ("lost", "1")],
            vec![],
        ),
        (
            "command-points",
            vec![("superior", ""), ("lost", "9"), ("saved", "2")],
            vec![],
        ),
        (
            "command-points",
            vec![("hamstrung", ""), ("lost", "4")],
            vec!["command_die=6"],
        ),
        ("morale-check", vec![("quality", "elite")], vec![]),
    ]
}

#[test]
fn every_table_procedure_shows_sums_that_add_up() {
    let ruleset = newport();
    let cases = table_cases();
    // Every standalone procedure is tried.
    for a in ruleset.actions().filter(|a| a.standalone) {
        assert!(
            cases.iter().any(|(id, _, _)| *id == a.id),
            "no case for `{}`",
            a.id
        );
    }
    for (action, args, opts) in cases {
        let def = umpire::ruleset::find_action(ruleset, action).unwrap();
        let params = Params::parse(def.params, args.iter().copied()).unwrap();
        let mut options = Options::defaults(ruleset.options());
        for o in &opts {
            options.set_text(ruleset.options(), o).unwrap();
        }
        for face in 1..=10u8 {
            for seed in 0..12 {
                let r = ruleset
                    .resolve(action, &params, &options, &mut dice(face, seed))
                    .unwrap_or_else(|e| panic!("{action} {args:?}: {e}"));
                adds_up(&r);
            }
        }
    }
}

#[test]
fn superior_command_shows_both_dice() {
    // The example: two dice 3 and 4, one stand lost.
    let ruleset = newport();
    let def = umpire::ruleset::find_action(ruleset, "command-points").unwrap();
    let params = Params::parse(def.params, [("superior", ""), ("lost", "1")]).unwrap();
    let options = Options::defaults(ruleset.options());
    let mut typed = umpire::dice::TypedDice::parse("3 4").unwrap();
    let r = ruleset
        .resolve("command-points", &params, &options, &mut typed)
        .unwrap();
    let text = r.render_text();
    assert!(text.contains("roll:      3 + 4 − 1 = 6"), "{text}");
}

#[test]
fn a_kept_die_is_the_one_in_the_sum() {
    let ruleset = newport();
    let def = umpire::ruleset::find_action(ruleset, "fire").unwrap();
    let params = Params::parse(def.params, [("range", "12"), ("hmg", "")]).unwrap();
    let mut options = Options::defaults(ruleset.options());
    options
        .set_text(ruleset.options(), "hmg_two_dice=true")
        .unwrap();
    let mut typed = umpire::dice::TypedDice::parse("8 3").unwrap();
    let r = ruleset
        .resolve("fire", &params, &options, &mut typed)
        .unwrap();
    let text = r.render_text();
    assert!(
        text.contains("dice:      8 (d10), 3 (d10), kept 3"),
        "{text}"
    );
    assert!(text.contains("roll:      3 + 1 = 4"), "{text}");
    // No modifier: the die alone.
    let params = Params::parse(def.params, [("range", "3")]).unwrap();
    let mut typed = umpire::dice::TypedDice::parse("7").unwrap();
    let r = ruleset
        .resolve("fire", &params, &options, &mut typed)
        .unwrap();
    assert!(
        r.render_text().contains("roll:      7 = 7"),
        "{}",
        r.render_text()
    );
}

/// Carries `cmd` out if the rules allow it, keeping the explanations of what it did (the battle
/// keeps only the summary and effects of each event; the journal keeps the rest).
fn try_run(
    b: &mut Battle,
    cmd: &Command,
    dice: &mut dyn DiceSource,
    shown: &mut Vec<Resolution>,
) -> bool {
    match b.handle(cmd, dice) {
        Ok(entry @ Entry::Event(_)) => {
            if let Entry::Event(e) = &entry {
                shown.extend(e.resolutions.iter().cloned());
            }
            b.apply(entry).unwrap();
            true
        }
        _ => false,
    }
}

/// A company battle to start again and again at its first action phase.
struct Fresh(String);

impl Fresh {
    fn clone_fresh(&self) -> Battle {
        let mut b = battle(&self.0);
        advance(&mut b, "");
        b
    }
}

#[test]
fn every_battle_procedure_shows_sums_that_add_up() {
    for face in 1..=10u8 {
        for seed in 0..4 {
            // A company game: fire, opportunity fire, close combat, air, artillery, morale checks.
            let b = Fresh(company(
                "command_method = 2\nmorale_check = true\nhmg_two_dice = true",
            ));
            let steps: Vec<(&str, Vec<(&str, &str)>)> = vec![
                (
                    "fire",
                    vec![
                        ("firer", "1-1"),
                        ("target", "g1"),
                        ("range", "10"),
                        ("cover", "soft"),
                        ("out-of-command", ""),
                    ],
                ),
                (
                    "fire",
                    vec![
                        ("firer", "g-mg"),
                        ("target", "1-1"),
                        ("range", "10"),
                        ("trigger", "fired"),
                    ],
                ),
                (
                    "fire",
                    vec![
                        ("firer", "t1"),
                        ("target", "pz"),
                        ("range", "20"),
                        ("flank", ""),
                    ],
                ),
                (
                    "close-combat",
                    vec![
                        ("attacker", "1-3"),
                        ("defender", "g3"),
                        ("cover", "hard"),
                        ("moved", "no"),
                    ],
                ),
                (
                    "air",
                    vec![("asset", "p47"), ("target", "g2"), ("best-of", "2")],
                ),
                (
                    "artillery",
                    vec![
                        ("asset", "arty"),
                        ("spotter", "a-ldr"),
                        ("targets", "g1:hard,g-mg,pz:soft"),
                    ],
                ),
            ];
            // Each procedure in a battle of its own (an earlier one may have removed a target);
            // the opportunity fire after the first fire, and two phase changes with morale checks.
            let mut shown = Vec::new();
            for (i, (name, args)) in steps.iter().enumerate() {
                if i == 1 {
                    continue;
                }
                let mut b = b.clone_fresh();
                let mut d = dice(face, seed);
                let cmd = action(&b, name, args);
                assert!(try_run(&mut b, &cmd, &mut d, &mut shown), "{name} {args:?}");
                if i == 0 {
                    let (name, args) = &steps[1];
                    let cmd = action(&b, name, args);
                    try_run(&mut b, &cmd, &mut d, &mut shown);
                    mark(&mut b, "1-2", "suppressed");
                    try_run(&mut b, &Command::Advance, &mut d, &mut shown);
                    try_run(&mut b, &Command::Advance, &mut d, &mut shown);
                }
            }
            for action in ["fire", "close-combat", "air", "artillery", "morale-check"] {
                assert!(
                    shown.iter().any(|r| r.action == action),
                    "no {action} was carried out (face {face}, seed {seed})"
                );
            }
            shown.iter().for_each(adds_up);
            // A battalion game: command points, superior and not.
            let mut b = battle(&battalion(
                "superior_command = true",
                "superior_command = false",
            ));
            let mut d = dice(face, seed);
            let mut shown = Vec::new();
            for _ in 0..4 {
                try_run(&mut b, &Command::Advance, &mut d, &mut shown);
            }
            assert!(
                shown
                    .iter()
                    .any(|r| r.steps.iter().any(|s| s.dice.len() == 2)),
                "a superior command rolled two dice"
            );
            shown.iter().for_each(adds_up);
        }
    }
}
