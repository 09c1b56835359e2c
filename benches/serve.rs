//! `umpire serve` with 50 phones: the `benches/scale/` battle (a 1,000-unit Newport battle: fires,
//! moves, hand-set markers, notes, phase changes and undos) served on loopback by a child process
//! (`umpire::serve::Server`, as `umpire serve` runs it), with 50 event streams open on it, spread
//! over its three links (each side and everyone), as 50 phones hold them. Run with
//! `cargo bench --bench serve`; the figures go in README.md.
//!
//! - Criterion, on the 10,000-event journal: from the umpire's program appending one event (a
//!   note, appended and synced as `Session::execute` does) to all 50 streams having received it.
//! - The same delay as figures (median and worst of 30 events) after 10,000 and 100,000 events;
//!   the server's resident memory with its 50 phones, against a process that only folds the same
//!   journal once (`Follower::open`, what following it needs at least), and the CPU the server
//!   used in 5 s idle with its 50 phones connected.
//!
//! `UMPIRE_BENCH_SERVE=figures` leaves out the criterion part. Journals are written by child
//! processes, so that nothing of their writing counts against what is measured.

mod scale;

use criterion::Criterion;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use umpire::battle::Command;
use umpire::battle::session::Session;

/// Phones connected.
const PHONES: usize = 50;

fn this() -> std::path::PathBuf {
    std::env::current_exe().expect("this program")
}

/// Writes a journal of `records` records of the scale battle at `path`, in a child process.
fn write_journal(path: &Path, records: usize) {
    let status = std::process::Command::new(this())
        .arg("--write-journal")
        .arg(path)
        .arg(records.to_string())
        .status()
        .expect("the journal writer runs");
    assert!(status.success(), "the journal writer failed");
}

fn note() -> Command {
    Command::Note {
        text: "the umpire notes the time".into(),
        private: false,
    }
}

/// A line of `/proc/PID/status` in kB (`VmHWM`, `VmRSS`).
fn status_kb(pid: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time (user and system) a process has used.
fn cpu_of(pid: u32) -> Duration {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name (in parentheses, which may hold spaces).
    let after = text.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = fields.get(11).and_then(|f| f.parse().ok()).unwrap_or(0)
        + fields.get(12).and_then(|f| f.parse().ok()).unwrap_or(0);
    // SAFETY: sysconf takes a plain constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_micros(ticks * 1_000_000 / hz)
}

/// The server in a child process, and its links.
struct Served {
    child: Child,
    port: u16,
    paths: Vec<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on `journal` in a child process, on loopback.
fn serve(journal: &Path) -> Served {
    let mut child = std::process::Command::new(this())
        .arg("--serve")
        .arg(journal)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let mut lines = BufReader::new(child.stdout.take().expect("its output")).lines();
    let port: u16 = lines
        .next()
        .and_then(Result::ok)
        .and_then(|l| l.parse().ok())
        .expect("its port");
    let paths: Vec<String> = lines
        .by_ref()
        .map_while(Result::ok)
        .take_while(|l| !l.is_empty())
        .collect();
    Served { child, port, paths }
}

/// One phone: an event stream read on a thread of its own, each event's id sent to `tx` with
/// the phone's number as it arrives.
fn phone(port: u16, path: &str, n: usize, tx: mpsc::Sender<(usize, u64, Instant)>) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server answers");
    write!(
        s,
        "GET {path}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("the request is sent");
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let got = match s.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(k) => k,
            };
            buf.extend_from_slice(&chunk[..got]);
            while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = buf.drain(..end + 2).collect();
                let text = String::from_utf8_lossy(&block);
                if let Some(id) = text
                    .lines()
                    .find_map(|l| l.strip_prefix("id: "))
                    .and_then(|v| v.parse().ok())
                    && tx.send((n, id, Instant::now())).is_err()
                {
                    return;
                }
            }
        }
    });
}

/// 50 phones on the server's links, each having had its first event.
fn phones(served: &Served) -> mpsc::Receiver<(usize, u64, Instant)> {
    let (tx, rx) = mpsc::channel();
    for n in 0..PHONES {
        phone(
            served.port,
            &served.paths[n % served.paths.len()],
            n,
            tx.clone(),
        );
    }
    let mut first = [false; PHONES];
    while first.iter().any(|f| !f) {
        let (n, _, _) = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("every phone has its page");
        first[n] = true;
    }
    rx
}

