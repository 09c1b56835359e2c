//! Output helpers shared by the subcommands: failures with their exit status and `error:` lines
//! (or, with `--json`, one JSON object on standard output), exact probabilities as percentages and
//! fractions, JSON safe for a terminal, aligned text tables and wrapped help text.
//!
//! # A failure as JSON
//!
//! A command given `--json` (`resolve`, `odds`, and the battle commands `act`, `next`, `undo`,
//! `redo`, `mark`, `hits`, `note`, `state`) that fails prints, instead of `error:` lines on
//! standard error, one object on standard output:
//!
//! ```json
//! { "error": "1-1 is Finished: it has already acted this turn", "kind": "refused", "exit_status": 1 }
//! ```
//!
//! `kind` is `refused` (the rules forbid it; nothing was rolled or written; exit status 1),
//! `failed` (it could not be carried out: a file missing, locked or damaged; exit status 1) or
//! `usage` (the command line cannot be understood: an unknown flag, unit or procedure, a bad value
//! or bad dice; exit status 2). `error` holds every message, one a line. In a script
//! (`umpire act JOURNAL -`) the line that fails answers so when it was given `--json`.

use crate::declare::{ParamError, RuleError};
use crate::dice::DiceError;
use crate::text::{escape_terminal, forbidden_char};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status of a command line that could not be understood (bad flag, bad value, bad dice).
pub const USAGE: u8 = 2;
/// Exit status of a command that was understood but could not be carried out (a rule refused it,
/// a file could not be read or is invalid).
pub const FAILED: u8 = 1;

/// Why a subcommand stopped: one or more messages for stderr and the exit status. No messages:
/// everything has been said already (the reader of the output has gone, or the failure was
/// printed where it happened).
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub messages: Vec<String>,
    /// The rules refused it (exit status 1): `kind` `refused` in JSON.
    pub refused: bool,
}

impl Failure {
    /// The command line was wrong (exit status 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Self {
            code: USAGE,
            messages: vec![message.into()],
            refused: false,
        }
    }

    /// The command could not be carried out (exit status 1).
    pub fn failed(message: impl Into<String>) -> Self {
        Self {
            code: FAILED,
            messages: vec![message.into()],
            refused: false,
        }
    }

    /// The rules refused it (exit status 1).
    pub fn refused(message: impl Into<String>) -> Self {
        Self {
            refused: true,
            ..Self::failed(message)
        }
    }

    /// Several messages at once (every problem of a scenario file).
    pub fn failed_all(messages: impl IntoIterator<Item = String>) -> Self {
        Self {
            code: FAILED,
            messages: messages.into_iter().collect(),
            refused: false,
        }
    }

    /// The same failure already said where it happened: only its exit status is left.
    pub fn said(self) -> Self {
        Self {
            messages: Vec::new(),
            ..self
        }
    }

    /// Its `kind` in JSON: `refused`, `usage` or `failed`.
    pub fn kind(&self) -> &'static str {
        if self.refused {
            "refused"
        } else if self.code == USAGE {
            "usage"
        } else {
            "failed"
        }
    }
}

impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Self {
        match e {
            // The rules forbid it: the command was understood, and nothing was rolled.
            RuleError::Refused(_) => Failure::refused(e.to_string()),
            // Bad inputs, bad faces, unknown names: the command line is wrong.
            _ => Failure::usage(e.to_string()),
        }
    }
}

impl From<ParamError> for Failure {
    fn from(e: ParamError) -> Self {
        Failure::usage(e.to_string())
    }
}

impl From<DiceError> for Failure {
    fn from(e: DiceError) -> Self {
        Failure::usage(e.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            // `umpire rulesets | head`: the reader has gone; nothing to say to anyone.
            return Failure::failed_all([]);
        }
        Failure::failed(format!("cannot write the output: {e}"))
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Self {
        Failure::failed(format!("cannot write JSON: {e}"))
    }
}

/// Prints each message as an `error:` line (escaped: a message may echo what the user typed) and
/// returns the exit status.
pub fn report(err: &mut dyn Write, failure: &Failure) -> ExitCode {
    for m in &failure.messages {
        // Nothing more can be done if stderr itself is gone.
        let _ = writeln!(err, "error: {}", escape_terminal(m));
    }
    ExitCode::from(failure.code)
}

/// A failure as the JSON object `--json` prints (see the module's documentation).
#[derive(Serialize)]
struct FailureJson<'a> {
    error: String,
    kind: &'a str,
    exit_status: u8,
}

