//! The report as Markdown: headings, lists and compact tables, with the strength chart as an SVG
//! file written beside it and linked.
//!
//! Every name, note and line that came from a scenario or the umpire is escaped ([`escape`]):
//! nothing in it can open a link, an image, a table cell, raw HTML or a heading.

use super::{Item, ItemKind, Report, RosterLine, SideBlock, TurnAccount};
use std::fmt::Write as _;
use std::io::{self, Write};

/// Text made inert for Markdown, and still readable as plain text: the characters that open
/// emphasis, code, links, images, table cells and strikethrough are escaped with a backslash
/// wherever they stand; `<`, `>` and `&` become entities (raw HTML is never formed); what makes a
/// list, quote, heading or numbered item is escaped at the start; line breaks become spaces (a
/// value stays on its line and in its cell); control, bidirectional and invisible characters are
/// written as their code (`\u{1b}`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut at_start = true;
    let mut leading_digits = true;
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\n' | '\r' | '\t' => out.push(' '),
            // Control, bidirectional and invisible characters are written as their code, as a
            // terminal is shown them: none reaches the reader's screen.
            c if crate::text::is_forbidden(c) => out.push_str(&c.escape_unicode().to_string()),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '-' | '+' | '=' if at_start => {
                out.push('\\');
                out.push(c);
            }
            '.' | ')' if leading_digits && !at_start => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
        leading_digits = leading_digits && c.is_ascii_digit();
        at_start = false;
    }
    out
}

/// The whole report. `chart` is the file name of the strength chart written beside it, if one
/// was.
pub fn render(report: &Report, chart: Option<&str>) -> String {
    let mut writer = Markdown::new(Vec::new(), chart);
    // Writing into memory cannot fail.
    let _ = super::write_parts(report, &mut writer);
    String::from_utf8_lossy(&writer.into_inner()).into_owned()
}

/// The report written as Markdown as its parts come ([`super::Writer`]): the head, each turn's
/// account an event at a time, then the charts' tables, the final state and the outcome. It
/// keeps nothing of what it wrote but the phase of the turn being written.
pub struct Markdown<W: Write> {
    out: W,
    /// The strength chart's file name beside the report, if one is written.
    chart: Option<String>,
    /// The phase whose heading was written last in the turn being written.
    phase: String,
}

impl<W: Write> Markdown<W> {
    pub fn new(out: W, chart: Option<&str>) -> Self {
        Markdown {
            out,
            chart: chart.map(str::to_string),
            phase: String::new(),
        }
    }

    /// The output, once everything is written.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl<W: Write> super::Writer for Markdown<W> {
    fn head(&mut self, report: &Report) -> io::Result<()> {
        let out = &mut self.out;
        let e = escape;
        writeln!(out, "# {}\n", e(&report.title))?;
        if let Some(result) = &report.result {
            writeln!(out, "**Result, in the umpire's words:** {}\n", e(result))?;
        }
        writeln!(out, "*{}*\n", e(&report.viewer_words))?;
        if let Some(d) = &report.description {
            writeln!(out, "{}\n", e(d))?;
        }
        writeln!(
            out,
            "- **Rule set:** {} (`{}`)",
            e(&report.ruleset_title),
            report.ruleset
        )?;
        writeln!(
            out,
            "- **Started:** {}",
            report.started.format("%Y-%m-%d %H:%M UTC")
        )?;
        writeln!(
            out,
            "- **Duration:** {} (to the last entry, {})",
            report.duration(),
            report.last_entry.format("%Y-%m-%d %H:%M UTC")
        )?;
        let sides: Vec<String> = report
            .sides
            .iter()
            .map(|(id, name)| format!("{} (`{id}`)", e(name)))
            .collect();
        writeln!(out, "- **Sides:** {}", sides.join(" against "))?;
        if let Some(torn) = &report.torn {
            writeln!(out, "\n> **Note:** {}", e(torn))?;
        }
        if report.undone > 0 {
            writeln!(
                out,
                "\nLeft out: {} event(s) undone during play.",
                report.undone
            )?;
        }

        writeln!(out, "\n## House rules in force\n")?;
        writeln!(out, "| option | value | |\n|---|---|---|")?;
        for o in &report.options {
            writeln!(
                out,
                "| `{}` | {}{} | {} |",
                o.key,
                e(&o.value),
                if o.changed {
                    " (set by the scenario)"
                } else {
                    ""
                },
                e(&o.help)
            )?;
        }

        writeln!(out, "\n## Order of battle\n")?;
        for block in &report.order_of_battle {
            roster(out, block)?;
        }

        writeln!(out, "## The battle, turn by turn\n")
    }