/// Appends one note and waits until every phone has its event: the time from the append's
/// start to the last phone's having it.
fn one_event(session: &mut Session, rx: &mpsc::Receiver<(usize, u64, Instant)>) -> Duration {
    // Events left over from before are not this one.
    while rx.try_recv().is_ok() {}
    let started = Instant::now();
    let record = session
        .execute(&note(), None, scale::clock())
        .expect("the note is written");
    let want = record.seq;
    let mut have = [false; PHONES];
    let mut last = started;
    while have.iter().any(|h| !h) {
        let (n, id, at) = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("every phone has the event");
        if id >= want {
            have[n] = true;
            last = last.max(at);
        }
    }
    last - started
}

fn criterion_part(c: &mut Criterion, dir: &Path) {
    let journal = dir.join("criterion.jsonl");
    write_journal(&journal, 10_000);
    let served = serve(&journal);
    let rx = phones(&served);
    let (mut session, _) = Session::open_thin(&journal).expect("the battle resumes");
    let mut g = c.benchmark_group("serve");
    g.sample_size(30).measurement_time(Duration::from_secs(20));
    g.bench_function(
        "one event appended until 50 phones have it (after 10,000)",
        |b| {
            b.iter_custom(|iters| (0..iters).map(|_| one_event(&mut session, &rx)).sum());
        },
    );
    g.finish();
}

/// The figures after `events` events.
fn figures(dir: &Path, events: usize, what: &str) {
    let journal = dir.join(format!("figures-{events}.jsonl"));
    write_journal(&journal, events);
    let mb = std::fs::metadata(&journal).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;
    // What folding the journal once needs: a process that does only that.
    let fold = std::process::Command::new(this())
        .arg("--fold")
        .arg(&journal)
        .output()
        .expect("the folding child runs");
    let fold_kb: u64 = String::from_utf8_lossy(&fold.stdout)
        .trim()
        .parse()
        .unwrap_or(0);
    let started = Instant::now();
    let served = serve(&journal);
    let ready = started.elapsed();
    let pid = served.child.id().to_string();
    let alone = status_kb(&pid, "VmRSS:").unwrap_or(0);
    let rx = phones(&served);
    let (mut session, _) = Session::open_thin(&journal).expect("the battle resumes");
    let mut times: Vec<Duration> = (0..30).map(|_| one_event(&mut session, &rx)).collect();
    times.sort();
    let rss = status_kb(&pid, "VmRSS:").unwrap_or(0);
    let hwm = status_kb(&pid, "VmHWM:").unwrap_or(0);
    let cpu_before = cpu_of(served.child.id());
    std::thread::sleep(Duration::from_secs(5));
    let idle = cpu_of(served.child.id()) - cpu_before;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "serve/{what} ({mb:.0} MB journal): served in {:.2} s; an event reaches all {PHONES} phones in {:.1} ms (median of 30), {:.1} ms at worst",
        ready.as_secs_f64(),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
    );
    println!(
        "serve/{what}: resident {:.1} MB served before any phone, {:.1} MB with {PHONES} phones (peak {:.1} MB); the journal folded once alone: {:.1} MB; above it: {:.1} MB",
        alone as f64 / 1024.0,
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0,
        fold_kb as f64 / 1024.0,
        rss.saturating_sub(fold_kb) as f64 / 1024.0,
    );
    println!(
        "serve/{what}: CPU used in 5 s idle with {PHONES} phones connected: {:.1} ms",
        ms(idle)
    );
    drop(served);
    let _ = std::fs::remove_file(&journal);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if scale::write_journal_if_asked(&args) {
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--fold") {
        let follower =
            umpire::report::chronicle::Follower::load(&args[i + 1]).expect("the journal is read");
        println!("{}", status_kb("self", "VmRSS:").unwrap_or(0));
        drop(follower);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--serve") {
        let server = umpire::serve::Server::start(
            Path::new(&args[i + 1]),
            &umpire::serve::Options {
                bind: "127.0.0.1".parse().expect("an address"),
                port: 0,
                new_links: false,
            },
        )
        .expect("the battle is served");
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", server.local.port());
        for link in &server.links {
            let path = link.url.find("/s/").map_or("", |at| &link.url[at..]);
            let _ = writeln!(out, "{path}");
        }
        let _ = writeln!(out);
        let _ = out.flush();
        drop(out);
        loop {
            std::thread::park();
        }
    }
    let dir = scale::workdir();
    if std::env::var("UMPIRE_BENCH_SERVE").as_deref() != Ok("figures") {
        let mut c = Criterion::default().configure_from_args();
        criterion_part(&mut c, dir.path());
        c.final_summary();
    }
    for (events, what) in [(10_000, "10,000 events"), (100_000, "100,000 events")] {
        figures(dir.path(), events, what);
    }
}
