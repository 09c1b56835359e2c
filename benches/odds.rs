//! How long each Newport odds computation takes, from parsed inputs to the finished report.
//! Target: every one under 100 µs. Run with `cargo bench`; figures go in README.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use umpire::declare::{Options, Params};
use umpire::rules::newport::Newport;
use umpire::ruleset::{Rules, Ruleset, find_action};

fn params(action: &str, args: &[(&str, &str)]) -> Params {
    let def = find_action(&Newport, action).unwrap();
    Params::parse(def.params, args.iter().copied()).unwrap()
}

fn options(extra: &[&str]) -> Options {
    let mut o = Options::defaults(Newport.declaration().options);
    for e in extra {
        o.set_text(Newport.declaration().options, e).unwrap();
    }
    o
}

fn bench(c: &mut Criterion) {
    let plain = options(&[]);
    let hmg = options(&["hmg_two_dice=true"]);
    let cases: Vec<(&str, &str, Params, &Options)> = vec![
        (
            "fire/infantry table",
            "fire",
            params(
                "fire",
                &[("range", "12"), ("cover", "hard"), ("firer-suppressed", "")],
            ),
            &plain,
        ),
        (
            "fire/hmg two dice",
            "fire",
            params("fire", &[("range", "6"), ("hmg", "")]),
            &hmg,
        ),
        (
            "fire/anti-tank table",
            "fire",
            params(
                "fire",
                &[
                    ("range", "20"),
                    ("table", "anti-tank"),
                    ("firer-kind", "vehicle"),
                    ("flank", ""),
                    ("gun", "-1"),
                    ("armour", "1"),
                ],
            ),
            &plain,
        ),
        (
            "air/best of three",
            "air",
            params("air", &[("best-of", "3"), ("cover", "soft")]),
            &plain,
        ),
        (
            "artillery/five targets",
            "artillery",
            params(
                "artillery",
                &[(
                    "targets",
                    "infantry:hard,infantry:soft:green,vehicle::regular:1,weapons,gun:soft",
                )],
            ),
            &plain,
        ),
        (
            "close-combat/infantry loop",
            "close-combat",
            params("close-combat", &[("cover", "soft")]),
            &plain,
        ),
        (
            "close-combat/hmg two dice, suppressed defender",
            "close-combat",
            params(
                "close-combat",
                &[
                    ("defender-state", "suppressed"),
                    ("defender-hmg", ""),
                    ("attacker-hmg", ""),
                ],
            ),
            &hmg,
        ),
        (
            "close-combat/paralyzed defender",
            "close-combat",
            params("close-combat", &[("defender-state", "paralyzed")]),
            &plain,
        ),
        (
            "close-combat/vehicle attacker",
            "close-combat",
            params(
                "close-combat",
                &[("attacker-kind", "vehicle"), ("attacker-armour", "1")],
            ),
            &plain,
        ),
        (
            "command-roll",
            "command-roll",
            params("command-roll", &[("quality", "green")]),
            &plain,
        ),
        (
            "command-points/superior",
            "command-points",
            params(
                "command-points",
                &[("superior", ""), ("lost", "2"), ("saved", "3")],
            ),
            &plain,
        ),
        (
            "morale-check",
            "morale-check",
            params("morale-check", &[("quality", "elite")]),
            &plain,
        ),
    ];
    let mut group = c.benchmark_group("newport odds");
    for (name, action, p, o) in &cases {
        group.bench_function(*name, |b| {
            b.iter(|| {
                (&Newport as &dyn Ruleset)
                    .odds(black_box(action), black_box(p), black_box(o))
                    .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