    fn turn_start(&mut self, _report: &Report, turn: &TurnAccount) -> io::Result<()> {
        self.phase.clear();
        if turn.turn == 0 {
            writeln!(self.out, "### Before the first turn\n")
        } else {
            writeln!(self.out, "### Turn {}\n", turn.turn)
        }
    }

    fn item(&mut self, _report: &Report, item: &Item) -> io::Result<()> {
        let out = &mut self.out;
        let e = escape;
        if item.kind != ItemKind::Start && item.phase != self.phase {
            self.phase.clone_from(&item.phase);
            writeln!(out, "\n**{}**\n", e(&self.phase))?;
        }
        let when = item.at.format("%H:%M");
        let who = item
            .side
            .as_ref()
            .map(|s| format!(" *{}*:", e(s)))
            .unwrap_or_default();
        let tag = item
            .audience
            .as_ref()
            .map(|a| format!(" \\[{}\\]", e(a)))
            .unwrap_or_default();
        let lead = item.lead();
        writeln!(
            out,
            "- {when} (#{}){who}{tag} {lead}{}",
            item.seq,
            e(&item.summary)
        )?;
        for r in &item.resolutions {
            writeln!(out, "  - {}", e(r))?;
        }
        for n in &item.notes {
            writeln!(out, "  - {}", e(n.trim()))?;
        }
        Ok(())
    }

    fn turn_end(&mut self, report: &Report, turn: &TurnAccount) -> io::Result<()> {
        let e = escape;
        let lost: Vec<String> = report
            .sides
            .iter()
            .enumerate()
            .map(|(s, (_, name))| {
                format!(
                    "{} {}{}",
                    e(name),
                    report.losses_count(turn.losses[s]),
                    super::units_out(turn.units_lost[s], turn.units_left[s], &report.unit_words)
                )
            })
            .collect();
        if turn.turn > 0 {
            writeln!(self.out, "\nLosses: {}.\n", lost.join("; "))
        } else {
            writeln!(self.out)
        }
    }

    fn tail(&mut self, report: &Report) -> io::Result<()> {
        let out = &mut self.out;
        let e = escape;
        writeln!(out, "## Strength and losses\n")?;
        if let Some(file) = &self.chart {
            writeln!(out, "![Each side's strength over the turns]({})\n", e(file))?;
        }
        let names: Vec<String> = report.sides.iter().map(|(_, n)| e(n)).collect();
        writeln!(
            out,
            "Strength ({}):\n\n| | {} |\n|---|{}",
            report.strength_measure,
            names.join(" | "),
            "---|".repeat(names.len())
        )?;
        for p in &report.strength {
            let values: Vec<String> = p.values.iter().map(ToString::to_string).collect();
            writeln!(out, "| {} | {} |", e(&p.label), values.join(" | "))?;
        }
        writeln!(
            out,
            "\nLosses per turn ({}):\n\n| turn | {} |\n|---|{}",
            report.losses_measure,
            names.join(" | "),
            "---|".repeat(names.len())
        )?;
        for t in report.turns.iter().filter(|t| t.turn > 0) {
            let values: Vec<String> = t.losses.iter().map(ToString::to_string).collect();
            writeln!(out, "| {} | {} |", t.turn, values.join(" | "))?;
        }

        writeln!(out, "\n## Final state\n")?;
        for block in &report.final_state {
            roster(out, block)?;
        }
        writeln!(out, "## Outcome\n")?;
        for line in &report.outcome {
            writeln!(out, "- {}", e(line))?;
        }
        Ok(())
    }
}

