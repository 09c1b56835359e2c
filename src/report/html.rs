//! The report as one self-contained HTML page: everything the Markdown report holds, in the same
//! order and words, with both charts inline as SVG and a stylesheet for screen and print. The page
//! loads nothing from anywhere (no scripts, no fonts, no images from files) and prints cleanly:
//! black on white, each part of the report from a new page, no item or chart split between pages.
//! Each turn's account is its own section, which a browser lays out only as it comes near the
//! window, so that a long battle's page opens fast.
//!
//! Every name, note and line that came from a scenario or the umpire is escaped ([`escape`]),
//! in text and in attributes alike: nothing in it can open a tag, an entity or an attribute.

use super::{Item, ItemKind, Report, RosterLine, SideBlock, TurnAccount, chart};
use std::io::{self, Write};

/// Text made inert for HTML, in text and in quoted attributes: `&`, `<`, `>`, `"` and `'` become
/// character references; control, bidirectional and invisible characters (but line breaks and
/// tabs) are written as their code (`\u{1b}`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control, bidirectional and invisible characters are written as their code, as a
            // terminal is shown them.
            '\n' | '\t' => out.push(c),
            c if crate::text::is_forbidden(c) => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    out
}

/// The page's stylesheet: a readable column on screen; on paper black on white, no backgrounds,
/// each part of the report from a new page, no item, table row or chart split. On screen each
/// turn's section is laid out only as it comes near the window (`content-visibility: auto`, its
/// height guessed until it has been drawn once): the account of a long battle is most of the
/// page, and a browser opens the page without laying all of it out first. On paper every
/// section is laid out.
const STYLE: &str = r#"
:root { color-scheme: light; }
body { font-family: Georgia, "Times New Roman", serif; line-height: 1.45; color: #1b1b1b;
  background: #fdfcf8; max-width: 60rem; margin: 0 auto; padding: 1.5rem 2rem 4rem; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
h2 { font-size: 1.5rem; margin-top: 2.5rem; border-bottom: 2px solid #1b1b1b; }
h3 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
h4 { font-size: 1rem; margin: 1rem 0 .25rem; font-variant: small-caps; letter-spacing: .03em; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .85em; }
.viewer { font-style: italic; margin: 0 0 1rem; color: #444; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 1rem 0; }
.facts dt { font-weight: bold; }
.facts dd { margin: 0; }
.torn { border-left: 4px solid #b22222; padding: .25rem .75rem; background: #fbeaea; }
nav ol { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; padding: 0; list-style: none; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #bbb; padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: #eee; }
caption { text-align: left; font-weight: bold; padding: .25rem 0; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.options td:last-child { font-size: .9em; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: 0 2rem; }
ul.roster, ul.roster ul { list-style: none; padding-left: 0; margin: 0; }
ul.roster li { padding-left: 1.5rem; text-indent: -1.5rem; }
.formation > .name { font-weight: bold; }
.pips { letter-spacing: .1em; }
.marks { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .85em; }
.gone { color: #777; }
.stand { font-style: italic; }
section.turn { border-top: 1px solid #ccc; content-visibility: auto;
  contain-intrinsic-size: auto 40rem; }
ul.items { list-style: none; padding-left: 0; margin: 0; }
li.item { margin: .2rem 0; padding-left: 5.5rem; text-indent: -5.5rem; }
li.item ul { text-indent: 0; margin: .1rem 0 .3rem; padding-left: 1.25rem; font-size: .92em; }
.when, .seq { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .8em;
  color: #555; }
.phase-change { color: #555; }
.note-item { font-style: italic; }
.audience { font-size: .8em; border: 1px solid #999; border-radius: 3px; padding: 0 .25rem; }
.side-0 { color: #1f4e9c; } .side-1 { color: #b22222; } .side-2 { color: #2e7d32; }
.side-3 { color: #6a1b9a; } .side-4 { color: #c45a00; } .side-5 { color: #37474f; }
.side { font-weight: bold; }
.losses { font-weight: bold; }
figure.chart { margin: 1rem 0; }
figure.chart svg { width: 100%; max-width: 720px; height: auto; display: block;
  border: 1px solid #ddd; }
figcaption { font-size: .9em; color: #444; }
.outcome li { margin: .2rem 0; }
@media print {
  @page { margin: 15mm; }
  body { background: none; color: #000; max-width: none; padding: 0; font-size: 10.5pt; }
  *, .viewer, .when, .seq, .phase-change, .gone, figcaption, .side, [class^="side-"] {
    color: #000 !important; background: none !important; }
  nav { display: none; }
  a { color: #000; text-decoration: none; }
  th { font-weight: bold; }
  .torn { border-left: 2pt solid #000; }
  section.turn { content-visibility: visible; contain-intrinsic-size: none; }
  #order-of-battle, #account, #charts, #final-state { break-before: page; }
  h2, h3, h4 { break-after: avoid; }
  li.item, tr, figure.chart, .outcome li, ul.roster li.unit { break-inside: avoid; }
  figure.chart svg { border: none; max-width: 100%; }
}
"#;

/// The whole page.
pub fn render(report: &Report) -> String {
    let mut writer = Html::new(Vec::new());
    // Writing into memory cannot fail.
    let _ = super::write_parts(report, &mut writer);
    String::from_utf8_lossy(&writer.into_inner()).into_owned()
}

/// The report written as one HTML page as its parts come ([`super::Writer`]): the head, each
/// turn's section an event at a time, then the charts, the final state and the outcome. It keeps
/// nothing of what it wrote but where it stands in the turn being written.
pub struct Html<W: Write> {
    out: W,
    /// The phase whose heading was written last in the turn being written.
    phase: Option<String>,
    /// A list of events is open in the turn being written.
    list_open: bool,
}

impl<W: Write> Html<W> {
    pub fn new(out: W) -> Self {
        Html {
            out,
            phase: None,
            list_open: false,
        }
    }

    /// The output, once everything is written.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl<W: Write> super::Writer for Html<W> {
    fn head(&mut self, report: &Report) -> io::Result<()> {
        let out = &mut self.out;
        let e = escape;
        writeln!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"umpire\">\n<title>{} — battle report</title>\n<style>{STYLE}</style>\n</head>\n<body>",
            e(&report.title)
        )?;

        writeln!(out, "<header>\n<h1>{}</h1>", e(&report.title))?;
        if let Some(result) = &report.result {
            writeln!(
                out,
                "<p class=\"result\"><strong>Result, in the umpire's words:</strong> {}</p>",
                e(result)
            )?;
        }
        writeln!(out, "<p class=\"viewer\">{}</p>", e(&report.viewer_words))?;
        if let Some(d) = &report.description {
            writeln!(out, "<p class=\"description\">{}</p>", e(d))?;
        }
        writeln!(out, "<dl class=\"facts\">")?;
        writeln!(
            out,
            "<dt>Rule set</dt><dd>{} (<code>{}</code>)</dd>",
            e(&report.ruleset_title),
            e(&report.ruleset)
        )?;
        writeln!(
            out,
            "<dt>Started</dt><dd>{}</dd>",
            time(report.started, "%Y-%m-%d %H:%M UTC")
        )?;
        writeln!(
            out,
            "<dt>Duration</dt><dd>{} (to the last entry, {})</dd>",
            e(&report.duration()),
            time(report.last_entry, "%Y-%m-%d %H:%M UTC")
        )?;
        let sides: Vec<String> = report
            .sides
            .iter()
            .enumerate()
            .map(|(s, (id, name))| {
                format!(
                    "<span class=\"side side-{}\">{}</span> (<code>{}</code>)",
                    s % 6,
                    e(name),
                    e(id)
                )
            })
            .collect();
        writeln!(
            out,
            "<dt>Sides</dt><dd>{}</dd>\n</dl>",
            sides.join(" against ")
        )?;
        if let Some(torn) = &report.torn {
            writeln!(
                out,
                "<p class=\"torn\"><strong>Note:</strong> {}</p>",
                e(torn)
            )?;
        }
        if report.undone > 0 {
            writeln!(
                out,
                "<p class=\"left-out\">Left out: {} event(s) undone during play.</p>",
                report.undone
            )?;
        }
        writeln!(out, "</header>")?;
        writeln!(
            out,
            "<nav aria-label=\"Contents\"><ol>\n<li><a href=\"#house-rules\">House rules</a></li>\n<li><a href=\"#order-of-battle\">Order of battle</a></li>\n<li><a href=\"#account\">Turn by turn</a></li>\n<li><a href=\"#charts\">Strength and losses</a></li>\n<li><a href=\"#final-state\">Final state</a></li>\n<li><a href=\"#outcome\">Outcome</a></li>\n</ol></nav>"
        )?;

        writeln!(
            out,
            "<section id=\"house-rules\">\n<h2>House rules in force</h2>\n<table class=\"options\">\n<thead><tr><th scope=\"col\">option</th><th scope=\"col\">value</th><th scope=\"col\">what it does</th></tr></thead>\n<tbody>"
        )?;
        for o in &report.options {
            writeln!(
                out,
                "<tr><td><code>{}</code></td><td>{}{}</td><td>{}</td></tr>",
                e(&o.key),
                e(&o.value),
                if o.changed {
                    " <em>(set by the scenario)</em>"
                } else {
                    ""
                },
                e(&o.help)
            )?;
        }
        writeln!(out, "</tbody>\n</table>\n</section>")?;

        writeln!(
            out,
            "<section id=\"order-of-battle\">\n<h2>Order of battle</h2>\n<div class=\"sides\">"
        )?;
        for (s, block) in report.order_of_battle.iter().enumerate() {
            roster(out, block, s)?;
        }
        writeln!(out, "</div>\n</section>")?;

        writeln!(
            out,
            "<section id=\"account\">\n<h2>The battle, turn by turn</h2>"
        )
    }

    fn turn_start(&mut self, _report: &Report, turn: &TurnAccount) -> io::Result<()> {
        self.phase = None;
        self.list_open = false;
        if turn.turn == 0 {
            writeln!(
                self.out,
                "<section class=\"turn\" id=\"turn-0\">\n<h3>Before the first turn</h3>"
            )
        } else {
            writeln!(
                self.out,
                "<section class=\"turn\" id=\"turn-{0}\">\n<h3>Turn {0}</h3>",
                turn.turn
            )
        }
    }

    fn item(&mut self, report: &Report, item: &Item) -> io::Result<()> {
        let e = escape;
        let new_phase =
            item.kind != ItemKind::Start && self.phase.as_deref() != Some(item.phase.as_str());
        if new_phase || !self.list_open {
            if self.list_open {
                writeln!(self.out, "</ul>")?;
            }
            if new_phase {
                self.phase = Some(item.phase.clone());
                writeln!(self.out, "<h4>{}</h4>", e(&item.phase))?;
            }
            writeln!(self.out, "<ul class=\"items\">")?;
            self.list_open = true;
        }
        item_line(&mut self.out, report, item)
    }

    fn turn_end(&mut self, report: &Report, turn: &TurnAccount) -> io::Result<()> {
        let e = escape;
        if self.list_open {
            writeln!(self.out, "</ul>")?;
            self.list_open = false;
        }
        if turn.turn > 0 {
            let lost: Vec<String> = report
                .sides
                .iter()
                .enumerate()
                .map(|(s, (_, name))| {
                    format!(
                        "<span class=\"side side-{}\">{}</span> {}{}",
                        s % 6,
                        e(name),
                        e(&report.losses_count(turn.losses[s])),
                        super::units_out(
                            turn.units_lost[s],
                            turn.units_left[s],
                            &report.unit_words
                        )
                    )
                })
                .collect();
            writeln!(
                self.out,
                "<p class=\"losses\">Losses: {}.</p>",
                lost.join("; ")
            )?;
        }
        writeln!(self.out, "</section>")
    }

    fn tail(&mut self, report: &Report) -> io::Result<()> {
        let out = &mut self.out;
        let e = escape;
        writeln!(out, "</section>")?;

        charts(out, report)?;

        writeln!(
            out,
            "<section id=\"final-state\">\n<h2>Final state</h2>\n<div class=\"sides\">"
        )?;
        for (s, block) in report.final_state.iter().enumerate() {
            roster(out, block, s)?;
        }
        writeln!(out, "</div>\n</section>")?;

        writeln!(
            out,
            "<section id=\"outcome\">\n<h2>Outcome</h2>\n<ul class=\"outcome\">"
        )?;
        for line in &report.outcome {
            writeln!(out, "<li>{}</li>", e(line))?;
        }
        writeln!(out, "</ul>\n</section>\n</body>\n</html>")
    }
}

/// A moment as a `<time>` element, shown in `format`.
fn time(at: chrono::DateTime<chrono::Utc>, format: &str) -> String {
    format!(
        "<time datetime=\"{}\">{}</time>",
        at.format("%Y-%m-%dT%H:%M:%SZ"),
        at.format(format)
    )
}

/// The side's place in the roster (for its colour), from its name.
fn side_class(report: &Report, name: &str) -> String {
    report
        .sides
        .iter()
        .position(|(_, n)| n == name)
        .map(|s| format!(" side-{}", s % 6))
        .unwrap_or_default()
}

/// One event: time, number, side, audience and summary on one line; its resolutions and notes
/// in a list under it.
fn item_line(out: &mut impl Write, report: &Report, item: &Item) -> io::Result<()> {
    let e = escape;
    let class = match item.kind {
        ItemKind::Start => "start",
        ItemKind::Act => "act",
        ItemKind::Phase => "phase-change",
        ItemKind::Edit => "edit",
        ItemKind::Note => "note-item",
    };
    let who = item
        .side
        .as_ref()
        .map(|s| {
            format!(
                " <span class=\"side{}\">{}</span>:",
                side_class(report, s),
                e(s)
            )
        })
        .unwrap_or_default();
    let tag = item
        .audience
        .as_ref()
        .map(|a| format!(" <span class=\"audience\">{}</span>", e(a)))
        .unwrap_or_default();
    let lead = item.lead();
    write!(
        out,
        "<li class=\"item {class}\" id=\"event-{seq}\"><span class=\"when\">{when}</span> <span class=\"seq\">#{seq}</span>{who}{tag} {lead}{summary}",
        seq = item.seq,
        when = time(item.at, "%H:%M"),
        summary = e(&item.summary)
    )?;
    if !item.resolutions.is_empty() || !item.notes.is_empty() {
        write!(out, "\n<ul>")?;
        for r in &item.resolutions {
            write!(out, "\n<li class=\"resolution\">{}</li>", e(r))?;
        }
        for n in &item.notes {
            write!(out, "\n<li class=\"note\">{}</li>", e(n.trim()))?;
        }
        write!(out, "\n</ul>")?;
    }
    writeln!(out, "</li>")
}

/// The two charts, then the numbers behind them as tables.
fn charts(out: &mut impl Write, report: &Report) -> io::Result<()> {
    let e = escape;
    writeln!(out, "<section id=\"charts\">\n<h2>Strength and losses</h2>")?;
    writeln!(
        out,
        "<figure class=\"chart\" id=\"strength-chart\">\n{}<figcaption>Each side's strength ({}) at the start and at the end of each turn.</figcaption>\n</figure>",
        chart::strength_svg(report),
        e(&report.strength_measure)
    )?;
    writeln!(
        out,
        "<figure class=\"chart\" id=\"losses-chart\">\n{}<figcaption>Each side's losses ({}) in each turn.</figcaption>\n</figure>",
        chart::losses_svg(report),
        e(&report.losses_measure)
    )?;
    let head: String = report
        .sides
        .iter()
        .enumerate()
        .map(|(s, (_, n))| format!("<th scope=\"col\" class=\"side-{}\">{}</th>", s % 6, e(n)))
        .collect();
    writeln!(
        out,
        "<table class=\"strength\">\n<caption>Strength ({})</caption>\n<thead><tr><th scope=\"col\"></th>{head}</tr></thead>\n<tbody>",
        e(&report.strength_measure)
    )?;
    for p in &report.strength {
        let values: String = p
            .values
            .iter()
            .map(|v| format!("<td class=\"n\">{v}</td>"))
            .collect();
        writeln!(
            out,
            "<tr><th scope=\"row\">{}</th>{values}</tr>",
            e(&p.label)
        )?;
    }
    writeln!(out, "</tbody>\n</table>")?;
    writeln!(
        out,
        "<table class=\"losses-table\">\n<caption>Losses per turn ({})</caption>\n<thead><tr><th scope=\"col\">turn</th>{head}</tr></thead>\n<tbody>",
        e(&report.losses_measure)
    )?;
    for t in report.turns.iter().filter(|t| t.turn > 0) {
        let values: String = t
            .losses
            .iter()
            .map(|v| format!("<td class=\"n\">{v}</td>"))
            .collect();
        writeln!(out, "<tr><th scope=\"row\">{}</th>{values}</tr>", t.turn)?;
    }
    writeln!(out, "</tbody>\n</table>\n</section>")
}

/// One side's roster as nested lists: formations hold their units and their subformations.
fn roster(out: &mut impl Write, block: &SideBlock, side: usize) -> io::Result<()> {
    let e = escape;
    writeln!(
        out,
        "<div class=\"side-block\">\n<h3><span class=\"side side-{}\">{}</span> (<code>{}</code>)</h3>",
        side % 6,
        e(&block.name),
        e(&block.id)
    )?;
    if block.lines.is_empty() {
        writeln!(out, "<p>Nothing of it seen.</p>\n</div>")?;
        return Ok(());
    }
    write!(out, "<ul class=\"roster\">")?;
    // `depth` is the depth of the `<li>` last opened (and still open).
    let mut depth = 0;
    let mut first = true;
    for line in &block.lines {
        let d = match line {
            RosterLine::Formation { depth, .. }
            | RosterLine::Unit { depth, .. }
            | RosterLine::Stand { depth, .. } => *depth,
        };
        if first {
            first = false;
        } else if d > depth {
            // One level down at a time: a line is never deeper than its parent's next level.
            write!(out, "\n<ul>")?;
            depth += 1;
        } else {
            write!(out, "</li>")?;
            while depth > d {
                write!(out, "\n</ul></li>")?;
                depth -= 1;
            }
        }
        out.write_all(b"\n")?;
        match line {
            RosterLine::Formation {
                id,
                name,
                level,
                joined,
                ..
            } => {
                let level = level
                    .as_ref()
                    .map(|l| format!(", {}", e(l)))
                    .unwrap_or_default();
                write!(
                    out,
                    "<li class=\"formation\"><span class=\"name\">{}</span> (<code>{}</code>{level})",
                    e(name),
                    e(id)
                )?;
                if let Some(turn) = joined {
                    write!(out, " · <span class=\"marks\">joined turn {turn}</span>")?;
                }
            }
            RosterLine::Unit {
                id,
                name,
                kind,
                strength,
                pips,
                marks,
                out: gone,
                ..
            } => {
                write!(
                    out,
                    "<li class=\"unit{}\"><code>{}</code> {} — {}",
                    if gone.is_some() { " gone" } else { "" },
                    e(id),
                    e(name),
                    e(kind)
                )?;
                if !strength.is_empty() {
                    write!(
                        out,
                        ", {} <span class=\"pips\">{}</span>",
                        e(strength),
                        e(pips)
                    )?;
                }
                if !marks.is_empty() {
                    write!(
                        out,
                        " · <span class=\"marks\">{}</span>",
                        e(&marks.join(" "))
                    )?;
                }
                if let Some(why) = gone {
                    write!(out, " · <strong>off the table:</strong> {}", e(why))?;
                }
            }
            RosterLine::Stand { number, .. } => {
                write!(
                    out,
                    "<li class=\"stand\">Concealment stand {number} (its contents unseen)"
                )?;
            }
        }
    }
    write!(out, "</li>")?;
    while depth > 0 {
        write!(out, "\n</ul></li>")?;
        depth -= 1;
    }
    writeln!(out, "\n</ul>\n</div>")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bidi_and_invisible_characters_are_written_as_their_code() {
        let e = escape("a\u{1b}]0;title\u{7}b\u{202e}c\nd");
        assert_eq!(e, "a\\u{1b}]0;title\\u{7}b\\u{202e}c\nd");
    }

    #[test]
    fn escape_makes_every_special_character_a_reference() {
        assert_eq!(
            escape(r#"<script>alert("x" & 'y')</script>"#),
            "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;"
        );
        assert_eq!(escape("a\" onload=\"x"), "a&quot; onload=&quot;x");
        assert_eq!(escape("&amp;"), "&amp;amp;");
        assert_eq!(escape("Mühlberg — 18e régiment"), "Mühlberg — 18e régiment");
        assert_eq!(escape(""), "");
    }

    fn unit(depth: usize, id: &str) -> RosterLine {
        RosterLine::Unit {
            depth,
            id: id.into(),
            name: format!("{id} name"),
            kind: "line".into(),
            strength: "figures 4/4".into(),
            pips: "●●●●".into(),
            marks: vec![],
            out: None,
        }
    }

    fn formation(depth: usize, id: &str) -> RosterLine {
        RosterLine::Formation {
            depth,
            id: id.into(),
            name: format!("{id} name"),
            level: None,
            joined: None,
        }
    }

    #[test]
    fn rosters_nest_and_every_list_closes() {
        let block = SideBlock {
            id: "a".into(),
            name: "A".into(),
            lines: vec![
                unit(0, "hq"),
                formation(0, "bde"),
                unit(1, "u1"),
                formation(1, "rgt"),
                unit(2, "u2"),
                RosterLine::Stand {
                    depth: 2,
                    number: 3,
                },
                formation(0, "cav"),
                unit(1, "u3"),
            ],
        };
        let mut bytes = Vec::new();
        roster(&mut bytes, &block, 0).unwrap();
        let out = String::from_utf8(bytes).unwrap();
        for tag in ["ul", "li", "div"] {
            assert_eq!(
                out.matches(&format!("<{tag}")).count(),
                out.matches(&format!("</{tag}>")).count(),
                "<{tag}> balanced in\n{out}"
            );
        }
        assert!(out.contains("Concealment stand 3 (its contents unseen)"));
        // u2 sits two lists deep inside bde's list item.
        let bde = out.find("bde name").unwrap();
        let u2 = out.find("u2 name").unwrap();
        let cav = out.find("cav name").unwrap();
        let between = &out[bde..u2];
        assert_eq!(between.matches("<ul>").count(), 2, "{out}");
        assert_eq!(out[u2..cav].matches("</ul>").count(), 2, "{out}");
    }
}
