//! One command on a long journal, as the command line carries it out: `umpire act|note|next|undo
//! JOURNAL …` opens and locks the journal, rebuilds the battle, carries out the command, appends
//! its record (synced) and exits. On journals of 1,000, 10,000 and 100,000 records of the
//! 1,000-unit Newport battle (`scale`), with the checkpoint the battle leaves beside its journal,
//! and without (the old path: the whole journal replayed, `Session::open_thin` as the command line
//! opened it before checkpoints). Target (issue 27): one command on 100,000 events under 50 ms.
//! Run with `cargo bench --bench command`; figures go in README.md.
//!
//! A second group measures what the program no longer does at exit (`cli::let_go`): freeing, at
//! each length, what `umpire state` built (the battle read from the journal and its checkpoint),
//! what one command built (its session), the terminal UI's session (every event kept) and the
//! battle as `replay` and `watch` follow it.
//!
//! Every command measured appends its record, so the journals grow steadily as the benchmark runs
//! and the checkpoint falls behind and is written again (every 500 records), as at the table. The
//! journals are on a memory file system when there is one (the disk's syncs are not measured).

mod scale;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use umpire::battle::Command;
use umpire::battle::session::Session;
use umpire::report::chronicle::Follower;

/// The journals' lengths, in records.
const SIZES: [u64; 3] = [1_000, 10_000, 100_000];

/// The commands measured.
const COMMANDS: [&str; 4] = ["act", "note", "next", "undo"];

/// A journal of the 1,000-unit battle `records` long.
fn journal(dir: &Path, records: u64) -> PathBuf {
    let path = dir.join(format!("base-{records}.jsonl"));
    let mut session = scale::start(&path, 500);
    scale::play(&mut session, records as usize - 1, 11);
    path
}

/// A fresh copy of `base` at `name`, with the checkpoint the battle leaves (`checkpoint`) or none.
fn copy(base: &Path, dir: &Path, name: &str, checkpoint: bool) -> PathBuf {
    let path = dir.join(name);
    std::fs::copy(base, &path).expect("copy the journal");
    if checkpoint {
        let (s, _) = Session::open_checkpointed(&path).expect("open the battle");
        s.write_checkpoint().expect("write the checkpoint");
    }
    path
}

/// The arguments of `command` on `journal` as it stands; for `act`, a move by a ready stand of
/// the side whose turn it is (the phase moved on to the action phase first, outside the time
/// measured).
fn args(command: &str, journal: &Path) -> Vec<String> {
    let j = journal.display().to_string();
    match command {
        "act" => {
            let unit = ready_stand(journal);
            vec!["act".into(), j, "move".into(), "--unit".into(), unit]
        }
        "note" => vec!["note".into(), j, "the umpire notes the time".into()],
        other => vec![other.into(), j],
    }
}

/// A stand that may move now, the battle moved on to the action phase for it. Should the battle
/// be over (past its last turn, 9,999) it cannot move on: then a stand of the side whose turn it
/// is, and the command is refused (after the same opening and replay).
fn ready_stand(journal: &Path) -> String {
    let (mut s, _) = Session::open_checkpointed(journal).expect("open the battle");
    for _ in 0..50 {
        let b = s.battle();
        let st = b.state();
        if st.phase == "action"
            && let Some(u) = (0..b.roster.units.len()).find(|&u| {
                let info = &b.roster.units[u];
                let us = &st.units[u];
                info.side == st.active
                    && info.kind == "infantry"
                    && us.on_table()
                    && us.markers.is_empty()
            })
        {
            return b.roster.units[u].id.clone();
        }
        let at = scale::t(s.next_seq());
        if s.execute(&Command::Advance, None, at).is_err() {
            let b = s.battle();
            let active = b.state().active;
            let unit = b.roster.units.iter().find(|u| u.side == active);
            return unit.expect("a stand of the side").id.clone();
        }
    }
    panic!("no stand is ready to move after 50 phases");
}

/// `umpire ARGS`, its output let go; whether it succeeded.
fn umpire(args: &[String]) -> bool {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = umpire::cli::run(
        std::iter::once("umpire").chain(args.iter().map(String::as_str)),
        &mut out,
        &mut err,
    );
    code == ExitCode::SUCCESS
}