/// One side's roster as a nested list.
fn roster(out: &mut impl Write, block: &SideBlock) -> io::Result<()> {
    let e = escape;
    writeln!(out, "### {} (`{}`)\n", e(&block.name), block.id)?;
    for line in &block.lines {
        match line {
            RosterLine::Formation {
                depth,
                id,
                name,
                level,
                joined,
            } => {
                let level = level
                    .as_ref()
                    .map(|l| format!(", {}", e(l)))
                    .unwrap_or_default();
                let joined = joined
                    .map(|t| format!(" · joined turn {t}"))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "{}- **{}** (`{id}`{level}){joined}",
                    "  ".repeat(*depth),
                    e(name)
                )?;
            }
            RosterLine::Unit {
                depth,
                id,
                name,
                kind,
                strength,
                pips,
                marks,
                out: gone,
            } => {
                let mut text = format!("{}- `{id}` {} — {}", "  ".repeat(*depth), e(name), e(kind));
                if !strength.is_empty() {
                    let _ = write!(text, ", {} {pips}", e(strength));
                }
                if !marks.is_empty() {
                    let _ = write!(text, " · {}", e(&marks.join(" ")));
                }
                if let Some(why) = gone {
                    let _ = write!(text, " · **off the table:** {}", e(why));
                }
                writeln!(out, "{text}")?;
            }
            RosterLine::Stand { depth, number } => {
                writeln!(
                    out,
                    "{}- Concealment stand {number} (its contents unseen)",
                    "  ".repeat(*depth)
                )?;
            }
        }
    }
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn control_bidi_and_invisible_characters_are_written_as_their_code() {
        let e = escape("a\u{1b}]0;title\u{7}b\u{1b}[2J\u{202e}c\u{200b}d");
        assert_eq!(
            e,
            "a\\u{1b}\\]0;title\\u{7}b\\u{1b}\\[2J\\u{202e}c\\u{200b}d"
        );
        assert!(!e.chars().any(umpire_forbidden), "{e:?}");
    }

    fn umpire_forbidden(c: char) -> bool {
        crate::text::is_forbidden(c)
    }

    #[test]
    fn nothing_from_a_name_forms_markup() {
        assert_eq!(
            escape("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(
            escape("[x](javascript:alert(1))"),
            "\\[x\\](javascript:alert(1))"
        );
        assert_eq!(escape("![i](http://x/y.png)"), "!\\[i\\](http://x/y.png)");
        assert_eq!(escape("a|b"), "a\\|b");
        assert_eq!(
            escape("*bold* _it_ `code` ~~s~~"),
            "\\*bold\\* \\_it\\_ \\`code\\` \\~\\~s\\~\\~"
        );
        assert_eq!(escape("# heading"), "\\# heading");
        assert_eq!(escape("- item"), "\\- item");
        assert_eq!(escape("+ item"), "\\+ item");
        assert_eq!(escape("= rule"), "\\= rule");
        assert_eq!(escape("1. item"), "1\\. item");
        assert_eq!(escape("12) item"), "12\\) item");
        assert_eq!(escape("a\nb\r\tc"), "a b  c");
        assert_eq!(escape("back\\slash &amp;"), "back\\\\slash &amp;amp;");
    }

    #[test]
    fn ordinary_text_reads_as_written() {
        assert_eq!(
            escape("fr-gun fires at au-l3: 3 moves."),
            "fr-gun fires at au-l3: 3 moves."
        );
        assert_eq!(
            escape("18e régiment d'infanterie (fr-l2)"),
            "18e régiment d'infanterie (fr-l2)"
        );
    }
}