/// Prints a failure as one JSON object on `out` (nothing when it has been said already) and
/// returns the exit status.
pub fn report_json(out: &mut dyn Write, failure: &Failure) -> ExitCode {
    if !failure.messages.is_empty() {
        let shown = FailureJson {
            error: failure.messages.join("\n"),
            kind: failure.kind(),
            exit_status: failure.code,
        };
        // Nothing more can be done if stdout itself is gone.
        let _ = write_json(out, &shown).and_then(|()| out.flush().map_err(Failure::from));
    }
    ExitCode::from(failure.code)
}

/// True when a command line asks for JSON: its command is one that answers in JSON and `--json`
/// is among its words (before a `--`). Read from the words themselves, so that a command line
/// clap cannot parse is answered in JSON too.
pub fn json_requested<T: AsRef<std::ffi::OsStr>>(args: &[T]) -> bool {
    const ANSWER_IN_JSON: &[&str] = &[
        "resolve", "odds", "act", "next", "undo", "redo", "mark", "hits", "note", "state",
    ];
    let words: Vec<&std::ffi::OsStr> = args
        .iter()
        .skip(1)
        .map(AsRef::as_ref)
        .take_while(|w| *w != "--")
        .collect();
    let command = words.iter().find(|w| !w.to_string_lossy().starts_with('-'));
    command.is_some_and(|c| ANSWER_IN_JSON.iter().any(|n| *c == *n))
        && words.iter().any(|w| *w == "--json")
}

/// Writes a value as pretty JSON, with every character that could rewrite a terminal written as
/// a `\uXXXX` escape (serde_json leaves DEL, C1 controls and bidi characters as they are). Such a
/// character can only stand inside a string, where the escape means the same.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value)?;
    let mut safe = String::with_capacity(text.len());
    let mut buf = [0u8; 4];
    for c in text.chars() {
        if c != '\n' && forbidden_char(c.encode_utf8(&mut buf)).is_some() {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                safe.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            safe.push(c);
        }
    }
    writeln!(out, "{safe}")?;
    Ok(())
}

/// Writes `text` line by line, escaping control and bidi characters within each line.
pub fn write_escaped(out: &mut dyn Write, text: &str) -> io::Result<()> {
    for line in text.lines() {
        writeln!(out, "{}", escape_terminal(line))?;
    }
    Ok(())
}

/// A probability as a percentage with two decimals, without the `%` sign (`37.00`; a sum of
/// products a hair below zero is `0.00`, never `-0.00`).
pub fn percent(p: f64) -> String {
    crate::odds::percent(p)
}