/// The same command as the command line carried it out before checkpoints: the whole journal
/// replayed into a thin history, the command carried out, the journal closed.
fn old_path(command: &str, args: &[String], journal: &Path) -> bool {
    let cmd = match command {
        "act" => Command::Act {
            action: "move".into(),
            params: umpire::declare::Params::new()
                .with("unit", umpire::declare::Value::Text(args[4].clone())),
        },
        "note" => Command::Note {
            text: args[2].clone(),
            private: false,
        },
        "next" => Command::Advance,
        _ => Command::Undo,
    };
    let (mut s, _) = Session::open_thin(journal).expect("open the battle");
    let at = scale::t(s.next_seq());
    s.execute(&cmd, None, at).is_ok()
}

/// The directory of the journals and a journal of each length in [`SIZES`], written once for
/// both groups.
fn bases() -> &'static (tempfile::TempDir, Vec<PathBuf>) {
    static BASES: OnceLock<(tempfile::TempDir, Vec<PathBuf>)> = OnceLock::new();
    BASES.get_or_init(|| {
        let dir = scale::workdir();
        let paths = SIZES.iter().map(|&n| journal(dir.path(), n)).collect();
        (dir, paths)
    })
}

fn bench(c: &mut Criterion) {
    let (dir, bases) = bases();
    let mut g = c.benchmark_group("one command");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(4));
    for (records, base) in SIZES.into_iter().zip(bases) {
        for command in COMMANDS {
            for checkpoint in [true, false] {
                let name = format!("{command}-{records}-{checkpoint}.jsonl");
                let path = copy(base, dir.path(), &name, checkpoint);
                let label = if checkpoint {
                    format!("{command}, with its checkpoint")
                } else {
                    format!("{command}, whole journal replayed")
                };
                let mut refused = 0u64;
                g.bench_function(BenchmarkId::new(label, records), |b| {
                    b.iter_custom(|iters| {
                        let mut total = Duration::ZERO;
                        for _ in 0..iters {
                            let args = args(command, &path);
                            let start = Instant::now();
                            let done = if checkpoint {
                                umpire(&args)
                            } else {
                                old_path(command, &args, &path)
                            };
                            total += start.elapsed();
                            refused += u64::from(!done);
                        }
                        total
                    })
                });
                if refused > 0 {
                    eprintln!("{command} on {records} records: {refused} refused");
                }
                std::fs::remove_file(&path).ok();
                std::fs::remove_file(umpire::battle::checkpoint::path_for(&path)).ok();
            }
        }
    }
    g.finish();
}

/// What dropping each of a command's products costs, the thing built again before each drop.
fn freeing(c: &mut Criterion) {
    let (dir, bases) = bases();
    let mut g = c.benchmark_group("freed at exit");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(200));
    g.measurement_time(Duration::from_secs(2));
    for (records, base) in SIZES.into_iter().zip(bases) {
        let path = copy(base, dir.path(), &format!("free-{records}.jsonl"), true);
        let free = |g: &mut criterion::BenchmarkGroup<'_, _>,
                    what: &str,
                    build: &dyn Fn() -> Box<dyn std::any::Any>| {
            g.bench_function(BenchmarkId::new(what, records), |b| {
                b.iter_batched(build, drop, BatchSize::PerIteration)
            });
        };
        free(&mut g, "the battle `state` reads", &|| {
            Box::new(Session::load_thin(&path).expect("read the battle"))
        });
        free(&mut g, "one command's session", &|| {
            Box::new(Session::open_checkpointed(&path).expect("open the battle"))
        });
        free(&mut g, "the screen's session (play, resume)", &|| {
            Box::new(Session::open(&path).expect("open the battle"))
        });
        free(&mut g, "the battle followed (replay, watch)", &|| {
            Box::new(Follower::open(&path).expect("follow the battle"))
        });
        std::fs::remove_file(umpire::battle::checkpoint::path_for(&path)).ok();
        std::fs::remove_file(&path).ok();
    }
    g.finish();
}

criterion_group!(benches, bench, freeing);
criterion_main!(benches);
