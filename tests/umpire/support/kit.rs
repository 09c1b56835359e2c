//! The given/when/then kit that every rule set's conformance suite is written with.
//!
//! A conformance test is a battle at the table, driven exactly as an umpire drives one from the
//! command line, and it reads only what a user reads: no rule set's types, no battle internals, so
//! that the suites hold while the code under them is rebuilt.
//!
//! - **Given** a small scenario (its TOML text, [`Table::given`]) and the events so far (a script
//!   of command lines, [`Table::played`], each of which must be accepted);
//! - **when** one command line ([`Table::when`]: a line as `umpire act JOURNAL -` reads it, so
//!   `fire --firer a --target b --range 4 --dice 3`, `next --dice 5,2`, `mark a retiring 3`,
//!   `undo`), or the exact odds of a procedure ([`Table::odds`]: `act … --odds`);
//! - **then** what it answered ([`Answer::accepted`], [`Answer::refused`], [`Answer::says`]: a
//!   refusal must also leave the journal byte for byte as it was), the state as `umpire state
//!   --json` gives it ([`Table::state`]: units with their hits, markers and removal, counters,
//!   phase, side and turn, the offers standing), the battle report as one side saw it
//!   ([`Table::report`]), or the screen ([`Table::screen`]: the umpire's terminal UI opened on
//!   the journal). A scenario the rules refuse is [`check`]ed as `umpire check` reads it.
//!
//! Each test names the digest sentence it checks in a doc comment quoting it (`/// > …`); the
//! [`crate::conformance::trace`] module holds every suite to its digest.

use super::cli::run_in;
use serde_json::Value;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tempfile::TempDir;

/// What one command answered.
pub struct Answer {
    /// The command line, for messages.
    pub line: String,
    pub code: ExitCode,
    pub out: String,
    pub err: String,
    /// True when the journal is byte for byte as it was before the command.
    pub unchanged: bool,
}

impl Answer {
    fn context(&self) -> String {
        format!(
            "`{}`\nstdout:\n{}\nstderr:\n{}",
            self.line, self.out, self.err
        )
    }

    /// It was carried out (exit status 0).
    #[track_caller]
    pub fn accepted(&self) -> &Self {
        assert_eq!(
            self.code,
            ExitCode::SUCCESS,
            "expected accepted: {}",
            self.context()
        );
        self
    }

    /// The rules refused it (exit status 1) with a message containing each of `words`
    /// (case-insensitive), and the journal is byte for byte as it was.
    #[track_caller]
    pub fn refused(&self, words: &[&str]) -> &Self {
        assert_eq!(
            self.code,
            ExitCode::from(1),
            "expected refused: {}",
            self.context()
        );
        self.mentions(&self.err, words);
        assert!(
            self.unchanged,
            "a refusal must leave the journal as it was: {}",
            self.context()
        );
        self
    }

    /// The command line could not be understood (exit status 2), with a message containing each
    /// of `words`; the journal is as it was.
    #[track_caller]
    pub fn not_understood(&self, words: &[&str]) -> &Self {
        assert_eq!(
            self.code,
            ExitCode::from(2),
            "expected not understood: {}",
            self.context()
        );
        self.mentions(&self.err, words);
        assert!(self.unchanged, "{}", self.context());
        self
    }

    /// Its output contains each of `words` (case-insensitive).
    #[track_caller]
    pub fn says(&self, words: &[&str]) -> &Self {
        self.mentions(&self.out, words);
        self
    }

    /// Its output contains none of `words` (case-insensitive).
    #[track_caller]
    pub fn never_says(&self, words: &[&str]) -> &Self {
        let text = self.out.to_lowercase();
        for w in words {
            assert!(
                !text.contains(&w.to_lowercase()),
                "expected no {w:?}: {}",
                self.context()
            );
        }
        self
    }

    #[track_caller]
    fn mentions(&self, text: &str, words: &[&str]) {
        let lower = text.to_lowercase();
        for w in words {
            assert!(
                lower.contains(&w.to_lowercase()),
                "expected {w:?}: {}",
                self.context()
            );
        }
    }
}

/// A battle at the table: a scenario started with `umpire new` in a folder of its own, played
/// from the command line in-process.
pub struct Table {
    /// The folder, kept for as long as the table.
    dir: TempDir,
    journal: PathBuf,
}

