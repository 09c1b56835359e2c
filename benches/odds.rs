//! How long every rule set's exact odds take, case by case from `benches/icepool/cases.toml` (the
//! list `benches/icepool/icepool_baseline.py` reads too): for each case the procedure's odds from
//! its parsed inputs, their defaults filled in (`Procedure::table_odds`, the procedure found by
//! name once, as a form holds it: the distribution, every figure, the words not yet written), and
//! the same odds with every line of them written out as `umpire odds` prints them (what a form
//! that shows the whole box draws). Run with `cargo bench --bench odds`; figures go in README.md.
//!
//! Times are the benchmark thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), as the icepool script's
//! are (`time.thread_time`): on a machine shared with other work, the time the thread waits for
//! a core is not counted. `UMPIRE_BENCH_WALL=1` measures wall-clock time instead.
//!
//! With `UMPIRE_ODDS_JSON=1` it prints instead every case's odds as JSON (each result's words and
//! its probability, unrounded, and the named figures), for the comparison with icepool.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput};
use serde::Deserialize;
use std::hint::black_box;
use umpire::declare::{Options, Params};
use umpire::ruleset::{Procedure, find_action};

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

/// A case ready to run: its procedure, its parsed inputs (defaults filled in) and options.
struct Ready {
    case: Case,
    procedure: &'static dyn Procedure,
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
            let procedure = ruleset
                .procedure(&case.action)
                .unwrap_or_else(|e| panic!("{}: {e}", case.name));
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
                procedure,
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
                .procedure
                .table_odds(&r.params, &r.options)
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

/// The calling thread's CPU time, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// Criterion's measurement by the benchmark thread's CPU time.
struct ThreadTime;

impl Measurement for ThreadTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// Nanoseconds shown as ns, µs or ms.
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e-3, "µs")
        } else {
            (1e-6, "ms")
        };
        for v in values {
            *v *= factor;
        }
        unit
    }
    fn scale_throughputs(&self, _: f64, _: &Throughput, _: &mut [f64]) -> &'static str {
        "per ns"
    }
    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Measures every case: its odds, then its odds written out.
fn bench<M: Measurement>(c: &mut Criterion<M>, cases: &[Ready]) {
    let mut odds = c.benchmark_group("odds");
    for r in cases {
        odds.bench_function(&r.case.name, |b| {
            b.iter(|| {
                r.procedure
                    .table_odds(black_box(&r.params), black_box(&r.options))
                    .unwrap()
            })
        });
    }
    odds.finish();
    let mut shown = c.benchmark_group("odds written out");
    for r in cases {
        shown.bench_function(&r.case.name, |b| {
            b.iter(|| {
                let report = r
                    .procedure
                    .table_odds(black_box(&r.params), black_box(&r.options))
                    .unwrap();
                umpire::cli::resolve::render_odds(&report, &r.options)
            })
        });
    }
    shown.finish();
}

fn main() {
    let cases = cases();
    if std::env::var_os("UMPIRE_ODDS_JSON").is_some() {
        print_json(&cases);
        return;
    }
    if std::env::var_os("UMPIRE_BENCH_WALL").is_some() {
        let mut c = Criterion::default()
            .with_measurement(WallTime)
            .configure_from_args();
        bench(&mut c, &cases);
        c.final_summary();
    } else {
        let mut c = Criterion::default()
            .with_measurement(ThreadTime)
            .configure_from_args();
        bench(&mut c, &cases);
        c.final_summary();
    }
}
