//! Output helpers shared by the subcommands: failures with their exit status and `error:` lines,
//! exact probabilities as percentages and fractions, aligned text tables and wrapped help text.

use crate::dice::DiceError;
use crate::rules::{ParamError, RuleError};
use crate::text::escape_terminal;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status of a command line that could not be understood (bad flag, bad value, bad dice).
pub const USAGE: u8 = 2;
/// Exit status of a command that was understood but could not be carried out (a rule refused it,
/// a file could not be read or is invalid).
pub const FAILED: u8 = 1;

/// Why a subcommand stopped: one or more messages for stderr and the exit status.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub messages: Vec<String>,
}

impl Failure {
    /// The command line was wrong (exit status 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Self {
            code: USAGE,
            messages: vec![message.into()],
        }
    }

    /// The command could not be carried out (exit status 1).
    pub fn failed(message: impl Into<String>) -> Self {
        Self {
            code: FAILED,
            messages: vec![message.into()],
        }
    }

    /// Several messages at once (every problem of a scenario file).
    pub fn failed_all(messages: impl IntoIterator<Item = String>) -> Self {
        Self {
            code: FAILED,
            messages: messages.into_iter().collect(),
        }
    }
}

impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Self {
        match e {
            // The rules forbid it: the command was understood, and nothing was rolled.
            RuleError::Refused(_) => Failure::failed(e.to_string()),
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

/// Writes `text` line by line, escaping control and bidi characters within each line.
pub fn write_escaped(out: &mut dyn Write, text: &str) -> io::Result<()> {
    for line in text.lines() {
        writeln!(out, "{}", escape_terminal(line))?;
    }
    Ok(())
}

/// A probability as a percentage with two decimals, without the `%` sign (`37.00`).
pub fn percent(p: f64) -> String {
    // A sum of products can land a hair below zero; never print "-0.00".
    let p = if p.abs() < 1e-12 { 0.0 } else { p };
    format!("{:.2}", p * 100.0)
}

/// A probability as an exact fraction in lowest terms (`37/100`, `1`, `0`) when it is a whole
/// number of thousandths; `None` otherwise (two or three d10s give hundredths and thousandths;
/// a loop such as close combat rarely does).
pub fn fraction(p: f64) -> Option<String> {
    let thousandths = p * 1000.0;
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