impl Table {
    /// Given a battle of `scenario` (a scenario file's text), started with the seed 1.
    #[track_caller]
    pub fn given(scenario: &str) -> Table {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("scenario.toml");
        std::fs::write(&path, scenario).expect("the scenario written");
        let journal = dir.path().join("battle.jsonl");
        let t = Table { dir, journal };
        let path = path.to_str().expect("a UTF-8 path").to_string();
        let r = t.run("", &["new", &path, "--journal", t.j(), "--seed", "1"]);
        assert_eq!(
            r.0,
            ExitCode::SUCCESS,
            "the scenario does not start:\n{}\n{}",
            r.1,
            r.2
        );
        t
    }

    /// Given the events of `script` (command lines, one a line, `#` comments allowed), each of
    /// which must be accepted.
    #[track_caller]
    pub fn played(mut self, script: &str) -> Table {
        self.play(script);
        self
    }

    /// Plays `script` on (as [`Table::played`]).
    #[track_caller]
    pub fn play(&mut self, script: &str) -> &mut Self {
        for line in script.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            self.when(line).accepted();
        }
        self
    }

    /// When the umpire gives `line` (a line of a script: `umpire act JOURNAL -` reads it).
    pub fn when(&mut self, line: &str) -> Answer {
        let before = self.bytes();
        let (code, out, err) = self.run(line, &["act", self.j(), "-"]);
        Answer {
            line: line.to_string(),
            code,
            out,
            err,
            unchanged: self.bytes() == before,
        }
    }

    /// The exact odds of the procedure `line` as the battle would carry it out now (`umpire act
    /// JOURNAL LINE --odds --json`): each result's text with its probability.
    #[track_caller]
    pub fn odds(&self, line: &str) -> Odds {
        let mut args = vec!["act".to_string(), self.j().to_string()];
        args.extend(shlex::split(line).expect("a line split as a shell would"));
        args.extend(["--odds".into(), "--json".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = self.run("", &args);
        assert_eq!(
            code,
            ExitCode::SUCCESS,
            "the odds of `{line}` were refused:\n{out}\n{err}"
        );
        Odds(serde_json::from_str(&out).expect("the odds as JSON"))
    }

    /// The odds of `line`, expected refused with each of `words` in the message.
    #[track_caller]
    pub fn odds_refused(&self, line: &str, words: &[&str]) {
        let mut args = vec!["act".to_string(), self.j().to_string()];
        args.extend(shlex::split(line).expect("a line split as a shell would"));
        args.push("--odds".into());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = self.run("", &args);
        assert_ne!(
            code,
            ExitCode::SUCCESS,
            "the odds of `{line}` were given:\n{out}"
        );
        let lower = err.to_lowercase();
        for w in words {
            assert!(lower.contains(&w.to_lowercase()), "expected {w:?} in {err}");
        }
    }

    /// The battle report as `umpire report JOURNAL ARGS… -o -` writes it (Markdown): `&[]` for the
    /// umpire's copy, `&["--side", "fr"]` for what one side saw, `&["--public"]` for everyone's.
    #[track_caller]
    pub fn report(&self, args: &[&str]) -> String {
        let mut all = vec!["report", self.j(), "-o", "-"];
        all.extend_from_slice(args);
        let (code, out, err) = self.run("", &all);
        assert_eq!(code, ExitCode::SUCCESS, "umpire report {args:?}: {err}");
        out
    }

    /// The battle as `umpire state --json` gives it.
    #[track_caller]
    pub fn state(&self) -> State {
        let (code, out, err) = self.run("", &["state", self.j(), "--json"]);
        assert_eq!(code, ExitCode::SUCCESS, "umpire state: {err}");
        State(serde_json::from_str(&out).expect("the state as JSON"))
    }

    /// The umpire's screen on the battle, drawn at `w`×`h` (the journal's path redacted).
    pub fn screen(&self, w: u16, h: u16) -> String {
        self.ui(|ui| ui.screen(w, h))
    }

    /// The umpire's screen opened on the battle (holding its lock while `f` runs): keys may be
    /// typed into it; what it records is on disk when `f` returns.
    pub fn ui<T>(&self, f: impl FnOnce(&mut Ui) -> T) -> T {
        use umpire::battle::session::Session;
        use umpire::tui::App;
        use umpire::tui::keymap::Keymap;
        let (session, _) = Session::resume(&self.journal).expect("the journal opens");
        let keymap = Keymap::defaults(session.battle().ruleset);
        let mut app = App::new(session, keymap, clock);
        app.color = false;
        f(&mut Ui { app })
    }

    /// A file `name` holding `text`, written in the table's folder beside the journal (a
    /// formation for `add --file`): its path as an argument.
    #[track_caller]
    pub fn file(&self, name: &str, text: &str) -> String {
        let path = self.dir.path().join(name);
        std::fs::write(&path, text).expect("the file written");
        path.to_str().expect("a UTF-8 path").to_string()
    }

    /// The journal's path as an argument.
    pub fn j(&self) -> &str {
        self.journal.to_str().expect("a UTF-8 path")
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(&self.journal).unwrap_or_default()
    }

    fn run(&self, input: &str, args: &[&str]) -> (ExitCode, String, String) {
        let r = run_in(input, args);
        (r.code, r.out, r.err)
    }
}

/// `umpire check` on a scenario's text: [`Answer::accepted`] when its rule set takes it, or
/// [`Answer::refused`] with the problems it finds (each at its line and column).
pub fn check(scenario: &str) -> Answer {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("scenario.toml");
    std::fs::write(&path, scenario).expect("the scenario written");
    let path = path.to_str().expect("a UTF-8 path");
    let r = run_in("", &["check", path]);
    Answer {
        line: format!("check {path}"),
        code: r.code,
        out: r.out,
        err: r.err,
        // No battle: nothing to change.
        unchanged: true,
    }
}

fn clock() -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    chrono::Utc
        .with_ymd_and_hms(1809, 4, 20, 8, 0, 0)
        .single()
        .expect("a fixed time")
}