/// A probability as an exact fraction in lowest terms (`37/100`, `1`, `0`) when it is a whole
/// number of thousandths; `None` otherwise (two or three d10s give hundredths and thousandths;
/// a loop such as close combat rarely does).
pub fn fraction(p: f64) -> Option<String> {
    let thousandths = crate::odds::tidy(p) * 1000.0;
    let n = thousandths.round();
    if !(0.0..=1000.0).contains(&n) || (thousandths - n).abs() > 1e-6 {
        return None;
    }
    let n = n as u64;
    let g = gcd(n, 1000);
    Some(match (n / g, 1000 / g) {
        (0, _) => "0".to_string(),
        (num, 1) => num.to_string(),
        (num, den) => format!("{num}/{den}"),
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Lines `  37.00%  2–3 — Hit and Suppressed   37/100`: percentages right-aligned, labels padded so
/// the exact fractions line up in a last column.
pub fn probability_lines<'a>(lines: impl IntoIterator<Item = (&'a str, f64)>) -> Vec<String> {
    let rows: Vec<(String, &str, Option<String>)> = lines
        .into_iter()
        .map(|(label, p)| (percent(p), label, fraction(p)))
        .collect();
    let pw = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let lw = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    rows.iter()
        .map(|(pct, label, frac)| {
            let line = format!(
                "  {pct:>pw$}%  {label:<lw$}  {}",
                frac.as_deref().unwrap_or("")
            );
            line.trim_end().to_string()
        })
        .collect()
}

/// A text table with a header, a rule and left-aligned columns separated by ` | `.
pub fn text_table(columns: &[String], rows: &[Vec<String>], indent: &str) -> Vec<String> {
    let n = columns
        .len()
        .max(rows.iter().map(Vec::len).max().unwrap_or(0));
    let cell = |row: &[String], i: usize| row.get(i).cloned().unwrap_or_default();
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            std::iter::once(cell(columns, i))
                .chain(rows.iter().map(|r| cell(r, i)))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |row: &[String]| {
        let cells: Vec<String> = (0..n)
            .map(|i| format!("{:<w$}", cell(row, i), w = widths[i]))
            .collect();
        format!("{indent}{}", cells.join(" | "))
            .trim_end()
            .to_string()
    };
    let mut out = vec![line(columns)];
    out.push(format!(
        "{indent}{}",
        widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .join("-+-")
    ));
    out.extend(rows.iter().map(|r| line(r)));
    out
}

/// Wraps `text` at `width` characters, every line starting with `indent`.
pub fn wrap(text: &str, indent: &str, width: usize) -> Vec<String> {
    let room = width.saturating_sub(indent.chars().count()).max(20);
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let len = current.chars().count();
        if len > 0 && len + 1 + word.chars().count() > room {
            lines.push(format!("{indent}{current}"));
            current.clear();
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(format!("{indent}{current}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_and_exact_fractions() {
        assert_eq!(percent(0.37), "37.00");
        assert_eq!(percent(1.0), "100.00");
        assert_eq!(percent(-1e-17), "0.00");
        assert_eq!(fraction(0.37).as_deref(), Some("37/100"));
        assert_eq!(fraction(0.1).as_deref(), Some("1/10"));
        assert_eq!(fraction(0.8).as_deref(), Some("4/5"));
        assert_eq!(fraction(0.271).as_deref(), Some("271/1000"));
        assert_eq!(fraction(1.0 - 0.7).as_deref(), Some("3/10"));
        assert_eq!(fraction(1.0).as_deref(), Some("1"));
        assert_eq!(fraction(0.0).as_deref(), Some("0"));
        assert_eq!(fraction(1.0 / 3.0), None);
        assert_eq!(fraction(0.0001), None);
    }

    #[test]
    fn a_command_line_asks_for_json_by_its_words() {
        let yes = |w: &[&str]| json_requested(w);
        assert!(yes(&["umpire", "resolve", "newport", "fire", "--json"]));
        assert!(yes(&[
            "umpire", "act", "b.jsonl", "fire", "--json", "--bogus"
        ]));
        assert!(yes(&["umpire", "state", "b.jsonl", "--json"]));
        assert!(!yes(&["umpire", "resolve", "newport", "fire"]));
        assert!(!yes(&["umpire", "check", "--json"]), "check has no JSON");
        assert!(!yes(&["umpire", "note", "b.jsonl", "--", "--json"]));
        assert!(!yes(&["umpire"]));
    }

    #[test]
    fn a_failure_in_json() {
        let mut out = Vec::new();
        let code = report_json(&mut out, &Failure::refused("no \u{1b}[2J"));
        assert_eq!(code, ExitCode::from(FAILED));
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains('\u{1b}'), "{text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["kind"], "refused");
        assert_eq!(v["exit_status"], 1);
        assert_eq!(v["error"], "no \u{1b}[2J");
        let mut out = Vec::new();
        report_json(&mut out, &Failure::usage("x"));
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            (v["kind"].as_str(), v["exit_status"].as_u64()),
            (Some("usage"), Some(2))
        );
        let mut out = Vec::new();
        report_json(&mut out, &Failure::failed("x").said());
        assert!(out.is_empty(), "said already");
    }

    #[test]
    fn probability_lines_align() {
        let lines = probability_lines([("2–3 — Hit and Suppressed", 0.37), ("6 — x", 1.0 / 3.0)]);
        assert_eq!(
            lines,
            [
                "  37.00%  2–3 — Hit and Suppressed  37/100",
                "  33.33%  6 — x",
            ]
        );
    }

    #[test]
    fn tables_align_by_characters() {
        let t = text_table(
            &["roll".into(), "result".into()],
            &[
                vec!["2–3".into(), "Hit".into()],
                vec!["7 or more".into(), "No effect".into()],
            ],
            "  ",
        );
        assert_eq!(
            t,
            [
                "  roll      | result",
                "  ----------+----------",
                "  2–3       | Hit",
                "  7 or more | No effect",
            ]
        );
    }

    #[test]
    fn wraps_on_words() {
        let w = wrap(
            "one two three four five six seven eight nine ten eleven twelve",
            "    ",
            30,
        );
        assert!(w.iter().all(|l| l.chars().count() <= 30), "{w:?}");
        assert_eq!(
            w.join(" ").split_whitespace().count(),
            12,
            "no word lost: {w:?}"
        );
    }
}
