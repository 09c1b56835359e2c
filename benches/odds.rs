//! How long every rule set's exact odds take, case by case from `benches/icepool/cases.toml` (the
//! list `benches/icepool/icepool_baseline.py` reads too): for each case the odds from parsed
//! inputs (`Ruleset::odds`: the distribution, every figure, the words not yet written), and the
//! same odds with every line of them written out as `umpire odds` prints them (what a form that
//! shows the whole box draws). Run with `cargo bench --bench odds`; figures go in README.md.
//!
//! With `UMPIRE_ODDS_JSON=1` it prints instead every case's odds as JSON (each result's words and
//! its probability, unrounded, and the named figures), for the comparison with icepool.

use criterion::Criterion;
use serde::Deserialize;
use std::hint::black_box;
use umpire::declare::{Options, Params};
use umpire::ruleset::{Ruleset, find_action};

/// One case of `cases.toml`.
#[derive(Deserialize)]
struct Case {
    name: String,
    ruleset: String,
    action: String,
    #[serde(default)]
    inputs: Vec<(String, String)>,
    #[serde(default)]
    options: Vec<String>,
}

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

/// A case ready to run: its rule set, parsed inputs and options.
struct Ready {
    case: Case,
    ruleset: &'static dyn Ruleset,
    params: Params,
    options: Options,
}

fn cases() -> Vec<Ready> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/icepool/cases.toml");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases: Cases = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    cases
        .case
        .into_iter()
        .map(|case| {
            let ruleset = umpire::rules::get(&case.ruleset)
                .unwrap_or_else(|| panic!("{}: no rule set {:?}", case.name, case.ruleset));
            let def =
                find_action(ruleset, &case.action).unwrap_or_else(|e| panic!("{}: {e}", case.name));
            let params = Params::parse(
                def.params,
                case.inputs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
            let mut options = Options::defaults(ruleset.options());
            for o in &case.options {
                options
                    .set_text(ruleset.options(), o)
                    .unwrap_or_else(|e| panic!("{}: {e}", case.name));
            }
            Ready {
                case,
                ruleset,
                params,
                options,
            }
        })
        .collect()
}

/// Every case's odds as JSON, probabilities as computed (not tidied).
fn print_json(cases: &[Ready]) {
    let all: Vec<serde_json::Value> = cases
        .iter()
        .map(|r| {
            let report = r
                .ruleset
                .odds(&r.case.action, &r.params, &r.options)
                .unwrap_or_else(|e| panic!("{}: {e}", r.case.name));
            serde_json::json!({
                "name": r.case.name,
                "title": report.title.to_string(),
                "results": report
                    .results
                    .iter()
                    .map(|l| serde_json::json!({
                        "result": l.result.to_string(),
                        "probability": l.probability,
                    }))
                    .collect::<Vec<_>>(),
                "extra": report
                    .extra
                    .iter()
                    .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
                    .collect::<serde_json::Map<_, _>>(),
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string_pretty(&all).expect("JSON of the odds")
    );
}

fn main() {
    let cases = cases();
    if std::env::var_os("UMPIRE_ODDS_JSON").is_some() {
        print_json(&cases);
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    let mut odds = c.benchmark_group("odds");
    for r in &cases {
        odds.bench_function(&r.case.name, |b| {
            b.iter(|| {
                r.ruleset
                    .odds(
                        black_box(&r.case.action),
                        black_box(&r.params),
                        black_box(&r.options),
                    )
                    .unwrap()
            })
        });
    }
    odds.finish();
    let mut shown = c.benchmark_group("odds written out");
    for r in &cases {
        shown.bench_function(&r.case.name, |b| {
            b.iter(|| {
                let report = r
                    .ruleset
                    .odds(
                        black_box(&r.case.action),
                        black_box(&r.params),
                        black_box(&r.options),
                    )
                    .unwrap();
                umpire::cli::resolve::render_odds(&report, &r.options)
            })
        });
    }
    shown.finish();
    c.final_summary();
}