/// The umpire's screen on a battle of the table, with keys typed as [`super::tui::Keys`] types
/// them.
pub struct Ui {
    pub app: umpire::tui::App,
}

impl super::tui::Keys for Ui {
    fn app_mut(&mut self) -> &mut umpire::tui::App {
        &mut self.app
    }
    fn app(&self) -> &umpire::tui::App {
        &self.app
    }
}

impl Ui {
    /// The screen drawn at `w`×`h`, the journal's path redacted.
    pub fn screen(&self, w: u16, h: u16) -> String {
        super::tui::screen(&self.app, w, h)
    }
}

/// The battle as `umpire state --json` gives it.
pub struct State(pub Value);

impl State {
    /// The unit `id`.
    #[track_caller]
    pub fn unit(&self, id: &str) -> Unit<'_> {
        self.0["units"]
            .as_array()
            .and_then(|units| units.iter().find(|u| u["id"] == id))
            .map(Unit)
            .unwrap_or_else(|| panic!("no unit {id} in the state"))
    }

    pub fn turn(&self) -> u64 {
        self.0["turn"].as_u64().expect("a turn")
    }

    /// The phase's id.
    pub fn phase(&self) -> &str {
        self.0["phase"].as_str().expect("a phase")
    }

    /// The id of the side whose phase it is.
    pub fn active(&self) -> &str {
        self.0["active_side"].as_str().expect("an active side")
    }

    pub fn over(&self) -> bool {
        self.0["over"].as_bool().expect("over")
    }

    /// The counter `name` of a side or formation `scope`.
    pub fn counter(&self, scope: &str, name: &str) -> Option<i64> {
        ["sides", "formations"]
            .iter()
            .filter_map(|k| self.0[k].as_array())
            .flatten()
            .find(|s| s["id"] == scope)
            .and_then(|s| s["counters"][name].as_i64())
    }

    /// The offers standing: each offer's procedure, the units that may take it up and its text.
    pub fn offers(&self) -> Vec<Offer> {
        self.0["standing_offers"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|o| Offer {
                action: o["action"].as_str().unwrap_or_default().to_string(),
                text: o["text"].as_str().unwrap_or_default().to_string(),
                actors: o["actors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|a| a.as_str().map(str::to_string))
                    .collect(),
                params: o["params"].clone(),
            })
            .collect()
    }

    /// The ids of the units still in play (not removed).
    pub fn in_play(&self) -> Vec<String> {
        self.0["units"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|u| u["removed"].is_null())
            .filter_map(|u| u["id"].as_str().map(str::to_string))
            .collect()
    }
}

/// An offer standing.
#[derive(Debug)]
pub struct Offer {
    pub action: String,
    #[expect(dead_code, reason = "read in failure messages only, through Debug")]
    pub text: String,
    pub actors: Vec<String>,
    pub params: Value,
}

/// One unit of [`State`].
pub struct Unit<'a>(pub &'a Value);

impl Unit<'_> {
    pub fn hits(&self) -> u64 {
        self.0["hits"].as_u64().expect("hits")
    }

    pub fn hit_limit(&self) -> u64 {
        self.0["hit_limit"].as_u64().expect("a hit limit")
    }

    /// What the rule set counts as left (figures on a tray): the limit less the hits.
    pub fn left(&self) -> u64 {
        self.hit_limit() - self.hits()
    }

    /// The value of marker `id`, if it is set and holds a number (1 for an on/off marker).
    pub fn marker(&self, id: &str) -> Option<i64> {
        self.0["markers"][id].as_i64()
    }

    /// The id of the unit that marker `id`, one that holds a unit, names, if it is set.
    pub fn marker_unit(&self, id: &str) -> Option<&str> {
        self.0["markers"][id].as_str()
    }

    pub fn has(&self, id: &str) -> bool {
        !self.0["markers"][id].is_null()
    }

    /// Why the unit left the table, if it did.
    pub fn removed(&self) -> Option<&str> {
        self.0["removed"].as_str()
    }

    pub fn badges(&self) -> Vec<&str> {
        self.0["badges"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }
}

/// The exact odds of a procedure.
pub struct Odds(pub Value);

impl Odds {
    /// The probability of the one result whose text contains `words` (case-insensitive).
    #[track_caller]
    pub fn of(&self, words: &str) -> f64 {
        let w = words.to_lowercase();
        let found: Vec<&Value> = self.results().filter(|r| text(r).contains(&w)).collect();
        assert_eq!(
            found.len(),
            1,
            "expected one result with {words:?} in {}",
            self.listing()
        );
        found[0]["probability"].as_f64().expect("a probability")
    }

    /// The summed probability of every result whose text contains `words`.
    pub fn sum(&self, words: &str) -> f64 {
        let w = words.to_lowercase();
        self.results()
            .filter(|r| text(r).contains(&w))
            .filter_map(|r| r["probability"].as_f64())
            .sum()
    }

    /// The further figure `key` (`p_hit`, `expected_losses` …).
    #[track_caller]
    pub fn figure(&self, key: &str) -> f64 {
        self.0["extra"][key]
            .as_f64()
            .unwrap_or_else(|| panic!("no figure {key} in {}", self.listing()))
    }

    /// True when a note contains `words`.
    pub fn notes(&self, words: &str) -> bool {
        let w = words.to_lowercase();
        self.0["notes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .any(|n| n.to_lowercase().contains(&w))
    }

    fn results(&self) -> impl Iterator<Item = &Value> {
        self.0["results"].as_array().into_iter().flatten()
    }

    /// Every result with its probability, one a line.
    pub fn listing(&self) -> String {
        let mut s = String::new();
        for r in self.results() {
            let _ = writeln!(s, "{:.4}  {}", r["probability"], r["result"]);
        }
        s
    }
}

fn text(r: &Value) -> String {
    r["result"].as_str().unwrap_or_default().to_lowercase()
}

/// Asserts that `p` is `expected` (an exact fraction written as numerator / denominator) to
/// within rounding.
#[track_caller]
pub fn exactly(p: f64, num: u64, den: u64) {
    let want = num as f64 / den as f64;
    assert!(
        (p - want).abs() < 1e-9,
        "expected {num}/{den} = {want}, got {p}"
    );
}

/// What `umpire ARGS` answers off any battle (`rulesets ID`, `resolve …`, `odds …`, `check
/// FILE`): the rule set's declarations, the table-only procedures and a scenario's checks, as a
/// user reads them. No journal is involved, so `unchanged` is true.
pub fn umpire(args: &[&str]) -> Answer {
    let r = run_in("", args);
    Answer {
        line: args.join(" "),
        code: r.code,
        out: r.out,
        err: r.err,
        unchanged: true,
    }
}
